// hetsched experiment: reproductions of published scheduling experiments.
#include "cli_args.h"
#include "commands.h"
#include "data/trace/alibaba_trace_importer.h"
#include "data/trace/import_error.h"
#include "engine/frag/fragmentation_experiment.h"
#include "engine/frag/policy_kind.h"
#include "experiment_hybrid.h"
#include "sim_args.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace hetsched::cli {

namespace {

constexpr std::array<std::string_view, 7> kKnownOptions{"cluster", "jobs",    "seeds",          "policies",
                                                        "json",    "workers", "keep-node-order"};
constexpr std::size_t kMaxErrorsShown = 20;

int usage() {
  std::fprintf(stderr,
               "usage: hetsched experiment hybrid --cluster NODES.csv [--traces DIR] (see experiment hybrid --help)\n"
               "       hetsched experiment fragmentation --cluster NODES.csv --jobs PODS.csv\n"
               "           [--seeds 10] [--policies random,dotprod,clustering,packing,bestfit,fgd] [--json OUT]\n"
               "           [--workers 2] [--keep-node-order]\n"
               "  --keep-node-order  break score ties by the original node names in every run instead of\n"
               "                     by a per-seed random order (the authors' simulator)\n");
  return 2;
}

// Prints why a trace file cannot be used; true if it can.
template <class Result>
bool reportImport(const Result& result) {
  if (result.fatal) {
    std::fprintf(stderr, "hetsched experiment: %s\n", trace::describe(*result.fatal).c_str());
    return false;
  }
  for (std::size_t i = 0; i < result.errors.size() && i < kMaxErrorsShown; ++i) {
    std::fprintf(stderr, "hetsched experiment: %s\n", trace::describe(result.errors[i]).c_str());
  }
  if (result.errors.size() > kMaxErrorsShown) {
    std::fprintf(stderr, "hetsched experiment: ... %zu more errors\n", result.errors.size() - kMaxErrorsShown);
  }
  if (!result.errors.empty()) {
    std::fprintf(stderr, "hetsched experiment: %zu of %zu rows malformed; fix the file first\n", result.rowsRejected,
                 result.rowsRead);
    return false;
  }
  return true;
}

std::string number(double v) {
  if (std::isnan(v)) return "null";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", v);
  return buf;
}

bool writeJson(const std::string& path, const std::vector<int>& levels,
               const std::vector<frag::FragmentationSummary>& summaries) {
  std::ofstream out(path);
  if (!out) return false;
  out << "{";
  for (std::size_t p = 0; p < summaries.size(); ++p) {
    out << (p ? ",\n " : "\n ") << '"' << frag::displayName(summaries[p].policy) << "\": {";
    for (std::size_t l = 0; l < levels.size(); ++l) {
      out << (l ? ", " : "") << '"' << levels[l] << "\": " << number(summaries[p].medianUnallocatedPct[l]);
    }
    out << "}";
  }
  out << "\n}\n";
  return static_cast<bool>(out);
}

int runFragmentation(const Args& args) {
  const auto clusterPath = args.value("cluster");
  const auto jobsPath = args.value("jobs");
  if (!clusterPath || !jobsPath) return usage();

  frag::FragmentationExperimentConfig config;
  int seeds = 10;
  if (const auto s = args.value("seeds")) {
    const auto v = parseInteger("seeds", *s, 1, 100'000);
    if (auto* e = std::get_if<std::string>(&v)) return std::fprintf(stderr, "hetsched experiment: %s\n", e->c_str()), 2;
    seeds = static_cast<int>(std::get<long long>(v));
  }
  if (const auto w = args.value("workers")) {
    const auto v = parseInteger("workers", *w, 1, 1024);
    if (auto* e = std::get_if<std::string>(&v)) return std::fprintf(stderr, "hetsched experiment: %s\n", e->c_str()), 2;
    config.workers = static_cast<unsigned>(std::get<long long>(v));
  }
  config.shuffleNodeNames = !args.flag("keep-node-order");
  config.seeds.clear();
  // Seeds 42, 43, ... as in the authors' run scripts.
  for (int i = 0; i < seeds; ++i) config.seeds.push_back(42 + static_cast<std::uint64_t>(i));
  if (const auto list = args.value("policies")) {
    config.policies.clear();
    std::string_view rest = *list;
    while (!rest.empty()) {
      const std::size_t comma = rest.find(',');
      const std::string_view name = rest.substr(0, comma);
      const auto kind = frag::parsePolicyKind(name);
      if (!kind) {
        std::fprintf(stderr, "hetsched experiment: unknown policy '%.*s'\n", static_cast<int>(name.size()),
                     name.data());
        return 2;
      }
      config.policies.push_back(*kind);
      rest = comma == std::string_view::npos ? std::string_view{} : rest.substr(comma + 1);
    }
  }

  const auto nodes = trace::AlibabaTraceImporter::loadNodes(*clusterPath);
  if (!reportImport(nodes)) return 1;
  const auto pods = trace::AlibabaTraceImporter::loadPods(*jobsPath);
  if (!reportImport(pods)) return 1;

  const frag::FragmentationExperiment experiment(nodes.rows, pods.rows, config);
  if (experiment.gpuCapacityMilli() == 0) {
    std::fprintf(stderr, "hetsched experiment: %s has no GPUs\n", clusterPath->c_str());
    return 1;
  }
  std::printf("cluster: %zu nodes, %llu GPUs; tasks: %zu, %zu typical shapes; %d seeds\n", nodes.rows.size(),
              static_cast<unsigned long long>(experiment.gpuCapacityMilli() / 1000), pods.rows.size(),
              experiment.targetWorkload().shapes().size(), seeds);
  const auto summaries = experiment.run();

  std::printf("\nunallocated GPU %% of capacity (median over seeds) at arrived workload %% of capacity\n");
  std::printf("%-11s", "policy");
  for (const int l : config.levels) std::printf("%8d", l);
  std::printf("  %10s\n", "s/seed");
  for (const auto& s : summaries) {
    std::printf("%-11.*s", static_cast<int>(frag::displayName(s.policy).size()), frag::displayName(s.policy).data());
    for (const double v : s.medianUnallocatedPct) std::printf("%8.2f", v);
    std::vector<double> secs = s.secondsPerSeed;
    std::sort(secs.begin(), secs.end());
    std::printf("  %10.3f\n", secs.empty() ? 0.0 : secs[secs.size() / 2]);
  }
  if (const auto json = args.value("json")) {
    if (!writeJson(*json, config.levels, summaries)) {
      std::fprintf(stderr, "hetsched experiment: cannot write %s\n", json->c_str());
      return 1;
    }
  }
  return 0;
}

}  // namespace

int runExperiment(std::span<char* const> args) {
  const Args parsed(args);
  if (parsed.positional().empty()) return usage();
  if (parsed.positional().front() == "hybrid") return runExperimentHybrid(parsed);
  if (const auto unknown = parsed.unknownOptions(kKnownOptions); !unknown.empty()) {
    std::fprintf(stderr, "hetsched experiment: unknown option %s\n", unknown.front().c_str());
    return usage();
  }
  if (parsed.positional().front() == "fragmentation") return runFragmentation(parsed);
  std::fprintf(stderr, "hetsched experiment: unknown experiment '%s'\n", parsed.positional().front().c_str());
  return usage();
}

}  // namespace hetsched::cli
