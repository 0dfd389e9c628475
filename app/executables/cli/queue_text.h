#pragma once

#include "base/model/job_prediction.h"

#include <cstdint>
#include <string>

namespace hetsched::cli {

// The CLI's English wording of live predictions (the console translates
// its own): "GPU short on 20 of 20 GPU nodes; 12 jobs ahead (3 by class)".
std::string reasonText(const WaitReason& reason);
// Cluster time as H:MM:SS.
std::string clusterClock(std::int64_t ms);
// "0:41:03 (in 12m)", or "not foreseen" when the forecast found no start.
std::string predictedStart(const JobPrediction& p, std::int64_t nowMs);

}  // namespace hetsched::cli
