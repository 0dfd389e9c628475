#include "whatif_replicas.h"

#include "base/model/for_each_index.h"
#include "bootstrap.h"
#include "engine/estimate/runtime_predictor.h"
#include "engine/sim/sim_job.h"
#include "engine/sim/sim_result.h"
#include "engine/sim/simulation_options.h"
#include "engine/sim/split_mix.h"
#include "policy.pb.h"
#include "whatif_metrics.h"
#include "whatif_run.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <span>
#include <utility>
#include <variant>
#include <vector>

namespace hetsched {

RuntimeErrors runtimeErrors(std::span<const SimJob> jobs) {
  std::vector<std::size_t> order;
  for (std::size_t i = 0; i < jobs.size(); ++i)
    if (jobs[i].runtimeS > 0.0 && std::isfinite(jobs[i].runtimeS) && !jobs[i].pinnedNode) order.push_back(i);
  std::ranges::stable_sort(order, {}, [&](std::size_t i) { return jobs[i].arrivalS; });
  RuntimePredictor predictor;
  RuntimeErrors out;
  out.predicted.assign(jobs.size(), 0.0);
  for (const std::size_t i : order) {
    if (const auto predicted = predictor.predictMedian(jobs[i].spec); predicted && *predicted > 0.0) {
      out.predicted[i] = *predicted;
      out.errors.push_back(std::log(jobs[i].runtimeS / *predicted));
    }
    predictor.observe(jobs[i].spec, jobs[i].runtimeS);
  }
  return out;
}

WhatifWorkload replicaWorkload(const WhatifWorkload& base, const RuntimeErrors& errors, double blockS,
                               std::uint64_t seed) {
  SplitMix rng(seed);
  WhatifWorkload out;
  out.topology = base.topology;
  out.cpuPodsOnGpuNodes = base.cpuPodsOnGpuNodes;
  out.description = base.description;
  out.facts = base.facts;
  // Each replica job's prediction, by its source job.
  std::vector<double> predicted;
  std::vector<const SimJob*> arriving;
  for (std::size_t i = 0; i < base.jobs.size(); ++i) {
    if (base.jobs[i].arrivalS > 0.0) {
      arriving.push_back(&base.jobs[i]);
    } else {
      out.jobs.push_back(base.jobs[i]);
      predicted.push_back(i < errors.predicted.size() ? errors.predicted[i] : 0.0);
    }
  }
  std::ranges::stable_sort(arriving, {}, [](const SimJob* j) { return j->arrivalS; });
  if (!arriving.empty()) {
    const double span = arriving.back()->arrivalS;
    const double block = std::max(std::min(blockS, span), 1e-6);
    for (double at = 0.0; at < span; at += block) {
      const double from = rng.uniform() * std::max(0.0, span - block);
      const auto first = std::ranges::lower_bound(arriving, from, {}, [](const SimJob* j) { return j->arrivalS; });
      for (auto it = first; it != arriving.end() && (*it)->arrivalS < from + block; ++it) {
        const double arrival = at + ((*it)->arrivalS - from);
        if (arrival > span) break;
        SimJob copy = **it;
        copy.arrivalS = std::max(arrival, 1e-9);  // after the fixed jobs at 0
        out.jobs.push_back(std::move(copy));
        const auto source = static_cast<std::size_t>(*it - base.jobs.data());
        predicted.push_back(source < errors.predicted.size() ? errors.predicted[source] : 0.0);
      }
    }
  }
  if (!errors.errors.empty())
    for (std::size_t i = 0; i < out.jobs.size(); ++i)
      if (!out.jobs[i].pinnedNode && predicted[i] > 0.0)
        out.jobs[i].runtimeS =
            predicted[i] * std::exp(errors.errors[rng.below(static_cast<std::uint32_t>(errors.errors.size()))]);
  return out;
}

std::uint64_t replicaSeed(std::uint64_t seed, std::size_t r) { return seed * 0x9e3779b97f4a7c15ULL + r + 1; }

std::variant<ReplicaResults, WhatifComparisonError> runWhatifReplicas(const WhatifWorkload& workload,
                                                                      std::span<const v1::Policy> policies,
                                                                      const ReplicaOptions& options) {
  const RuntimeErrors errors = runtimeErrors(workload.jobs);
  const std::size_t n = options.replicas;
  // values[r][p]: every metric of policy p on replica r.
  std::vector<std::vector<SimSummary>> summaries(n, std::vector<SimSummary>(policies.size()));
  std::vector<std::optional<WhatifComparisonError>> failures(n);
  const SimulationOptions simulation = judgedByBaseline(options.simulation, policies);
  forEachIndex(n, options.threads, [&](std::size_t r, const auto& stop) {
    const WhatifWorkload replica = replicaWorkload(workload, errors, options.blockS, replicaSeed(options.seed, r));
    for (std::size_t p = 0; p < policies.size() && !failures[r]; ++p) {
      auto run = runWhatifPolicy(replica, policies[p], simulation);
      if (auto* e = std::get_if<WhatifError>(&run)) failures[r] = WhatifComparisonError{policies[p].name(), *e, true};
      else summaries[r][p] = std::get<SimResult>(run).summary;
    }
    if (options.replicasDone) ++*options.replicasDone;
    if (failures[r]) stop();  // the others stop after their replica
  });
  for (const auto& f : failures)
    if (f) return *f;

  ReplicaResults out;
  out.replicas = n;
  out.seed = options.seed;
  out.runtimeErrors = errors.errors.size();
  for (const v1::Policy& p : policies) out.policies.push_back(p.name());
  for (const WhatifMetric& m : whatifMetrics()) {
    ReplicaMetric metric{m.key, {}, {}};
    for (std::size_t p = 0; p < policies.size(); ++p) {
      std::vector<double> values, differences;
      for (std::size_t r = 0; r < n; ++r) {
        values.push_back(m.value(summaries[r][p]));
        differences.push_back(m.value(summaries[r][p]) - m.value(summaries[r][0]));
      }
      metric.value.push_back(percentileInterval(std::move(values)));
      metric.difference.push_back(percentileInterval(std::move(differences)));
    }
    out.metrics.push_back(std::move(metric));
  }
  return out;
}

std::string replicasJson(const ReplicaResults& results) {
  nlohmann::ordered_json out;
  out["replicas"] = results.replicas;
  out["seed"] = results.seed;
  out["runtime_errors"] = results.runtimeErrors;
  out["policies"] = nlohmann::ordered_json::array();
  for (std::size_t p = 0; p < results.policies.size(); ++p) {
    nlohmann::ordered_json metrics = nlohmann::ordered_json::object(), differences = nlohmann::ordered_json::object();
    for (const ReplicaMetric& m : results.metrics) {
      const Interval& v = m.value[p];
      metrics[std::string(m.key)] = {{"median", v.median}, {"low", v.low}, {"high", v.high}};
      const Interval& d = m.difference[p];
      differences[std::string(m.key)] = {
          {"median", d.median}, {"low", d.low}, {"high", d.high}, {"significant", d.excludesZero()}};
    }
    nlohmann::ordered_json entry{{"name", results.policies[p]}, {"metrics", metrics}};
    if (p > 0) entry["difference"] = differences;
    out["policies"].push_back(std::move(entry));
  }
  return out.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n";
}

}  // namespace hetsched
