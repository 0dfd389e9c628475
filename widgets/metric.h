#pragma once

#include "model/frame.h"
#include "model/topology.h"

#include <QString>

#include <array>
#include <cstddef>

namespace hetsched {

// The per-device quantity the heatmap colours by.
enum class Metric { Utilization, Memory, Power, Temperature };

inline constexpr std::array kMetrics{Metric::Utilization, Metric::Memory, Metric::Power,
                                     Metric::Temperature};

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

// The value in display units (percent, W, °C).
double metricValue(const Frame& frame, std::size_t device, Metric metric);
QString formatMetric(Metric metric, double value);

// Views drop frames that do not belong to their topology rather than index
// out of bounds: a frame can race a topology change on the wire.
bool frameMatches(const Topology& topology, const Frame& frame);

}  // namespace hetsched
