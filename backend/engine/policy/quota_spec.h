#pragma once

#include "base/model/device_kind.h"

#include <array>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

namespace hetsched {

// A policy's per-team quotas (policy.proto's Quotas) as the scheduling core
// reads them: amounts in milli-units of each kind's primary resource (CPU
// milli-cores, GPU milli, TPU milli), as JobRequests and primaryNeed count.
struct TeamQuotaSpec {
  static constexpr std::uint64_t kUnlimited = std::numeric_limits<std::uint64_t>::max();
  std::string team;
  std::string cohort;  // empty: borrows nothing, lends nothing
  std::array<std::uint64_t, kDeviceKindCount> guaranteeMilli{kUnlimited, kUnlimited, kUnlimited};
  std::array<std::uint64_t, kDeviceKindCount> borrowLimitMilli{kUnlimited, kUnlimited, kUnlimited};
  bool operator==(const TeamQuotaSpec&) const = default;
};

struct QuotaSpec {
  std::vector<TeamQuotaSpec> teams;
  bool holdUnlisted = false;  // jobs of teams with no queue wait
  bool fairShare = false;     // dominant resource fairness across teams
  bool any() const { return !teams.empty() || holdUnlisted; }
  bool operator==(const QuotaSpec&) const = default;
};

}  // namespace hetsched
