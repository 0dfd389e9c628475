#include "agent_cluster.h"

#include "base/model/wall_clock.h"
#include "engine/sched/job_validation.h"
#include "node_report.h"
#include "observed_cluster.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>

namespace hetsched {

AgentCluster::AgentCluster(std::uint32_t agentPeriodMs, std::string clusterName, std::function<Clock::time_point()> now)
    : ObservedCluster(std::move(clusterName), "agents", agentPeriodMs), m_now(std::move(now)), m_period(agentPeriodMs) {
  // The empty frame before any agent reports starts the clock: assembled at
  // 0, frames counted time from 1970 (the console showed 498940 hours).
  m_table.assemble(wallNowMs());
}

std::optional<FieldError> AgentCluster::report(const NodeReport& report) {
  if (auto e = validateNodeReport(report)) return e;
  m_lastSeen[report.nodeId] = m_now();
  m_table.put(report);
  return std::nullopt;
}

void AgentCluster::step() {
  const auto now = m_now();
  for (const auto& [node, seen] : m_lastSeen) m_table.setUp(node, now - seen <= kMissedReports * m_period);
  m_table.assemble(wallNowMs());
}

}  // namespace hetsched
