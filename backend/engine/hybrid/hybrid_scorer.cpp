#include "hybrid_scorer.h"

#include "base/model/device_kind.h"
#include "base/model/topology.h"
#include "engine/core/capacity_state.h"
#include "engine/core/core_seams.h"
#include "engine/core/free_capacity_index.h"
#include "engine/core/placement_scorer.h"
#include "engine/core/scorer_registry.h"
#include "engine/policy/compiled_policy.h"
#include "engine/sched/node_score.h"
#include "hybrid_features.h"
#include "weights_file.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <span>
#include <utility>
#include <variant>

namespace hetsched {

namespace {

template <std::size_t N>
double dot(std::span<const double, N> w, const std::array<double, N>& x) {
  double s = 0.0;
  for (std::size_t i = 0; i < N; ++i) s += w[i] * x[i];
  return s;
}

constexpr std::array<const char*, 2> kFragNames{"fgd", "packing"};
constexpr std::array<int, 2> kFragProposers{kProposeFgd, kProposePacking};

}  // namespace

HybridScorer::HybridScorer(const Topology& topology, std::shared_ptr<const HybridModel> model,
                           const ScorerRegistry* registry, const CompiledPolicy& policy, std::uint64_t seed)
    : m_topology(topology), m_model(std::move(model)), m_rule(topology, CapacityState(topology), NodeScoreWeights{}) {
  for (std::size_t i = 0; i < kFragNames.size(); ++i) {
    const ScorerFactory* factory = registry ? registry->find(kFragNames[i]) : nullptr;
    if (!factory) continue;
    ScorerBuild built = (*factory)(ScorerInput{topology, policy, seed, false, registry});
    if (auto* s = std::get_if<std::unique_ptr<PlacementScorer>>(&built)) m_frag[i] = std::move(*s);
  }
}

HybridScorer::HybridScorer(const HybridScorer& o)
    : PlacementScorer(o),
      JobSelector(o),
      m_topology(o.m_topology),
      m_model(o.m_model),
      m_rule(o.m_rule),
      m_running(o.m_running) {
  for (std::size_t i = 0; i < m_frag.size(); ++i)
    if (o.m_frag[i]) m_frag[i] = o.m_frag[i]->clone();
}

void HybridScorer::onAllocated(const Placement& placement) {
  ++m_running[index(m_topology.nodes[placement.node].kind)];
  for (auto& s : m_frag)
    if (s) s->onAllocated(placement);
}

void HybridScorer::onReleased(const Placement& placement) {
  // A scorer installed while jobs ran heard of them (setPolicies tells the
  // active arm); a canary arm hears only its own, so never below zero.
  std::uint32_t& running = m_running[index(m_topology.nodes[placement.node].kind)];
  running -= running > 0 ? 1 : 0;
  for (auto& s : m_frag)
    if (s) s->onReleased(placement);
}

std::size_t HybridScorer::pick(std::span<const SelectionCandidate> candidates, const ScoringContext& context,
                               std::uint8_t, DeviceKind kind, double) {
  if (candidates.size() < 2) return 0;
  m_logRuntime.resize(candidates.size());
  m_logWaited.resize(candidates.size());
  for (std::size_t i = 0; i < candidates.size(); ++i) {
    const SelectionCandidate& c = candidates[i];
    if (c.slot >= m_logs.size()) m_logs.resize(std::max<std::size_t>(std::size_t{c.slot} + 1, 2 * m_logs.size()));
    Logs& l = m_logs[c.slot];
    // The same value gives the same logarithm: cached or not, the features
    // are bit for bit those of describeJobs(window, ...).
    if (!(l.runtimeS == c.expectedRuntimeS))
      l.runtimeS = c.expectedRuntimeS, l.logRuntime = std::log1p(std::max(0.0, c.expectedRuntimeS));
    if (!(l.waitedS == c.waitedS)) l.waitedS = c.waitedS, l.logWaited = std::log1p(std::max(0.0, c.waitedS));
    m_logRuntime[i] = l.logRuntime;
    m_logWaited[i] = l.logWaited;
  }
  describeJobs(candidates, m_logRuntime, m_logWaited, context, kind, m_jobs);
  std::size_t best = 0;
  double bestScore = -std::numeric_limits<double>::infinity();
  for (std::size_t i = 0; i < m_jobs.size(); ++i) {
    const double s = dot(m_model->job(), m_jobs[i]);
    if (s > bestScore) bestScore = s, best = i;
  }
  return best;
}

std::optional<std::uint32_t> HybridScorer::choose(const ScoringContext& context, const PlacementRequest& request,
                                                  FitOracle& fit) {
  std::array<std::optional<std::uint32_t>, kProposers> nodes;
  nodes[kProposeRule] = m_rule.choose(context, request, fit);
  // Every proposer asks the same fit oracle: none finds what the rule
  // engine, which asks every node, does not.
  if (!nodes[kProposeRule]) return std::nullopt;
  nodes[kProposeBestFit] = context.index.bestFit(request.kind, request.needMilli, fit);
  for (std::size_t i = 0; i < m_frag.size(); ++i)
    if (m_frag[i]) nodes[static_cast<std::size_t>(kFragProposers[i])] = m_frag[i]->choose(context, request, fit);
  nodes[kProposeFirstFit] = context.index.firstFit(request.kind, request.needMilli, 0, fit);

  m_proposals.clear();
  std::array<unsigned, kProposers> by{};
  for (int p = 0; p < kProposers; ++p) {
    const auto& n = nodes[static_cast<std::size_t>(p)];
    if (!n) continue;
    bool seen = false;
    for (std::size_t q = 0; q < m_proposals.size(); ++q)
      if (m_proposals[q].node == *n) by[q] |= 1u << p, seen = true;
    if (!seen) {
      by[m_proposals.size()] = 1u << p;
      m_proposals.push_back({*n, p, {}});
    }
  }
  std::size_t best = 0;
  double bestScore = -std::numeric_limits<double>::infinity();
  for (std::size_t q = 0; q < m_proposals.size(); ++q) {
    m_proposals[q].features = describeNode(context, request, m_proposals[q].node, by[q]);
    const double s = dot(m_model->node(), m_proposals[q].features);
    if (s > bestScore) bestScore = s, best = q;
  }
  // Defer only where a release will come to wake the job, and not a job
  // that has waited too long already.
  if (!request.overdue && m_running[index(request.kind)] > 0 &&
      dot(m_model->defer(), describeDefer(context, request, m_proposals)) > bestScore)
    return std::nullopt;
  const Proposal& chosen = m_proposals[best];
  // The oracle keeps the placement of the node it was last asked about; the
  // chosen proposer is asked again so that its choice of GPU (FGD's, for a
  // share) is the one the core takes.
  if (chosen.proposer == kProposeFgd || chosen.proposer == kProposePacking)
    (void)m_frag[chosen.proposer == kProposeFgd ? 0 : 1]->choose(context, request, fit);
  else (void)fit.fits(chosen.node);
  return chosen.node;
}

}  // namespace hetsched
