#include "whatif_sweep.h"

#include "whatif_metrics.h"

#include <algorithm>
#include <chrono>
#include <optional>
#include <thread>

namespace hetsched {

namespace {

const WhatifMetric* metricOf(std::string_view key) {
  for (const WhatifMetric& m : whatifMetrics())
    if (m.key == key) return &m;
  return nullptr;
}

}  // namespace

std::variant<std::vector<SweepPoint>, WhatifComparisonError> runWhatifSweep(const WhatifWorkload& workload,
                                                                            const v1::Policy& policy,
                                                                            std::span<const SweepAxis> axes,
                                                                            const SweepOptions& options) {
  std::size_t count = 1;
  for (const SweepAxis& a : axes) count *= a.values.size();
  std::vector<SweepPoint> points(count);
  for (std::size_t i = 0; i < count; ++i) {
    std::size_t rest = i;
    points[i].values.resize(axes.size());
    for (std::size_t a = axes.size(); a-- > 0;) {
      points[i].values[a] = axes[a].values[rest % axes[a].values.size()];
      rest /= axes[a].values.size();
    }
  }
  std::vector<std::optional<WhatifComparisonError>> failures(count);
  std::atomic<std::size_t> next{0};
  const auto work = [&] {
    for (std::size_t i = next++; i < count; i = next++) {
      SweepPoint& point = points[i];
      std::string name = policy.name();
      std::variant<v1::Policy, std::string> varied = policy;
      for (std::size_t a = 0; a < axes.size() && std::holds_alternative<v1::Policy>(varied); ++a) {
        varied = withParameter(std::get<v1::Policy>(varied), axes[a].path, point.values[a]);
        name += " " + axes[a].path + "=" + std::to_string(point.values[a]);
      }
      if (auto* e = std::get_if<std::string>(&varied)) {
        failures[i] = WhatifComparisonError{name, {SimError::InvalidPolicy, *e}};
      } else {
        const auto t0 = std::chrono::steady_clock::now();
        auto run = runWhatifPolicy(workload, std::get<v1::Policy>(varied), options.simulation);
        point.wallS = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        if (auto* e = std::get_if<WhatifError>(&run)) failures[i] = WhatifComparisonError{name, *e};
        else point.summary = std::get<SimResult>(std::move(run)).summary;
      }
      if (options.pointsDone) ++*options.pointsDone;
      if (failures[i]) next = count;
    }
  };
  const unsigned threads =
      std::max(1u, std::min<unsigned>(options.threads ? options.threads : std::thread::hardware_concurrency(),
                                       static_cast<unsigned>(std::max<std::size_t>(1, count))));
  {
    std::vector<std::jthread> pool;
    for (unsigned t = 1; t < threads; ++t) pool.emplace_back(work);
    work();
  }
  for (auto& f : failures)
    if (f) return std::move(*f);
  return points;
}

std::vector<bool> paretoFront(std::span<const SweepPoint> points, std::string_view xKey, std::string_view yKey) {
  const WhatifMetric* x = metricOf(xKey);
  const WhatifMetric* y = metricOf(yKey);
  if (!x || !y) return {};
  // Both as "higher is better".
  const auto score = [](const WhatifMetric* m, const SweepPoint& p) {
    return m->higherIsBetter ? m->value(p.summary) : -m->value(p.summary);
  };
  std::vector<bool> front(points.size(), true);
  for (std::size_t i = 0; i < points.size(); ++i) {
    const double xi = score(x, points[i]), yi = score(y, points[i]);
    for (std::size_t j = 0; j < points.size() && front[i]; ++j) {
      const double xj = score(x, points[j]), yj = score(y, points[j]);
      if (xj >= xi && yj >= yi && (xj > xi || yj > yi)) front[i] = false;
    }
  }
  return front;
}

}  // namespace hetsched
