#include "whatif_sweep.h"

#include "base/model/for_each_index.h"
#include "bootstrap.h"
#include "engine/sim/sim_result.h"
#include "policy.pb.h"
#include "policy_parameter.h"
#include "whatif_metrics.h"
#include "whatif_replicas.h"
#include "whatif_run.h"

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <functional>
#include <map>
#include <optional>
#include <span>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace hetsched {

namespace {

const WhatifMetric* metricOf(std::string_view key) {
  for (const WhatifMetric& m : whatifMetrics())
    if (m.key == key) return &m;
  return nullptr;
}

// A parameter's value as a policy file holds it: whole numbers bare.
std::string valueText(double v) {
  std::ostringstream out;
  out.precision(10);
  out << v;
  return out.str();
}

}  // namespace

std::size_t sweepRuns(std::size_t points, std::size_t replicas) { return points * (1 + (replicas > 1 ? replicas : 0)); }

std::vector<std::string> sweepPolicyNames(std::span<const v1::Policy> policies) {
  std::vector<std::string> names;
  std::map<std::string, int> seen;
  for (const v1::Policy& p : policies) {
    const int n = ++seen[p.name()];
    names.push_back(n == 1 ? p.name() : p.name() + " (" + std::to_string(n) + ")");
  }
  return names;
}

std::string sweepPointName(std::span<const std::string> policyNames, std::span<const SweepAxis> axes,
                           const SweepPoint& point) {
  std::string name = point.policy < policyNames.size() ? policyNames[point.policy] : std::string();
  for (std::size_t a = 0; a < axes.size() && a < point.values.size(); ++a)
    name += " " + axes[a].path + "=" + valueText(point.values[a]);
  return name;
}

v1::Policy sweepPointPolicy(std::span<const v1::Policy> policies, std::span<const SweepAxis> axes,
                            const SweepPoint& point) {
  v1::Policy policy = point.policy < policies.size() ? policies[point.policy] : v1::Policy();
  for (std::size_t a = 0; a < axes.size() && a < point.values.size(); ++a) {
    // runWhatifSweep set every value before it ran; one it refused has no point.
    auto set = withParameter(policy, axes[a].path, point.values[a]);
    if (auto* p = std::get_if<v1::Policy>(&set)) policy = std::move(*p);
  }
  return policy;
}

const Interval* sweepInterval(const WhatifMetric& metric, const SweepPoint& point) {
  // Intervals are in whatifMetrics() order: a metric's place is its index.
  const auto all = whatifMetrics();
  const std::less<const WhatifMetric*> before;
  if (before(&metric, all.data()) || !before(&metric, all.data() + all.size())) return nullptr;
  const auto index = static_cast<std::size_t>(&metric - all.data());
  return index < point.intervals.size() ? &point.intervals[index] : nullptr;
}

double sweepValue(const WhatifMetric& metric, const SweepPoint& point) {
  if (const Interval* i = sweepInterval(metric, point)) return i->median;
  return metric.value(point.summary);
}

std::variant<std::vector<SweepPoint>, WhatifComparisonError> runWhatifSweep(const WhatifWorkload& workload,
                                                                            const v1::Policy& policy,
                                                                            std::span<const SweepAxis> axes,
                                                                            const SweepOptions& options) {
  return runWhatifSweep(workload, std::span<const v1::Policy>(&policy, 1), axes, options);
}

