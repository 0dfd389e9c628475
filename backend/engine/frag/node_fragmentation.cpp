#include "node_fragmentation.h"

#include "base/model/device_kind.h"
#include "base/model/gpu_fragmentation.h"
#include "base/model/job.h"
#include "base/model/mig_instance_models.h"
#include "base/model/topology.h"
#include "frag_scorer.h"
#include "fragmentation.h"
#include "gpu_node.h"
#include "pod_request.h"
#include "target_workload.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace hetsched {

namespace {

bool asksForGpu(const JobRequests& r) { return r.gpuCount > 0 || r.gpuMilli > 0; }

// Whether the node still has what the pod holds on these GPUs.
bool canHold(const frag::GpuNode& node, const frag::PodRequest& pod, std::span<const std::uint32_t> gpus) {
  if (node.cpuFree() < pod.cpuMilli || node.memoryFree() < pod.memoryMib) return false;
  const auto free = node.gpuFree();
  return std::ranges::all_of(gpus, [&](std::uint32_t g) { return g < free.size() && free[g] >= pod.gpuMilli; });
}

}  // namespace

ClusterFragmentation fragmentationOf(const Topology& topology, std::span<const Job> jobs, double popularity) {
  ClusterFragmentation out;
  std::vector<frag::PodRequest> pods;
  for (const Job& job : jobs)
    if (asksForGpu(job.spec.requests)) pods.push_back(FragScorer::podOf(job.spec.requests));
  const frag::TargetWorkload workload = frag::TargetWorkload::fromPods(pods, popularity);
  out.workloadShapes = workload.shapes().size();

  // A GPU's MIG instances (model/mig_layout.h) follow it on its node as
  // devices of their own; they partition its capacity and are not more free
  // GPUs, so each maps to the GPU before it.
  const std::vector<std::uint8_t> instanceModel = migInstanceModels(topology);
  constexpr std::uint32_t kNoGpu = ~std::uint32_t{0};
  std::vector<std::uint32_t> gpuOf(topology.devices.size(), kNoGpu);  // device -> GPU position on its node
  std::vector<int> mirrorOf(topology.nodes.size(), -1);
  std::vector<frag::GpuNode> mirrors;
  for (std::uint32_t n = 0; n < topology.nodes.size(); ++n) {
    const NodeInfo& info = topology.nodes[n];
    if (info.kind != DeviceKind::Gpu || info.deviceCount == 0) continue;
    std::uint32_t physical = 0;
    for (std::uint32_t d = info.firstDevice; d < info.firstDevice + info.deviceCount && d < gpuOf.size(); ++d) {
      // A host's or an agent's GPU node also reports a CPU row: not a GPU.
      if (topology.kindOf(d) != DeviceKind::Gpu) continue;
      if (instanceModel[topology.devices[d].model] == 0) ++physical;
      if (physical > 0) gpuOf[d] = physical - 1;
    }
    if (physical == 0) continue;
    mirrorOf[n] = static_cast<int>(mirrors.size());
    // Models left out as in FragScorer: every GPU job may use every GPU node.
    mirrors.emplace_back(info.name, std::string(), info.cpuMilli, info.memoryMib, physical);
  }
  std::vector<std::uint32_t> gpus;
  for (const Job& job : jobs) {
    if (job.state != JobState::Running || job.node >= topology.nodes.size() || mirrorOf[job.node] < 0) continue;
    frag::GpuNode& node = mirrors[static_cast<std::size_t>(mirrorOf[job.node])];
    const NodeInfo& info = topology.nodes[job.node];
    frag::PodRequest pod = FragScorer::podOf(job.spec.requests);
    gpus.clear();
    for (const std::uint32_t d : job.devices)
      if (d >= info.firstDevice && d < info.firstDevice + info.deviceCount && d < gpuOf.size() && gpuOf[d] != kNoGpu &&
          std::ranges::find(gpus, gpuOf[d]) == gpus.end())
        gpus.push_back(gpuOf[d]);
    if (!pod.usesGpu()) gpus.clear();
    if (pod.usesGpu() && gpus.size() != pod.gpuCount) pod.gpuCount = static_cast<std::uint32_t>(gpus.size());
    if (!canHold(node, pod, gpus)) {
      ++out.skippedJobs;
      continue;
    }
    node.allocate(pod, gpus);
  }

  for (std::uint32_t n = 0; n < topology.nodes.size(); ++n) {
    if (mirrorOf[n] < 0) continue;
    const frag::GpuNode& node = mirrors[static_cast<std::size_t>(mirrorOf[n])];
    NodeFragmentation f;
    f.node = n;
    f.gpus = node.gpuCount();
    f.freeMilli = node.gpuFreeTotal();
    for (const std::uint32_t free : node.gpuFree())
      if (free > 0 && free < frag::GpuNode::kMilli) f.partlyFreeMilli += free;
    f.fragmentedMilli = frag::Fragmentation::ofNode(node, workload);
    out.freeMilli += f.freeMilli;
    out.partlyFreeMilli += f.partlyFreeMilli;
    out.fragmentedMilli += f.fragmentedMilli;
    out.nodes.push_back(f);
  }
  return out;
}

}  // namespace hetsched
