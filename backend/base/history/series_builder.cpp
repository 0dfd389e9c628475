#include "series_builder.h"

#include "device_history.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>
#include <utility>

namespace hetsched {

SeriesBuilder::SeriesBuilder(std::span<const std::uint32_t> devices, std::int64_t fromMs, std::int64_t toMs,
                             std::uint32_t points) {
  m_history.fromMs = fromMs;
  m_history.toMs = std::max(toMs, fromMs);
  m_history.points = points;
  m_history.devices.resize(devices.size());
  const float none = std::numeric_limits<float>::quiet_NaN();
  for (std::size_t i = 0; i < devices.size(); ++i) {
    DeviceSeries& series = m_history.devices[i];
    series.device = devices[i];
    for (MetricSeries& metric : series.metrics) {
      metric.min.assign(points, none);
      metric.max.assign(points, none);
    }
  }
  m_open.resize(devices.size());
}

void SeriesBuilder::add(std::int64_t timeMs, std::span<const DeviceSample> samples) {
  const std::uint32_t points = m_history.points;
  if (points == 0 || timeMs < m_history.fromMs || timeMs > m_history.toMs) return;
  const std::int64_t span = m_history.toMs - m_history.fromMs + 1;
  const auto bucket =
      static_cast<std::size_t>(std::min<std::int64_t>((timeMs - m_history.fromMs) * points / span, points - 1));
  ++m_history.framesRead;
  const std::size_t n = std::min(samples.size(), m_history.devices.size());
  for (std::size_t i = 0; i < n; ++i) {
    const DeviceSample& s = samples[i];
    const std::array<float, kSeriesMetricCount> values{s.utilization, s.memoryUsed, s.powerWatts, s.temperatureC};
    DeviceSeries& series = m_history.devices[i];
    for (std::size_t m = 0; m < kSeriesMetricCount; ++m) {
      float& lo = series.metrics[m].min[bucket];
      float& hi = series.metrics[m].max[bucket];
      // NaN compares false: the first frame of a bucket sets both.
      if (!(lo <= values[m])) lo = values[m];
      if (!(hi >= values[m])) hi = values[m];
    }
    OpenSpan& open = m_open[i];
    if (s.job != open.job) {
      close(i);
      open = {s.job, timeMs, timeMs};
    } else {
      open.lastMs = timeMs;
    }
  }
}

void SeriesBuilder::close(std::size_t device) {
  OpenSpan& open = m_open[device];
  if (open.job == 0) return;
  DeviceSeries& series = m_history.devices[device];
  if (series.jobs.size() < HistoryLimits::kMaxJobSpans) series.jobs.push_back({open.job, open.startMs, open.lastMs});
  else ++series.jobsLeftOut;
  open.job = 0;
}

DeviceHistory SeriesBuilder::finish() {
  for (std::size_t i = 0; i < m_open.size(); ++i) close(i);
  return std::move(m_history);
}

}  // namespace hetsched
