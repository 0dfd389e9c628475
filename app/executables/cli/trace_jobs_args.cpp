#include "trace_jobs_args.h"

#include "base/model/topology.h"
#include "cli_args.h"
#include "data/trace/alibaba_trace_importer.h"
#include "engine/sim/trace_workload.h"
#include "import_report.h"
#include "sim_args.h"

#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <utility>
#include <variant>

namespace hetsched::cli {

std::variant<TraceJobs, int> traceJobsFromArgs(const char* command, const Args& args, const std::string& file,
                                               const Topology& topology, std::uint64_t seed) {
  std::optional<PoissonArrivals> timing;
  const auto rate = args.value("arrival-rate");
  const auto mean = args.value("runtime-mean");
  if (mean && !rate) return std::fprintf(stderr, "hetsched %s: --runtime-mean goes with --arrival-rate\n", command), 2;
  if (rate) {
    timing = PoissonArrivals{};
    timing->seed = seed;
    const auto r = parseNumber("arrival-rate", *rate, 1e-9, 1e9);
    if (auto* e = std::get_if<std::string>(&r))
      return std::fprintf(stderr, "hetsched %s: %s\n", command, e->c_str()), 2;
    timing->ratePerS = std::get<double>(r);
    if (mean) {
      const auto m = parseNumber("runtime-mean", *mean, 1e-6, 1e12);
      if (auto* e = std::get_if<std::string>(&m))
        return std::fprintf(stderr, "hetsched %s: %s\n", command, e->c_str()), 2;
      timing->runtimeMeanS = std::get<double>(m);
    }
  }
  const auto pods = trace::AlibabaTraceImporter::loadPods(file);
  if (!reportImport(command, pods, file, args.flag("strict"))) return 1;
  auto converted = replayableJobs(pods.rows, topology, timing);
  if (auto* e = std::get_if<std::string>(&converted))
    return std::fprintf(stderr, "hetsched %s: %s: %s\n", command, file.c_str(), e->c_str()), 1;
  TraceJobs& jobs = std::get<TraceJobs>(converted);
  if (jobs.withoutRuntime > 0)
    std::fprintf(stderr, "hetsched %s: %s: %llu pods without %s left out\n", command, file.c_str(),
                 static_cast<unsigned long long>(jobs.withoutRuntime),
                 timing ? "a runtime" : "an arrival or a runtime");
  return std::move(jobs);
}

}  // namespace hetsched::cli
