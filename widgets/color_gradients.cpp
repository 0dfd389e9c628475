#include "color_gradients.h"

#include "qcustomplot_include.h"

#include <array>

namespace hetsched {

namespace {

using Stops = std::array<QRgb, 9>;

constexpr Stops kViridis{0x440154, 0x482878, 0x3e4989, 0x31688e, 0x26828e,
                         0x1f9e89, 0x35b779, 0x6ece58, 0xfde725};
// Inferno without its near-black start: idle devices stay readable against
// the separators and the hatching of down nodes.
constexpr Stops kInferno{0x1b0c41, 0x3b0f70, 0x5c126e, 0x7e2482, 0xa52c60,
                         0xcf4446, 0xed6925, 0xfb9b06, 0xfcffa4};
// Cividis (Nuñez et al. 2018, colour-vision-deficiency friendly): allocation
// looks unlike measured load, so a glance tells which one is on.
constexpr Stops kCividis{0x00224e, 0x123570, 0x3b496c, 0x575d6d, 0x707173,
                         0x8a8678, 0xa59c74, 0xc3b369, 0xfee838};

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
    case Metric::Allocation: return fromStops(kCividis);
  }
  return fromStops(kViridis);
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
