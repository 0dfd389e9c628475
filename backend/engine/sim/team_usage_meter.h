#pragma once

#include "base/model/device_kind.h"
#include "engine/core/prefetch.h"
#include "engine/policy/quota_spec.h"
#include "sim_job.h"
#include "sim_result.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace hetsched {

// What each team's running jobs hold of each device kind over a run, as the
// quota ledger counts it (milli-units of the kind's primary resource), held
// against the active policy's guarantees: the time-averaged and peak usage
// and the device-hours held beyond the guarantee (borrowed from the cohort).
// Updated on every bind and release; O(1) each.
class TeamUsageMeter {
 public:
  // `jobs`: the run's jobs (their teams); `quotas`: the guarantees.
  TeamUsageMeter(std::span<const SimJob> jobs, const QuotaSpec& quotas);
  void setQuotas(const QuotaSpec& quotas);

  void add(std::size_t job, DeviceKind kind, double milli, double t) { change(job, kind, milli, t); }
  void sub(std::size_t job, DeviceKind kind, double milli, double t) { change(job, kind, -milli, t); }
  // Starts loading the job's team id, which sub() will read.
  void prefetch(std::size_t job) const {
    if (job < m_teamOf.size()) hetsched::prefetch(&m_teamOf[job]);
  }

  // Writes each team's usage into its entry of `teams` (matched by name),
  // averaged from the first arrival to the last bind or release.
  void fill(std::vector<TeamService>& teams) const;

 private:
  struct Kind {
    double usedMilli = 0.0;
    double lastS = 0.0;
    double milliSeconds = 0.0;
    double borrowedMilliSeconds = 0.0;
    double peakMilli = 0.0;
    double guaranteeMilli = -1.0;  // -1: not limited
  };
  struct Team {
    std::string name;
    std::array<Kind, kDeviceKindCount> kinds{};
  };
  void change(std::size_t job, DeviceKind kind, double milli, double t);

  std::vector<std::uint32_t> m_teamOf;  // per job
  std::vector<Team> m_teams;
  double m_startS = 0.0;
  double m_endS = 0.0;
};

}  // namespace hetsched
