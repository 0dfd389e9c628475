#pragma once

#include "model/frame.h"
#include "model/topology.h"

#include <QString>

#include <array>
#include <cstddef>

namespace hetsched {

// The per-device quantity the heatmap colours by. Allocation (the share of
// each device that running jobs hold, GPU shares included) comes from the job
// list rather than the frame (GpuAllocation).
enum class Metric { Utilization, Memory, Power, Temperature, Allocation };

// What a frame measures: the device details and tooltips list these.
inline constexpr std::array kMetrics{Metric::Utilization, Metric::Memory, Metric::Power,
                                     Metric::Temperature};
// What the heatmap can be coloured by.
inline constexpr std::array kHeatmapMetrics{Metric::Utilization, Metric::Memory, Metric::Power,
                                            Metric::Temperature, Metric::Allocation};

// A fixed colour range per metric, so that a colour means the same thing from
// one frame to the next instead of stretching to whatever the frame holds.
struct MetricRange {
  double lower = 0.0;
  double upper = 1.0;
};

QString metricName(Metric metric);   // "Utilization"
QString metricUnit(Metric metric);   // "%"
QString metricLabel(Metric metric);  // "Utilization (%)", for the colour scale
MetricRange metricRange(Metric metric, const Topology& topology);

// The value in display units (percent, W, °C); Allocation is not in a frame
// and reads 0 here.
double metricValue(const Frame& frame, std::size_t device, Metric metric);
QString formatMetric(Metric metric, double value);

// Views drop frames that do not belong to their topology rather than index
// out of bounds: a frame can race a topology change on the wire.
bool frameMatches(const Topology& topology, const Frame& frame);

}  // namespace hetsched
