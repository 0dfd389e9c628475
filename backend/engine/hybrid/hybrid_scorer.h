#pragma once

#include "base/model/device_kind.h"
#include "base/model/topology.h"
#include "engine/core/capacity_state.h"
#include "engine/core/core_seams.h"
#include "engine/core/free_capacity_index.h"
#include "engine/core/placement_scorer.h"
#include "engine/core/seed_score_scorer.h"
#include "hybrid_features.h"
#include "weights_file.h"

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <vector>

namespace hetsched {

class ScorerRegistry;
struct CompiledPolicy;

// The hybrid heuristic policy of seed §2.5 as a placement scorer that also
// chooses which waiting job goes next (its selector()), so that the one
// scheduling core runs it wherever the policy goes: what-if, the gateway's
// cluster, the Kubernetes scheduler. The rule engine (the policy's routing,
// the §4.3 score) and the registry's scorers propose; trained weights pick
// (hybrid_features.h). Every proposal is a node the job fits on, so a
// pick is always feasible; the weights can only choose among heuristics'
// answers, never invent a placement.
class HybridScorer final : public PlacementScorer, public JobSelector {
 public:
  // `registry` offers FGD and GPU packing ("fgd", "packing"); a proposer it
  // lacks proposes nothing. `policy` and `seed` are what those scorers are
  // built with.
  HybridScorer(const Topology& topology, std::shared_ptr<const HybridModel> model, const ScorerRegistry* registry,
               const CompiledPolicy& policy, std::uint64_t seed);
  HybridScorer(const HybridScorer& other);

  std::optional<std::uint32_t> choose(const ScoringContext& context, const PlacementRequest& request,
                                      FitOracle& fit) override;
  std::unique_ptr<PlacementScorer> clone() const override { return std::make_unique<HybridScorer>(*this); }
  JobSelector* selector() override { return this; }
  // The rule engine's proposal comes first and finds nothing then.
  bool quietWhenNothingFits() const override { return true; }
  void onAllocated(const Placement& placement) override;
  void onReleased(const Placement& placement) override;

  std::uint32_t window() const override { return kSelectionWindow; }
  double reserveAfterS(double meanWaitS) const override {
    return std::max(kHybridReserveAfterS, kHybridReserveAfterMeanWaits * meanWaitS);
  }
  std::size_t pick(std::span<const SelectionCandidate> candidates, const ScoringContext& context, std::uint8_t arm,
                   DeviceKind kind, double t) override;

 private:
  const Topology& m_topology;
  std::shared_ptr<const HybridModel> m_model;
  SeedScoreScorer m_rule;
  // FGD and GPU packing as the registry builds them (null: not offered);
  // they keep their own view of the nodes, so they hear every placement.
  std::array<std::unique_ptr<PlacementScorer>, 2> m_frag;
  std::array<std::uint32_t, kDeviceKindCount> m_running{};
  // Per job slot, the last log1p of its expected runtime and of its wait
  // and the values they were taken of (a slot's next job, or a later wait,
  // is a different value and taken again): under a deep queue each
  // dispatch offers mostly the jobs it offered before.
  struct Logs {
    double runtimeS = -1.0, logRuntime = 0.0;
    double waitedS = -1.0, logWaited = 0.0;
  };
  std::vector<Logs> m_logs;
  // Scratch, reused per decision.
  std::vector<double> m_logRuntime, m_logWaited;
  std::vector<JobFeatures> m_jobs;
  std::vector<Proposal> m_proposals;
};

}  // namespace hetsched
