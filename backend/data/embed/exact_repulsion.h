#pragma once

#include <functional>
#include <span>

namespace hetsched::embed {

class WorkerPool;

// The same sums as InterpolatedRepulsion::compute, over all pairs: cheaper
// than the grid's FFTs for maps of a couple of thousand points, and free of
// interpolation error where a small map is sparse.
double exactRepulsion(std::span<const double> y, std::span<double> forces, WorkerPool& pool,
                      const std::function<void(unsigned)>& alongside = {});

}  // namespace hetsched::embed
