#include "hybrid_args.h"

#include "base/model/device_kind.h"
#include "base/model/job.h"
#include "base/model/topology.h"
#include "cli_args.h"
#include "data/trace/alibaba_trace_importer.h"
#include "engine/hybrid/policy_search.h"
#include "engine/policy/builtin_policies.h"
#include "engine/policy/policy_loader.h"
#include "engine/sim/trace_workload.h"
#include "import_report.h"
#include "policy.pb.h"
#include "sim_args.h"
#include "trace_jobs_args.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <string>
#include <tuple>
#include <utility>
#include <variant>
#include <vector>

namespace hetsched::cli {

std::variant<HybridTrainingOptions, int> hybridSearchOptionsFromArgs(const char* command, const Args& args) {
  HybridTrainingOptions o;
  struct IntOption {
    const char* name;
    long long min, max;
    std::uint32_t* out;
  };
  for (const IntOption& i :
       {IntOption{"generations", 0, 10'000, &o.generations}, IntOption{"population", 2, 10'000, &o.population},
        IntOption{"episode-jobs", 10, 10'000'000, &o.episodeJobs},
        IntOption{"validation-jobs", 10, 10'000'000, &o.validationJobs}, IntOption{"workers", 1, 64, &o.workers},
        IntOption{"restarts", 1, 100, &o.restarts}}) {
    if (const auto v = args.value(i.name)) {
      const auto parsed = parseInteger(i.name, *v, i.min, i.max);
      if (auto* e = std::get_if<std::string>(&parsed))
        return std::fprintf(stderr, "hetsched %s: %s\n", command, e->c_str()), 2;
      *i.out = static_cast<std::uint32_t>(std::get<long long>(parsed));
    }
  }
  o.elite = std::max<std::uint32_t>(1, o.population / 2);
  struct NumberOption {
    const char* name;
    double min, max;
    double* out;
  };
  for (const NumberOption& n : {NumberOption{"allocation-weight", 0.0, 1e6, &o.allocationWeight},
                                NumberOption{"model-tie-share", 0.0, 1.0, &o.modelTieShare}}) {
    if (const auto v = args.value(n.name)) {
      const auto parsed = parseNumber(n.name, *v, n.min, n.max);
      if (auto* e = std::get_if<std::string>(&parsed))
        return std::fprintf(stderr, "hetsched %s: %s\n", command, e->c_str()), 2;
      *n.out = std::get<double>(parsed);
    }
  }
  // --backlog-scale 0 alone: no backlog episodes.
  for (const auto& [name, out, min] :
       {std::tuple{"arrival-scale", &o.arrivalScales, 1e-6}, std::tuple{"backlog-scale", &o.backlogScales, 0.0}}) {
    const auto scales = args.values(name);
    if (scales.empty()) continue;
    out->clear();
    for (const std::string& x : scales) {
      const auto parsed = parseNumber(name, x, min, 1e6);
      if (auto* e = std::get_if<std::string>(&parsed))
        return std::fprintf(stderr, "hetsched %s: %s\n", command, e->c_str()), 2;
      if (std::get<double>(parsed) > 0.0) out->push_back(std::get<double>(parsed));
    }
  }
  return o;
}

std::variant<HybridWorkloads, int> hybridWorkloadsFromArgs(const char* command, const Args& args,
                                                           const std::string& cluster,
                                                           const std::vector<std::string>& podLists,
                                                           std::uint64_t seed) {
  HybridWorkloads w;
  const auto nodes = trace::AlibabaTraceImporter::loadNodes(cluster);
  if (!reportImport(command, nodes, cluster, args.flag("strict"))) return 1;
  w.topology = topologyFromTrace(nodes.rows);
  for (const v1::Policy& p : builtinPolicies())
    if (p.name() == "seed-score") w.rule = std::get<CompiledPolicy>(compilePolicy(p));
  if (std::ranges::none_of(w.topology.nodes, [](const NodeInfo& n) { return n.kind == DeviceKind::Cpu; }))
    w.rule.routing.set(JobKind::Batch, DeviceKind::Gpu);
  for (const std::string& file : podLists) {
    auto jobs = traceJobsFromArgs(command, args, file, w.topology, seed);
    if (const int* rc = std::get_if<int>(&jobs)) return *rc;
    w.lists.push_back({std::filesystem::path(file).filename().string(), std::get<TraceJobs>(std::move(jobs)).jobs});
  }
  return w;
}

}  // namespace hetsched::cli
