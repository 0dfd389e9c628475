#include "whatif_workload_loader.h"

#include "base/model/device_kind.h"
#include "base/model/topology.h"
#include "data/trace/alibaba_trace_importer.h"
#include "data/trace/import_error.h"
#include "engine/sim/trace_workload.h"
#include "usecases/whatif/live_cut.h"
#include "usecases/whatif/snapshot_files.h"
#include "usecases/whatif/whatif_run.h"
#include "usecases/whatif/whatif_source.h"

#include <algorithm>
#include <optional>
#include <string>
#include <utility>
#include <variant>

namespace hetsched {

// The workload named by `source`, or an error text (English: the backend
// gives no translatable codes here; the view shows it verbatim).
std::variant<WhatifWorkload, std::string> loadWhatifWorkload(const WhatifSource& source) {
  switch (source.kind) {
    case WhatifSource::Kind::Synthetic:
      return syntheticWhatifWorkload(source.nodes, source.jobs, source.seed, source.load);
    case WhatifSource::Kind::Snapshot:
      return loadSnapshotWorkload(source.path, source.snapshotId, source.fromCut, source.horizonS);
    case WhatifSource::Kind::Live:
      if (!source.liveTopology || !source.liveJobs) return std::string("no live cluster is connected");
      return liveCutWorkload(*source.liveTopology, *source.liveJobs, source.horizonS);
    case WhatifSource::Kind::Trace: {
      const auto nodes = trace::AlibabaTraceImporter::loadNodes(source.path);
      if (nodes.fatal) return trace::describe(*nodes.fatal);
      const auto pods = trace::AlibabaTraceImporter::loadPods(source.podPath);
      if (pods.fatal) return trace::describe(*pods.fatal);
      WhatifWorkload w;
      w.topology = topologyFromTrace(nodes.rows);
      // A list without arrival times is refused, never an empty run.
      auto jobs = replayableJobs(pods.rows, w.topology, std::nullopt);
      if (auto* e = std::get_if<std::string>(&jobs)) return source.podPath + ": " + *e;
      w.jobs = std::get<TraceJobs>(std::move(jobs)).jobs;
      w.cpuPodsOnGpuNodes =
          std::ranges::none_of(w.topology.nodes, [](const NodeInfo& n) { return n.kind == DeviceKind::Cpu; });
      w.description = source.path + ", " + source.podPath;
      w.facts.kind = WorkloadFacts::Kind::Trace;
      w.facts.path = source.path;
      w.facts.podPath = source.podPath;
      return w;
    }
  }
  return std::string("unknown workload");
}

}  // namespace hetsched
