#pragma once

#include "base/model/job.h"
#include "base/model/job_prediction.h"
#include "engine/core/wait_facts.h"

namespace hetsched {

// The core's facts about a waiting job as the reason a front end shows:
// the first cause that applies (never fits, quota, nodes down, no room,
// queue order), with the counts behind it. `submitted` is the class the job
// was submitted with, to tell when aging raised it.
WaitReason waitReasonOf(const WaitFacts& facts, PriorityClass submitted);

}  // namespace hetsched
