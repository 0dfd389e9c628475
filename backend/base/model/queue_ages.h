#pragma once

#include "job.h"

#include <array>

namespace hetsched {

// How long the longest-waiting job of each priority class has waited, in
// cluster seconds, for the gateway's job_wait alerts. Sources that do not
// know their queue leave `known` false.
struct QueueAges {
  bool known = false;
  std::array<double, kPriorityClassCount> longestWaitS{};
};

}  // namespace hetsched
