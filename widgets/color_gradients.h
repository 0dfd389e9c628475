#pragma once

#include "metric.h"

class QCPColorGradient;

namespace hetsched {

// Perceptually uniform gradients (matplotlib's viridis and inferno, sampled at
// nine stops): brightness rises monotonically with the value, so the map still
// reads in greyscale and for colour-blind operators, unlike jet/spectrum.
QCPColorGradient gradientFor(Metric metric);

// The same gradient drained of colour, to show that data is no longer live
// without hiding what the last known state was.
QCPColorGradient desaturated(const QCPColorGradient& gradient);

}  // namespace hetsched
