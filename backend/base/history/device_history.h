#pragma once

#include "base/model/job.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace hetsched {

// The four measured quantities of a device over time, in Frame's units:
// utilisation and memory as fractions 0..1, power in W, temperature in °C.
enum class SeriesMetric : std::uint8_t { Utilization, Memory, Power, Temperature };
inline constexpr std::size_t kSeriesMetricCount = 4;
inline constexpr std::array kSeriesMetrics{SeriesMetric::Utilization, SeriesMetric::Memory, SeriesMetric::Power,
                                           SeriesMetric::Temperature};

// One device in one frame, as the history reads it.
struct DeviceSample {
  float utilization = 0.0f;
  float memoryUsed = 0.0f;
  float powerWatts = 0.0f;
  float temperatureC = 0.0f;
  JobId job = 0;  // 0: idle
};

// Which devices, over which cluster time, at how many points. fromMs and
// toMs both 0: everything kept; toMs 0 alone: up to the newest frame.
struct HistoryRequest {
  std::vector<std::uint32_t> devices;
  std::int64_t fromMs = 0;
  std::int64_t toMs = 0;
  std::uint32_t points = 0;  // 0: kDefaultPoints
};

// What one request may ask, so that an answer stays near a megabyte and a
// request can never make the gateway decode or send whole frames.
struct HistoryLimits {
  static constexpr std::uint32_t kMaxDevices = 64;
  static constexpr std::uint32_t kMaxPoints = 4096;
  // devices × points: 32,768 points of 4 metrics × (min, max) × 4 bytes = 1 MiB.
  static constexpr std::uint32_t kMaxCells = 32768;
  static constexpr std::uint32_t kDefaultPoints = 600;
  // Job runs listed per device; more are counted, not listed.
  static constexpr std::uint32_t kMaxJobSpans = 256;
};

// A run of one job on a device: the cluster times of the first and the last
// frame that showed it there.
struct JobSpan {
  JobId job = 0;
  std::int64_t startMs = 0;
  std::int64_t endMs = 0;
  bool operator==(const JobSpan&) const = default;
};

// min and max of a metric per bucket, so a one-frame peak survives any
// decimation; NaN where no frame fell into the bucket.
struct MetricSeries {
  std::vector<float> min;
  std::vector<float> max;
};

struct DeviceSeries {
  std::uint32_t device = 0;
  std::array<MetricSeries, kSeriesMetricCount> metrics;
  std::vector<JobSpan> jobs;       // oldest first
  std::uint32_t jobsLeftOut = 0;   // spans beyond kMaxJobSpans

  const MetricSeries& of(SeriesMetric m) const { return metrics[static_cast<std::size_t>(m)]; }
};

// Bucket b covers cluster times [bucketStart(b), bucketStart(b + 1)).
struct DeviceHistory {
  std::int64_t fromMs = 0;
  std::int64_t toMs = 0;  // inclusive: the last frame's time
  std::uint32_t points = 0;
  std::uint64_t framesRead = 0;
  std::vector<DeviceSeries> devices;

  std::int64_t bucketStart(std::uint32_t bucket) const;
  double bucketMiddle(std::uint32_t bucket) const;
};

// A request the history refuses (the field as the wire names it, and why),
// or a history that could not be read.
struct HistoryError {
  enum class Kind { BadRequest, Unreadable };
  Kind kind = Kind::BadRequest;
  std::string field;
  std::string problem;
  std::string message() const { return field + ": " + problem; }
};

}  // namespace hetsched
