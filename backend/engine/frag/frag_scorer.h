#pragma once

#include "base/model/job.h"
#include "base/model/topology.h"
#include "engine/core/capacity_state.h"
#include "engine/core/fit_scorer.h"
#include "engine/core/free_capacity_index.h"
#include "engine/core/placement_scorer.h"
#include "gpu_node.h"
#include "placement_policy.h"
#include "pod_request.h"
#include "policy_kind.h"
#include "seeded_rng.h"
#include "target_workload.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <unordered_map>
#include <utility>
#include <vector>

namespace hetsched {

// An ATC'23 GPU-sharing policy (Random-fit, DotProd, GPU Clustering, GPU
// Packing, Best-fit, FGD) as a placement scorer of the scheduling core. It
// mirrors every node as a frag::GpuNode (its GPU model included) that
// follows the core's allocations and releases, scores the GPU nodes a job
// fits on with the policy, and hands the policy's GPU choice for a GPU share
// to the core through FitOracle::fitsOnDevice. The best score wins; ties go
// to the lower node index, which is name order on a cluster sorted by name
// (the authors' tie-break). Jobs routed to CPU or TPU nodes, which the
// family does not cover, are placed best-fit.
class FragScorer final : public PlacementScorer {
 public:
  // `workload` keeps FGD's target workload alive as long as the policy.
  FragScorer(const Topology& topology, frag::PolicyKind kind, std::shared_ptr<const frag::TargetWorkload> workload,
             std::uint64_t seed);
  FragScorer(const FragScorer& other);

  std::optional<std::uint32_t> choose(const ScoringContext& context, const PlacementRequest& request,
                                      FitOracle& fit) override;
  std::unique_ptr<PlacementScorer> clone() const override { return std::make_unique<FragScorer>(*this); }
  void onAllocated(const Placement& placement) override;
  void onReleased(const Placement& placement) override;

  const std::vector<frag::GpuNode>& nodes() const { return m_nodes; }

  // What a job asks of a GPU node, in the family's terms.
  static frag::PodRequest podOf(const JobRequests& requests);

 private:
  // What GpuNode::fits reads of a node, for all nodes side by side, kept
  // up to date on every allocation and release: the hybrid asks two of
  // these scorers about every GPU node per job, most of them full, and a
  // verdict cached per node and pod shape (read through each node's own
  // object for its version) cost more than reading this afresh.
  struct Room {
    std::uint64_t memoryMib = 0;
    std::uint32_t cpuMilli = 0;
    std::uint32_t mostGpuMilli = 0;  // the largest free share of one GPU
    std::uint32_t wholeGpus = 0;     // GPUs with all their share free
    std::uint32_t model = 0;         // m_modelName of its GPUs' model; kNoModel: none
  };
  static constexpr std::uint32_t kNoModel = ~std::uint32_t{0};
  // Per pod shape alike in what the policy's score reads, the score per
  // node stamped with the node's version: after a change only that node
  // is scored again (placement_policy.h).
  struct Scored {
    std::uint64_t version = 0;
    frag::NodeScore score;
  };
  frag::PodRequest podOf(const Placement& placement, std::vector<std::uint32_t>& gpus) const;
  void refreshRoom(std::uint32_t node);
  std::vector<Scored>& scoresFor(const frag::PodRequest& pod);
  bool fitsOn(std::uint32_t node, const frag::PodRequest& pod) const;
  const frag::NodeScore& scoreOn(std::vector<Scored>& scores, std::uint32_t node, const frag::PodRequest& pod);
  int randomShareGpu(const frag::GpuNode& node, const frag::PodRequest& pod);

  const Topology& m_topology;
  frag::PolicyKind m_kind;
  std::shared_ptr<const frag::TargetWorkload> m_workload;
  std::vector<frag::GpuNode> m_nodes;  // one per topology node, same index
  std::vector<Room> m_room;            // the same, as fitsOn reads them
  // Per topology model: the first model of the same name (the family
  // tells models apart by name).
  std::vector<std::uint32_t> m_modelName;
  std::vector<std::uint32_t> m_askModels;  // the pod's allowed models, as m_modelName
  std::vector<std::uint32_t> m_gpuNodes;
  std::vector<std::uint32_t> m_firstGpu;  // per node: its first GPU device
  std::unique_ptr<frag::PlacementPolicy> m_policy;  // attached to m_nodes
  frag::SeededRng m_rng;
  FitScorer m_fallback{FitScorer::Mode::Best};
  std::unordered_map<std::uint64_t, std::size_t> m_scoreIds;
  std::vector<std::vector<Scored>> m_scores;
  std::vector<std::pair<double, std::uint32_t>> m_ranked;
  std::vector<std::uint32_t> m_scratch;
};

}  // namespace hetsched
