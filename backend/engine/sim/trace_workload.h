#pragma once

#include "base/model/topology.h"
#include "sim_job.h"
#include "data/trace/trace_node.h"
#include "data/trace/trace_pod.h"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <variant>
#include <vector>

namespace hetsched {

// Alibaba cluster-trace-gpu-v2023 rows (read by trace::AlibabaTraceImporter)
// as a what-if cluster. A node with GPUs is a GPU node of its model (power
// from a small table of vendor TDPs, A100's where the model is unknown);
// one without is a CPU node with one CPU device as large as the machine.
Topology topologyFromTrace(std::span<const trace::TraceNode> nodes);

// Pods as jobs: arrival is creation_time relative to the earliest pod,
// runtime deletion_time - scheduled_time. The trace's runtime becomes the
// truth, not a declared estimate, so SJF can be run as oracle or from
// history. gpu_spec limits the GPU models (a model not in the cluster
// leaves the pod unschedulable). Pods without a runtime (the five-column
// multi-GPU files, or still running) are left out and counted.
struct TraceJobs {
  std::vector<SimJob> jobs;
  std::uint64_t withoutRuntime = 0;
};
TraceJobs jobsFromTrace(std::span<const trace::TracePod> pods, const Topology& topology);

// For pod lists that do not say when pods arrive (the five-column multi-GPU
// lists), or to replay any list at a stated rate: a seeded Poisson process
// at ratePerS replaces every pod's arrival, in the file's order, and a pod
// without a runtime runs an exponential time of mean runtimeMeanS (0: it is
// left out, as without arrivals).
struct PoissonArrivals {
  double ratePerS = 0.0;
  double runtimeMeanS = 0.0;
  std::uint64_t seed = 1;
};
TraceJobs jobsFromTrace(std::span<const trace::TracePod> pods, const Topology& topology,
                        const PoissonArrivals& arrivals);

// The pods as jobs, with `arrivals` when given, or why not one of them can
// run: the columns the list lacks and the option that stands in for each
// (--arrival-rate, --runtime-mean), never an empty workload.
std::variant<TraceJobs, std::string> replayableJobs(std::span<const trace::TracePod> pods, const Topology& topology,
                                                    const std::optional<PoissonArrivals>& arrivals);

}  // namespace hetsched
