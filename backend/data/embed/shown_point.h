#pragma once

#include "base/model/job.h"

#include <unordered_map>

namespace hetsched::embed {

// Where a job was on the job map shown before.
struct ShownPoint {
  float x = 0.0f;
  float y = 0.0f;
  bool laidOut = false;  // placed by a full layout, not added into one since
};
using ShownMap = std::unordered_map<JobId, ShownPoint>;

}  // namespace hetsched::embed
