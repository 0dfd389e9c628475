#include "exact_repulsion.h"

#include "float4.h"
#include "worker_pool.h"

#include <cstddef>
#include <functional>
#include <span>
#include <vector>

namespace hetsched::embed {

double exactRepulsion(std::span<const double> y, std::span<double> forces, WorkerPool& pool,
                      const std::function<void(unsigned)>& alongside) {
  const std::size_t n = y.size() / 2;
  const std::size_t padded = (n + 3) / 4 * 4;
  // Structure of arrays, padded far away so the tail adds nothing.
  std::vector<float> xs(padded, 1e18f), ys(padded, 1e18f);
  for (std::size_t i = 0; i < n; ++i) {
    xs[i] = static_cast<float>(y[2 * i]);
    ys[i] = static_cast<float>(y[2 * i + 1]);
  }
  std::vector<double> partial(pool.size(), 0.0);
  pool.run([&](unsigned worker) {
    if (alongside) alongside(worker);
    const auto [first, last] = pool.share(n, worker);
    const F4 one = {1.0f, 1.0f, 1.0f, 1.0f};
    double z = 0.0;
    for (std::size_t i = first; i < last; ++i) {
      const F4 xi = {xs[i], xs[i], xs[i], xs[i]};
      const F4 yi = {ys[i], ys[i], ys[i], ys[i]};
      F4 fx = {0, 0, 0, 0}, fy = {0, 0, 0, 0}, zs = {0, 0, 0, 0};
      for (std::size_t j = 0; j < padded; j += 4) {
        F4 xj, yj;
        __builtin_memcpy(&xj, &xs[j], sizeof xj);
        __builtin_memcpy(&yj, &ys[j], sizeof yj);
        const F4 dx = xi - xj;
        const F4 dy = yi - yj;
        const F4 w = one / (one + dx * dx + dy * dy);
        zs += w;
        fx += w * w * dx;
        fy += w * w * dy;
      }
      forces[2 * i] = fx[0] + fx[1] + fx[2] + fx[3];
      forces[2 * i + 1] = fy[0] + fy[1] + fy[2] + fy[3];
      z += static_cast<double>(zs[0] + zs[1] + zs[2] + zs[3]) - 1.0;  // w_ii = 1
    }
    partial[worker] = z;
  });
  double z = 0.0;
  for (double p : partial) z += p;
  return z;
}

}  // namespace hetsched::embed
