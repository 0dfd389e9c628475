#include "simulated_cluster.h"

#include <algorithm>
#include <array>

// The policy side of the simulated cluster: which arm a new job joins and
// how each arm's waiting jobs are started.
namespace hetsched {

namespace {

// SplitMix64's finaliser: consecutive ids spread evenly over the buckets.
std::uint64_t mix(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

}  // namespace

std::size_t SimulatedCluster::armFor(JobId id, std::uint32_t canaryPercent) {
  return mix(id) % 100 < canaryPercent ? 1 : 0;
}

std::optional<FieldError> SimulatedCluster::setPolicies(const LivePolicies& policies) {
  if (policies.canaryPercent > 100) return FieldError{"canary_percent", "must be <= 100"};
  std::vector<std::unique_ptr<PolicyArm>> arms;
  arms.push_back(std::make_unique<PolicyArm>(m_topology, m_capacity, policies.active, policies.activeVersion));
  if (policies.candidate)
    arms.push_back(std::make_unique<PolicyArm>(m_topology, m_capacity, *policies.candidate, policies.candidateVersion));
  m_arms = std::move(arms);
  ++m_policyGeneration;
  m_canaryPercent = policies.candidate ? policies.canaryPercent : 0;
  // Everything already here belongs to the active arm: the canary only
  // takes new arrivals, so the arms start their counts together.
  for (auto& [id, a] : m_active) a.arm = 0;
  m_armStats.reset(m_arms.size());
  return std::nullopt;
}

void SimulatedCluster::schedule() {
  // Each arm orders its own waiting jobs per device kind; a kind's scan
  // stops once more than backfill_depth jobs are blocked (0: strict head of
  // line). The arms take turns so that neither starves the other of capacity.
  struct Waiting {
    PolicyArm::QueueKey key;
    JobId id;
  };
  std::vector<std::array<std::vector<Waiting>, kDeviceKindCount>> lists(m_arms.size());
  for (const JobId id : m_queue) {
    const Active& a = m_active.at(id);
    const PolicyArm& arm = *m_arms[a.arm];
    const DeviceKind kind = arm.routing().route(a.job.spec.kind);
    lists[a.arm][index(kind)].push_back(
        {arm.queueKey(a.job.spec, a.runtimeS, a.job.submitTimeMs, id, m_nowMs), id});
  }
  for (auto& perKind : lists)
    for (auto& list : perKind) std::ranges::sort(list, {}, &Waiting::key);
  for (std::size_t k = 0; k < kDeviceKindCount; ++k) {
    std::vector<std::size_t> next(m_arms.size(), 0), blocked(m_arms.size(), 0);
    std::vector<bool> done(m_arms.size(), false);
    for (bool any = true; any;) {
      any = false;
      for (std::size_t armIndex = 0; armIndex < m_arms.size(); ++armIndex) {
        auto& list = lists[armIndex][k];
        if (done[armIndex] || next[armIndex] >= list.size()) continue;
        any = true;
        PolicyArm& arm = *m_arms[armIndex];
        Active& a = m_active.at(list[next[armIndex]++].id);
        if (auto p = arm.place(m_capacity, m_index, a.job.spec, a.job.spec.name)) {
          m_queue.erase(a.job.id);
          start(a, std::move(*p));
        } else if (++blocked[armIndex] > arm.policy().backfillDepth) {
          done[armIndex] = true;
        }
      }
    }
  }
}

}  // namespace hetsched
