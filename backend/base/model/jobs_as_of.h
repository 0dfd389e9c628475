#pragma once

#include "job.h"

#include <cstdint>
#include <span>
#include <vector>

namespace hetsched {

// The jobs as a console would have listed them at cluster time `simTimeMs`,
// reconstructed from a later list (a snapshot's): jobs not yet submitted are
// left out, jobs that had not started are queued, jobs that had not ended
// are running. A replay shows the queue of its frame, not the one at the cut.
std::vector<Job> jobsAsOf(std::span<const Job> jobs, std::int64_t simTimeMs);

}  // namespace hetsched
