#include "atc_replay.h"

#include "base/model/device_kind.h"
#include "base/model/device_model.h"
#include "base/model/job.h"
#include "base/model/topology.h"
#include "engine/core/capacity_state.h"
#include "engine/core/core_job.h"
#include "engine/core/core_options.h"
#include "engine/core/decision_sink.h"
#include "engine/core/policy_arms.h"
#include "engine/core/scheduling_core.h"
#include "engine/policy/compiled_policy.h"
#include "frag_scorers.h"
#include "gpu_node.h"
#include "placement.h"
#include "pod_request.h"
#include "policy_kind.h"
#include "target_workload.h"

#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace hetsched::frag {

namespace {

std::uint32_t modelIndex(Topology& t, const std::string& name) {
  const auto it = std::ranges::find(t.models, name, &DeviceModel::name);
  if (it != t.models.end()) return static_cast<std::uint32_t>(it - t.models.begin());
  // NOLINTNEXTLINE(bugprone-unchecked-optional-access): A100 is in the built-in table
  DeviceModel model = *findBuiltinModel("A100");
  model.name = name;
  t.models.push_back(model);
  return static_cast<std::uint32_t>(t.models.size() - 1);
}

}  // namespace

AtcReplay::AtcReplay(std::vector<GpuNode> nodes, PolicyKind policy,
                     const std::shared_ptr<const TargetWorkload>& workload, std::uint64_t seed)
    : m_nodes(std::move(nodes)) {
  // Index order is name order, so the first best score found is the tie-break winner.
  std::ranges::stable_sort(m_nodes, [](const GpuNode& a, const GpuNode& b) { return a.name() < b.name(); });
  m_topology.clusterName = "atc23";
  for (const GpuNode& n : m_nodes) {
    const auto first = static_cast<std::uint32_t>(m_topology.devices.size());
    const auto node = static_cast<std::uint32_t>(m_topology.nodes.size());
    m_topology.nodes.push_back({n.name(), DeviceKind::Gpu, first, n.gpuCount(), n.cpuCapacity(), n.memoryFree()});
    const std::uint32_t model = modelIndex(m_topology, n.model());
    for (std::uint32_t g = 0; g < n.gpuCount(); ++g) m_topology.devices.push_back({node, g, model});
    m_capacityMilli += std::uint64_t{n.gpuCount()} * GpuNode::kMilli;
  }
  registerFragScorers(m_scorers, workload);
  CoreOptions options;
  options.seed = seed;
  options.scorers = &m_scorers;
  m_core = std::make_unique<SchedulingCore>(m_topology, options);
  PolicyArms arms;
  arms.active.name = std::string(cliName(policy));
  arms.active.queue = QueueKind::Fcfs;
  arms.active.placement = PlacementKind::External;
  arms.active.externalScorer = std::string(cliName(policy));
  // Every pod, CPU-only ones included, goes to the GPU nodes.
  for (const JobKind k : {JobKind::Training, JobKind::Inference, JobKind::Service, JobKind::Batch, JobKind::Realtime})
    arms.active.routing.set(k, DeviceKind::Gpu);
  (void)m_core->setPolicies(arms);
  m_core->setSink(this);
}

CoreJob& AtcReplay::jobOf(const PodRequest& pod) {
  // No name: the family hashes nothing, and ten thousand copies of it cost.
  CoreJob& job = m_jobs.emplace_back();
  job.spec.kind = JobKind::Training;
  job.spec.requests.cpuMilli = pod.cpuMilli;
  job.spec.requests.memoryMib = pod.memoryMib;
  if (pod.isGpuShare()) job.spec.requests.gpuMilli = pod.gpuMilli;
  else if (pod.usesGpu()) job.spec.requests.gpuCount = pod.gpuCount;
  job.arrivalS = m_clock;
  job.runtimeS = 1.0;  // never completes: no task leaves
  for (const std::string& model : pod.gpuModels) {
    const auto it = std::ranges::find(m_topology.models, model, &DeviceModel::name);
    // A model the cluster lacks allows nothing; without one the pod can never fit.
    job.allowedModels.push_back(
        it == m_topology.models.end() ? ~std::uint32_t{0} : static_cast<std::uint32_t>(it - m_topology.models.begin()));
  }
  return job;
}

void AtcReplay::bound(JobSlot job, const hetsched::Placement&, double) { m_started = job; }

std::optional<Placement> AtcReplay::place(const PodRequest& pod) {
  const CoreJob& job = jobOf(pod);
  const auto slot = static_cast<JobSlot>(m_jobs.size() - 1);
  m_started.reset();
  const double t = m_clock;
  m_clock += 1.0;
  if (m_core->arrive(slot, job, t) == Admission::NeverFits) return std::nullopt;
  m_core->decide(t);
  if (m_started != slot) {
    m_core->withdraw(slot);
    return std::nullopt;
  }
  const hetsched::Placement& placed = m_core->placementOf(slot);
  Placement out{placed.node, {}};
  const NodeInfo& node = m_topology.nodes[placed.node];
  for (const std::uint32_t d : placed.devices) out.gpus.push_back(d - node.firstDevice);
  m_allocatedMilli += pod.totalGpuMilli();
  return out;
}

bool AtcReplay::preplace(const PodRequest& pod, const std::string& node, std::span<const std::uint32_t> gpus) {
  const auto it = std::ranges::find(m_topology.nodes, node, &NodeInfo::name);
  if (it == m_topology.nodes.end()) return false;
  CoreJob& job = jobOf(pod);
  job.pinnedNode = static_cast<std::uint32_t>(it - m_topology.nodes.begin());
  if (gpus.size() == 1) job.pinnedDevice = gpus.front();
  const auto slot = static_cast<JobSlot>(m_jobs.size() - 1);
  const double t = m_clock;
  m_clock += 1.0;
  return m_core->arrive(slot, job, t) == Admission::Started;
}

}  // namespace hetsched::frag
