#pragma once

#include "base/model/device_kind.h"
#include "base/model/job.h"
#include "base/model/topology.h"
#include "kube_objects.h"
#include "sources/cluster/node_report.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace hetsched {

struct KubeStore;

// Whether a pod holds its node's resources: bound and not finished.
bool occupiesNode(const KubePod& pod);
// The device kind a pod's requests need: GPU if it asks for GPUs or a share
// of one in any of the conventions, TPU for google.com/tpu, CPU otherwise.
DeviceKind neededKind(const KubeResources& requests);

// What a share of one GPU means on this cluster: the GiB of GPU memory per
// GPU for aliyun.com/gpu-mem, the replicas per GPU for nvidia.com/gpu.shared.
// Taken from the nodes: the smallest GPU memory and the fewest replicas, so
// that a share never asks for less than the pod requested.
struct GpuSharing {
  double gpuMemGiB = 0.0;
  std::uint32_t replicas = 1;
};
GpuSharing gpuSharingOf(const std::map<std::string, KubeNode>& nodes);

// A node as rows: one CPU row (its allocatable cores and memory), one GPU row
// per nvidia.com/gpu and one TPU row per google.com/tpu. The API server has
// no usage metrics, so utilisation is allocation: the CPU row's is requested
// / allocatable CPU (memory likewise), and the first N accelerator rows are
// busy (1.0) where the bound pods request N of them.
NodeReport nodeReportOf(const KubeNode& node, const std::vector<const KubePod*>& podsOnNode, std::uint32_t periodMs);
// The nodes (name order) as the engine's topology, capacity only.
Topology topologyOf(const std::map<std::string, KubeNode>& nodes);

// A pod as the engine's job: kind from the hetsched.io/job-kind label, else
// from its requests (GPU → training, TPU → inference, otherwise service,
// the seed's routing read backwards); priority class from
// priorityClassName ("high"/"system-" → high, "low" → low, else middle);
// a GPU share in milli of one GPU (rounded up); interruptible as the pod's
// label says (with a controller); the runtime estimate from its annotation.
JobSpec jobSpecOf(const KubePod& pod, const GpuSharing& sharing = {});
// creationTimestamp (RFC 3339, UTC) in Unix milliseconds; 0 when unreadable.
std::int64_t timestampMs(const std::string& rfc3339);

}  // namespace hetsched
