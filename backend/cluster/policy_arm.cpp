#include "policy_arm.h"

#include "policy/job_queue.h"
#include "policy/scorer_registry.h"

namespace hetsched {

namespace {

// Asks the Placer whether the job fits a node and keeps that placement, so
// the chosen node is not fitted twice.
class LiveFit final : public FitOracle {
 public:
  LiveFit(const Placer& placer, const CapacityState& state, const JobSpec& spec)
      : m_placer(placer), m_state(state), m_spec(spec) {}
  bool fits(std::uint32_t node) override {
    if (!m_state.isUp(node)) return false;
    auto p = m_placer.fitOnNode(m_state, m_spec, node);
    if (!p) return false;
    m_last = std::move(p);
    return true;
  }
  std::optional<Placement> take(std::uint32_t node) {
    if (!m_last || m_last->node != node) (void)fits(node);
    return std::move(m_last);
  }

 private:
  const Placer& m_placer;
  const CapacityState& m_state;
  const JobSpec& m_spec;
  std::optional<Placement> m_last;
};

}  // namespace

PolicyArm::PolicyArm(const Topology& topology, const CapacityState& state, CompiledPolicy policy,
                     std::uint64_t version)
    : m_topology(topology),
      m_policy(std::move(policy)),
      m_version(version),
      m_placer(topology, m_policy.routing, m_policy.scoreWeights) {
  // SEED_SCORE is the Placer itself (its device choice inside a node is the
  // live cluster's own); other rules go through the policy engine's scorers.
  if (m_policy.placement != PlacementKind::SeedScore && m_policy.placement != PlacementKind::External)
    m_scorer = makeScorer(m_policy, topology, state, nullptr, version);
}

PolicyArm::QueueKey PolicyArm::queueKey(const JobSpec& spec, double runtimeS, std::int64_t submitMs,
                                        std::uint64_t id, std::int64_t nowMs) const {
  switch (m_policy.queue) {
    case QueueKind::Fcfs: return {0.0, submitMs, id};
    case QueueKind::Sjf:
    case QueueKind::Srtf: return {spec.estimatedRuntimeS > 0 ? spec.estimatedRuntimeS : runtimeS, submitMs, id};
    case QueueKind::Priority: {
      const double waited = static_cast<double>(nowMs - submitMs) / 1000.0;
      const PriorityClass c = JobQueue::agedClass(spec.priority, waited, m_policy.agingIntervalS);
      return {static_cast<double>(c), submitMs, id};
    }
  }
  return {0.0, submitMs, id};
}

std::optional<Placement> PolicyArm::place(const CapacityState& state, const FreeCapacityIndex& index,
                                          const JobSpec& spec, std::string_view key) {
  if (!m_scorer) return m_placer.place(state, spec);
  const DeviceKind kind = m_policy.routing.route(spec.kind);
  const PlacementRequest request{spec, kind, primaryNeed(spec.requests, kind), key};
  LiveFit fit(m_placer, state, spec);
  const auto node = m_scorer->choose({m_topology, state, index}, request, fit);
  if (!node) return std::nullopt;
  return fit.take(*node);
}

void PolicyArm::onStarted(std::uint32_t node) {
  if (m_scorer) m_scorer->onStarted(node);
}

void PolicyArm::onFinished(std::uint32_t node) {
  if (m_scorer) m_scorer->onFinished(node);
}

}  // namespace hetsched
