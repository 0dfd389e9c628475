#pragma once

#include "engine/core/core_job.h"

namespace hetsched {

// One job of a what-if run: the core's job description (arrival, true
// runtime, allowed models, hashing key, profile, pinned node).
using SimJob = CoreJob;

}  // namespace hetsched
