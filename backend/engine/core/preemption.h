#pragma once

#include "base/model/job.h"

namespace hetsched {

// The seed's ShouldPreempt (§2.4): a strictly higher-priority arrival may
// take the place of a running job that can be interrupted. PriorityClass
// counts down (High = 0), so "higher" is "smaller".
constexpr bool shouldPreempt(PriorityClass running, bool runningInterruptible, PriorityClass arriving) {
  return static_cast<int>(arriving) < static_cast<int>(running) && runningInterruptible;
}

}  // namespace hetsched
