#pragma once

// An hour of a few devices' readings at the agents' 3 s period, folded into
// a DeviceHistory by the backend's own SeriesBuilder: for the history view's
// tests, its benchmark and its screenshots.

#include "base/history/device_history.h"
#include "base/history/series_builder.h"
#include "base/model/device_model.h"
#include "base/model/topology.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

namespace hetsched::testing {

// Device i of `devices` runs at a steady 0.1 + 0.1 i (flat: tests find each
// line at a known height) or, with wavy, a slow wave with a short burst;
// every device runs a job for each quarter hour of the first half hour.
inline std::shared_ptr<const DeviceHistory> makeHistory(const Topology& topology,
                                                        const std::vector<std::uint32_t>& devices, bool wavy,
                                                        std::uint32_t points = 600, std::size_t frames = 1200) {
  constexpr std::int64_t kPeriodMs = 3000;
  const std::int64_t from = 3'600'000;
  SeriesBuilder builder(devices, from, from + static_cast<std::int64_t>(frames - 1) * kPeriodMs, points);
  std::vector<DeviceSample> samples(devices.size());
  for (std::size_t t = 0; t < frames; ++t) {
    for (std::size_t k = 0; k < devices.size(); ++k) {
      const DeviceModel& model = topology.modelOf(devices[k]);
      double u = 0.1 + 0.1 * static_cast<double>(k);
      if (wavy) {
        u = 0.45 + 0.35 * std::sin(0.004 * static_cast<double>(t) * (1.0 + 0.3 * static_cast<double>(k)) +
                                   static_cast<double>(k));
        if ((t + 97 * k) % 400 < 6) u = 1.0;  // a burst of 18 s
        u = std::clamp(u + 0.05 * std::sin(0.9 * static_cast<double>(t + k)), 0.0, 1.0);
      }
      const auto util = static_cast<float>(u);
      samples[k].utilization = util;
      samples[k].memoryUsed = static_cast<float>(0.2 + 0.6 * u);
      samples[k].powerWatts = static_cast<float>(model.idleWatts + (model.tdpWatts - model.idleWatts) * u);
      samples[k].temperatureC = static_cast<float>(35.0 + 45.0 * u);
      const std::size_t quarter = t / 300;
      samples[k].job = quarter < 2 ? 5000 + 10 * k + quarter : 0;
    }
    builder.add(from + static_cast<std::int64_t>(t) * kPeriodMs, samples);
  }
  return std::make_shared<const DeviceHistory>(builder.finish());
}

}  // namespace hetsched::testing