std::variant<std::vector<SweepPoint>, WhatifComparisonError> runWhatifSweep(const WhatifWorkload& workload,
                                                                            std::span<const v1::Policy> policies,
                                                                            std::span<const SweepAxis> axes,
                                                                            const SweepOptions& options) {
  std::size_t grid = 1;
  for (const SweepAxis& a : axes) grid *= a.values.size();
  const std::size_t count = policies.size() * grid;
  const std::vector<std::string> names = sweepPolicyNames(policies);
  std::vector<SweepPoint> points(count);
  // Every point's policy, set before anything runs: a value a field cannot
  // take stops the sweep before its first run.
  std::vector<v1::Policy> pointPolicies(count);
  for (std::size_t i = 0; i < count; ++i) {
    SweepPoint& point = points[i];
    point.policy = i / grid;
    std::size_t rest = i % grid;
    point.values.resize(axes.size());
    for (std::size_t a = axes.size(); a-- > 0;) {
      point.values[a] = axes[a].values[rest % axes[a].values.size()];
      rest /= axes[a].values.size();
    }
    std::variant<v1::Policy, std::string> varied = policies[point.policy];
    for (std::size_t a = 0; a < axes.size() && std::holds_alternative<v1::Policy>(varied); ++a)
      varied = withParameter(std::get<v1::Policy>(varied), axes[a].path, point.values[a]);
    if (auto* e = std::get_if<std::string>(&varied))
      return WhatifComparisonError{sweepPointName(names, axes, point), {SimError::InvalidPolicy, *e}, false};
    pointPolicies[i] = std::get<v1::Policy>(std::move(varied));
  }

  std::vector<std::optional<WhatifComparisonError>> failures(count);
  forEachIndex(count, options.threads, [&](std::size_t i, const auto& stop) {
    SweepPoint& point = points[i];
    const auto t0 = std::chrono::steady_clock::now();
    auto run = runWhatifPolicy(workload, pointPolicies[i], options.simulation);
    point.wallS = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (auto* e = std::get_if<WhatifError>(&run))
      failures[i] = WhatifComparisonError{sweepPointName(names, axes, point), *e, false};
    else point.summary = std::get<SimResult>(std::move(run)).summary;
    if (options.pointsDone) ++*options.pointsDone;
    if (failures[i]) stop();
  });
  for (auto& f : failures)
    if (f) return std::move(*f);
  if (options.replicas < 2 || count == 0) return points;

  // Replicas: every point on the same replica (drawn once per replica, as
  // runWhatifReplicas draws it), so points compare on the same arrivals.
  const std::size_t n = options.replicas;
  const RuntimeErrors errors = runtimeErrors(workload.jobs);
  std::vector<std::vector<SimSummary>> summaries(n, std::vector<SimSummary>(count));
  std::vector<std::optional<WhatifComparisonError>> replicaFailures(n);
  forEachIndex(n, options.threads, [&](std::size_t r, const auto& stop) {
    const WhatifWorkload replica =
        replicaWorkload(workload, errors, options.blockS, replicaSeed(options.replicaSeed, r));
    for (std::size_t i = 0; i < count && !replicaFailures[r]; ++i) {
      auto run = runWhatifPolicy(replica, pointPolicies[i], options.simulation);
      if (auto* e = std::get_if<WhatifError>(&run))
        replicaFailures[r] = WhatifComparisonError{sweepPointName(names, axes, points[i]), *e, true};
      else summaries[r][i] = std::get<SimResult>(std::move(run)).summary;
      if (options.pointsDone) ++*options.pointsDone;
    }
    if (replicaFailures[r]) stop();
  });
  for (auto& f : replicaFailures)
    if (f) return std::move(*f);
  for (std::size_t i = 0; i < count; ++i) {
    for (const WhatifMetric& m : whatifMetrics()) {
      std::vector<double> values;
      values.reserve(n);
      for (std::size_t r = 0; r < n; ++r) values.push_back(m.value(summaries[r][i]));
      points[i].intervals.push_back(percentileInterval(std::move(values)));
    }
  }
  return points;
}

std::vector<bool> paretoFront(std::span<const SweepPoint> points, std::string_view xKey, std::string_view yKey) {
  const WhatifMetric* x = metricOf(xKey);
  const WhatifMetric* y = metricOf(yKey);
  if (!x || !y) return {};
  // Both as "higher is better", each point's once.
  std::vector<double> xs, ys;
  for (const SweepPoint& p : points) {
    xs.push_back(x->higherIsBetter ? sweepValue(*x, p) : -sweepValue(*x, p));
    ys.push_back(y->higherIsBetter ? sweepValue(*y, p) : -sweepValue(*y, p));
  }
  std::vector<bool> front(points.size(), true);
  for (std::size_t i = 0; i < points.size(); ++i)
    for (std::size_t j = 0; j < points.size() && front[i]; ++j)
      if (xs[j] >= xs[i] && ys[j] >= ys[i] && (xs[j] > xs[i] || ys[j] > ys[i])) front[i] = false;
  return front;
}

}  // namespace hetsched
