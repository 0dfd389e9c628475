#pragma once

#include "base/model/frame.h"
#include "policy_service.pb.h"

#include <QString>

#include <cstdint>
#include <vector>

namespace hetsched {

// How far a canary has come towards promotion: wall time since the push
// and jobs its arm started, against the bounds it needs (either is enough).
struct CanaryProgress {
  double ranS = 0.0;
  std::uint64_t starts = 0;
  double minS = 0.0;
  std::uint32_t minStarts = 0;
  bool met() const { return ranS >= minS || starts >= minStarts; }
};

// Used when the candidate policy's canary rule leaves a bound at 0.
constexpr double kDefaultCanaryMinS = 600.0;
constexpr std::uint32_t kDefaultCanaryMinStarts = 50;

// The candidate's progress from the gateway's state, the latest frame's
// arms (arm 1 is the canary: its running and completed jobs are the ones it
// started) and the time now in Unix milliseconds.
CanaryProgress canaryProgress(const v1::GetPolicyResponse& state, const std::vector<ArmSummary>& arms,
                              std::int64_t nowMs);
// "ran 3 min 20 s of 10 min, started 12 of 50 jobs".
QString canaryProgressText(const CanaryProgress& progress);
// Both arms side by side (rich text): version, policy, arrivals, running,
// queued, completed, mean wait over the recent window.
QString armComparisonHtml(const std::vector<ArmSummary>& arms);

}  // namespace hetsched
