#pragma once

#include "metric.h"

#include <QColor>
#include <cstddef>
#include <vector>

class QCPColorGradient;
class QCPRange;

namespace hetsched {

// Perceptually uniform gradients (matplotlib's viridis and inferno, sampled at
// nine stops): brightness rises monotonically with the value, so the map still
// reads in greyscale and for colour-blind operators, unlike jet/spectrum.
QCPColorGradient gradientFor(Metric metric);

// Categories as a gradient: code k (0..colours.size() - 1) is exactly
// colours[k], over the data range categoryRange(colours.size()), in which
// the colour bar shows each category as an equal band centred on k (so a
// text ticker at k labels it). Every level sits on a stop of its own, so no
// interpolation can shift a channel by one.
QCPColorGradient categoryGradient(const std::vector<QColor>& colours);
QCPRange categoryRange(std::size_t count);

// The same gradient drained of colour, to show that data is no longer live
// without hiding what the last known state was.
QCPColorGradient desaturated(const QCPColorGradient& gradient);

}  // namespace hetsched
