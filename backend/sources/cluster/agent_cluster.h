#pragma once

#include "engine/sched/job_validation.h"
#include "node_report.h"
#include "observed_cluster.h"

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <unordered_map>

namespace hetsched {

// The cluster as node agents report it (hetschedd --source agents). A node
// appears with its first valid report; one that has not reported for
// kMissedReports agent periods is marked down, and up again when it reports.
class AgentCluster final : public ObservedCluster {
 public:
  using Clock = std::chrono::steady_clock;
  static constexpr int kMissedReports = 3;

  explicit AgentCluster(std::uint32_t agentPeriodMs, std::string clusterName = "agents",
                        std::function<Clock::time_point()> now = Clock::now);

  void step() override;
  bool takesReports() const override { return true; }
  std::optional<FieldError> report(const NodeReport& report) override;

 private:
  std::function<Clock::time_point()> m_now;
  std::chrono::milliseconds m_period;
  std::unordered_map<std::string, Clock::time_point> m_lastSeen;
};

}  // namespace hetsched
