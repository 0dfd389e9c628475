#pragma once

#include "hetsched.pb.h"
#include "base/model/job_prediction.h"

#include <string>
#include <variant>

namespace hetsched {

// Live predictions on the wire (GetPredictions). Reading checks every enum
// and names the first field out of range.
void toProto(const QueuePredictions& predictions, v1::GetPredictionsResponse* out);
std::variant<QueuePredictions, std::string> fromProto(const v1::GetPredictionsResponse& response);

}  // namespace hetsched
