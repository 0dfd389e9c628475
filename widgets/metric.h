#pragma once

#include "base/model/frame.h"
#include "base/model/topology.h"

#include <QString>

#include <array>
#include <cstddef>
#include <vector>

namespace hetsched {

// The per-device quantity the heatmap colours by. Allocation (the share of
// each device that running jobs hold, GPU shares included) comes from the job
// list rather than the frame (GpuAllocation); so does Team (the team of the
// job holding each device, DeviceTeams), a category rather than a quantity.
enum class Metric { Utilization, Memory, Power, Temperature, Allocation, Team };

// What a frame measures: the device details and tooltips list these.
inline constexpr std::array kMetrics{Metric::Utilization, Metric::Memory, Metric::Power, Metric::Temperature};
// What the heatmap can be coloured by.
inline constexpr std::array kHeatmapMetrics{Metric::Utilization, Metric::Memory,     Metric::Power,
                                            Metric::Temperature, Metric::Allocation, Metric::Team};

// A fixed colour range per metric, so that a colour means the same thing from
// one frame to the next instead of stretching to whatever the frame holds.
struct MetricRange {
  double lower = 0.0;
  double upper = 1.0;
};

QString metricName(Metric metric);   // "Utilization"
QString metricUnit(Metric metric);   // "%"
QString metricLabel(Metric metric);  // "Utilization (%)"
// What the heatmap's colour scale says: metricLabel, but power is coloured
// as a share of each device's own TDP ("Power (% of TDP)").
QString colourLabel(Metric metric);
// The colour range, in colourValue's units.
MetricRange metricRange(Metric metric, const Topology& topology);

// The value in display units (percent, W, °C); Allocation and Team are not
// in a frame and read 0 here.
double metricValue(const Frame& frame, std::size_t device, Metric metric);
// What the heatmap colours a device by: metricValue, except power, which is
// the percent of the device's own model's TDP, so a 150 W CPU at its limit
// is as hot a colour as a 400 W GPU at its limit.
double colourValue(const Frame& frame, const Topology& topology, std::size_t device, Metric metric);
// 1 / TDP per device (0 where the model has none), for colouring power.
std::vector<float> inverseTdp(const Topology& topology);
QString formatMetric(Metric metric, double value);

// Views drop frames that do not belong to their topology rather than index
// out of bounds: a frame can race a topology change on the wire.
bool frameMatches(const Topology& topology, const Frame& frame);

}  // namespace hetsched
