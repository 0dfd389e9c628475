#include "arm_stats.h"

#include "base/model/frame.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace hetsched {

void ArmStats::reset(std::size_t arms) {
  m_arms.assign(arms, {});
  m_starts.clear();
}

void ArmStats::onStarted(std::size_t arm, std::int64_t nowMs, std::int64_t waitMs) {
  if (arm < m_arms.size()) m_starts.push_back({nowMs, waitMs, arm});
}

void ArmStats::fill(std::int64_t nowMs, std::vector<ArmSummary>& out) {
  const auto windowMs = static_cast<std::int64_t>(kWindowS * 1000.0);
  while (!m_starts.empty() && m_starts.front().atMs <= nowMs - windowMs) m_starts.pop_front();
  out.resize(m_arms.size());
  std::vector<double> waitSum(m_arms.size(), 0.0);
  for (ArmSummary& a : out) a.startedInWindow = 0;
  for (const Start& s : m_starts) {
    ++out[s.arm].startedInWindow;
    waitSum[s.arm] += static_cast<double>(s.waitMs) / 1000.0;
  }
  for (std::size_t i = 0; i < m_arms.size(); ++i) {
    out[i].arrivals = m_arms[i].arrivals;
    out[i].completed = m_arms[i].completed;
    out[i].preemptions = m_arms[i].preemptions;
    out[i].migrations = m_arms[i].migrations;
    out[i].windowS = kWindowS;
    out[i].meanWaitS = out[i].startedInWindow > 0 ? waitSum[i] / out[i].startedInWindow : 0.0;
  }
}

}  // namespace hetsched
