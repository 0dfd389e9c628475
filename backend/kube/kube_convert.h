#pragma once

#include "cluster/node_report.h"
#include "kube_objects.h"
#include "model/job.h"
#include "model/topology.h"

#include <map>
#include <string>
#include <vector>

namespace hetsched {

struct KubeStore;

// Whether a pod holds its node's resources: bound and not finished.
bool occupiesNode(const KubePod& pod);
// The device kind a pod's requests need: GPU if it asks for nvidia.com/gpu,
// TPU for google.com/tpu, CPU otherwise.
DeviceKind neededKind(const KubeResources& requests);

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
// priorityClassName ("high"/"system-" → high, "low" → low, else middle).
JobSpec jobSpecOf(const KubePod& pod);
// creationTimestamp (RFC 3339, UTC) in Unix milliseconds; 0 when unreadable.
std::int64_t timestampMs(const std::string& rfc3339);

}  // namespace hetsched
