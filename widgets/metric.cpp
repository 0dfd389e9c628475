#include "metric.h"

#include "base/model/frame.h"
#include "base/model/topology.h"

#include <QCoreApplication>
#include <algorithm>
#include <cstddef>
#include <vector>

namespace hetsched {

namespace {
// lupdate files tr() calls in namespace hetsched under the context "hetsched".
QString tr(const char* text) { return QCoreApplication::translate("hetsched", text); }
}  // namespace

QString metricName(Metric metric) {
  switch (metric) {
    case Metric::Utilization: return tr("Utilization");
    case Metric::Memory: return tr("Memory");
    case Metric::Power: return tr("Power");
    case Metric::Temperature: return tr("Temperature");
    case Metric::Allocation: return tr("Allocation");
    case Metric::Team: return tr("Team");
  }
  return {};
}

QString metricUnit(Metric metric) {
  switch (metric) {
    case Metric::Utilization:
    case Metric::Memory:
    case Metric::Allocation: return tr("%");
    case Metric::Power: return tr("W");
    case Metric::Temperature: return tr("°C");
    case Metric::Team: return {};
  }
  return {};
}

QString metricLabel(Metric metric) {
  if (metric == Metric::Team) return metricName(metric);  // no unit
  return tr("%1 (%2)").arg(metricName(metric), metricUnit(metric));
}

QString colourLabel(Metric metric) {
  if (metric == Metric::Power) return tr("Power (% of TDP)");
  return metricLabel(metric);
}

MetricRange metricRange(Metric metric, const Topology&) {
  switch (metric) {
    case Metric::Utilization:
    case Metric::Memory:
    case Metric::Allocation:
    // Power: each device against its own TDP: scaled to the hungriest model,
    // a 150 W CPU at full load stayed below 40 % of a 400 W GPU's scale and
    // every CPU looked idle.
    case Metric::Power: return {0.0, 100.0};
    // Roughly idle air-cooled silicon to thermal-throttle territory.
    case Metric::Temperature: return {20.0, 95.0};
    // Set per team count by the heatmap (teamGradient's range).
    case Metric::Team: return {0.0, 1.0};
  }
  return {};
}

double metricValue(const Frame& frame, std::size_t device, Metric metric) {
  switch (metric) {
    case Metric::Utilization: return 100.0 * frame.utilization[device];
    case Metric::Memory: return 100.0 * frame.memoryUsed[device];
    case Metric::Power: return frame.powerWatts[device];
    case Metric::Temperature: return frame.temperatureC[device];
    case Metric::Allocation:
    case Metric::Team: return 0.0;
  }
  return 0.0;
}

double colourValue(const Frame& frame, const Topology& topology, std::size_t device, Metric metric) {
  if (metric != Metric::Power) return metricValue(frame, device, metric);
  const double tdp = topology.modelOf(device).tdpWatts;
  return tdp > 0.0 ? 100.0 * frame.powerWatts[device] / tdp : 0.0;
}

std::vector<float> inverseTdp(const Topology& topology) {
  std::vector<float> out(topology.devices.size(), 0.0f);
  for (std::size_t i = 0; i < out.size(); ++i) {
    const double tdp = topology.modelOf(i).tdpWatts;
    out[i] = tdp > 0.0 ? static_cast<float>(1.0 / tdp) : 0.0f;
  }
  return out;
}

QString formatMetric(Metric metric, double value) {
  const bool percent = metric == Metric::Utilization || metric == Metric::Memory || metric == Metric::Allocation;
  const QString number = QString::number(value, 'f', percent ? 1 : 0);
  if (percent) return tr("%1 %").arg(number);
  return tr("%1 %2").arg(number, metricUnit(metric));
}

bool frameMatches(const Topology& topology, const Frame& frame) {
  const std::size_t devices = topology.devices.size();
  return frame.utilization.size() == devices && frame.memoryUsed.size() == devices &&
         frame.powerWatts.size() == devices && frame.temperatureC.size() == devices && frame.job.size() == devices &&
         frame.nodeUp.size() == topology.nodes.size();
}

}  // namespace hetsched
