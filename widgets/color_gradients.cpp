#include "color_gradients.h"

#include "metric.h"
#include "qcustomplot_include.h"

#include <algorithm>
#include <array>
#include <cstddef>
#include <vector>

namespace hetsched {

namespace {

using Stops = std::array<QRgb, 9>;

constexpr Stops kViridis{0x440154, 0x482878, 0x3e4989, 0x31688e, 0x26828e, 0x1f9e89, 0x35b779, 0x6ece58, 0xfde725};
// Inferno without its near-black start: idle devices stay readable against
// the separators and the hatching of down nodes.
constexpr Stops kInferno{0x1b0c41, 0x3b0f70, 0x5c126e, 0x7e2482, 0xa52c60, 0xcf4446, 0xed6925, 0xfb9b06, 0xfcffa4};
// Cividis (Nuñez et al. 2018, colour-vision-deficiency friendly): allocation
// looks unlike measured load, so a glance tells which one is on.
constexpr Stops kCividis{0x00224e, 0x123570, 0x3b496c, 0x575d6d, 0x707173, 0x8a8678, 0xa59c74, 0xc3b369, 0xfee838};

QCPColorGradient fromStops(const Stops& stops) {
  QCPColorGradient gradient;
  QMap<double, QColor> map;
  for (std::size_t i = 0; i < stops.size(); ++i)
    map.insert(static_cast<double>(i) / static_cast<double>(stops.size() - 1), QColor(stops[i]));
  gradient.setColorStops(map);
  gradient.setColorInterpolation(QCPColorGradient::ciRGB);
  gradient.setLevelCount(256);
  // Slots a node does not have must look empty, not like a zero reading.
  gradient.setNanHandling(QCPColorGradient::nhTransparent);
  return gradient;
}

}  // namespace

QCPColorGradient gradientFor(Metric metric) {
  switch (metric) {
    case Metric::Utilization:
    case Metric::Memory: return fromStops(kViridis);
    // Power and heat get a warm gradient so a glance tells which metric is on.
    case Metric::Power:
    case Metric::Temperature: return fromStops(kInferno);
    case Metric::Allocation:
    // Team: replaced by the teams' categoryGradient once a job list names them.
    case Metric::Team: return fromStops(kCividis);
  }
  return fromStops(kViridis);
}

QCPColorGradient categoryGradient(const std::vector<QColor>& colours) {
  const int count = std::max(static_cast<int>(colours.size()), 1);
  // QCustomPlot maps a value v in [-0.5, count - 0.5] to the level
  // int((v + 0.5) * (levels - 1) / count), truncated: with `perCategory`
  // levels per category (at least 2) code k lands inside category k's levels,
  // and the colour bar draws the levels evenly, so the bands line up with
  // the codes.
  const int perCategory = std::max(2, 128 / count);
  const int levels = count * perCategory;
  // The positions QCustomPlot computes for its levels, the same expression,
  // so each level finds a stop at exactly its position.
  const double step = 1.0 / static_cast<double>(levels - 1);
  QMap<double, QColor> map;
  for (int i = 0; i < levels; ++i) {
    const auto k = static_cast<std::size_t>(i / perCategory);
    map.insert(i * step, k < colours.size() ? colours[k] : QColor(Qt::gray));
  }
  QCPColorGradient gradient;
  gradient.setColorStops(map);
  gradient.setColorInterpolation(QCPColorGradient::ciRGB);
  gradient.setLevelCount(levels);
  gradient.setNanHandling(QCPColorGradient::nhTransparent);
  return gradient;
}

QCPRange categoryRange(std::size_t count) {
  return QCPRange(-0.5, static_cast<double>(std::max<std::size_t>(count, 1)) - 0.5);
}

QCPColorGradient desaturated(const QCPColorGradient& gradient) {
  QCPColorGradient grey = gradient;
  QMap<double, QColor> stops;
  const QMap<double, QColor> original = gradient.colorStops();
  for (auto it = original.cbegin(); it != original.cend(); ++it) {
    // Luma keeps the ordering of the values visible; lifting towards white
    // makes the stale state obvious at a glance.
    const int luma = qGray(it.value().rgb());
    const int lifted = 96 + luma * 120 / 255;
    stops.insert(it.key(), QColor(lifted, lifted, lifted));
  }
  grey.setColorStops(stops);
  return grey;
}

}  // namespace hetsched
