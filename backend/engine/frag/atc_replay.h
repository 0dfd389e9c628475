#pragma once

#include "base/model/topology.h"
#include "engine/core/capacity_state.h"
#include "engine/core/core_job.h"
#include "engine/core/decision_sink.h"
#include "engine/core/scheduling_core.h"
#include "engine/core/scorer_registry.h"
#include "gpu_node.h"
#include "placement.h"
#include "pod_request.h"
#include "policy_kind.h"
#include "target_workload.h"

#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace hetsched::frag {

// The ATC'23 method on the one scheduling core: pods tried once each, in
// order, none leaving. Each pod arrives, the core decides at once with the
// named policy of the family as its EXTERNAL scorer (FCFS, no backfill), and
// a pod that did not start is withdrawn. The cluster's nodes are sorted by
// name, so the scorer's tie-break (the lower index) is the authors' (the
// smallest name).
class AtcReplay final : private DecisionSink {
 public:
  AtcReplay(std::vector<GpuNode> nodes, PolicyKind policy, const std::shared_ptr<const TargetWorkload>& workload,
            std::uint64_t seed);
  AtcReplay(const AtcReplay&) = delete;
  AtcReplay& operator=(const AtcReplay&) = delete;

  // Places the pod, or returns nothing when no node can hold it now.
  std::optional<Placement> place(const PodRequest& pod);
  // A pod already running on `node` (by name) on `gpus` (a share: one GPU)
  // before the replay: it holds capacity but counts for no policy.
  bool preplace(const PodRequest& pod, const std::string& node, std::span<const std::uint32_t> gpus);

  // The nodes as given, in name order (index order of placements).
  const std::vector<GpuNode>& nodes() const { return m_nodes; }
  const Topology& topology() const { return m_topology; }
  std::uint64_t gpuCapacityMilli() const { return m_capacityMilli; }
  std::uint64_t gpuAllocatedMilli() const { return m_allocatedMilli; }

 private:
  void bound(JobSlot job, const hetsched::Placement& placement, double t) override;
  void released(JobSlot, hetsched::Placement&, double) override {}
  void preempted(JobSlot, JobSlot, std::uint32_t, double) override {}
  void migrated(JobSlot, std::uint32_t, std::uint32_t, double, double) override {}
  void lost(JobSlot, std::uint32_t, double) override {}

  CoreJob& jobOf(const PodRequest& pod);

  std::vector<GpuNode> m_nodes;
  Topology m_topology;
  ScorerRegistry m_scorers;
  std::unique_ptr<SchedulingCore> m_core;
  std::deque<CoreJob> m_jobs;  // stable addresses for the core
  std::optional<JobSlot> m_started;  // the slot bound by the last decide()
  std::uint64_t m_capacityMilli = 0;
  std::uint64_t m_allocatedMilli = 0;
  double m_clock = 0.0;
};

}  // namespace hetsched::frag
