#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace hetsched {

class CapacityState;

// Each node's free primary capacity on the last few sampling ticks, and the
// least-squares line through them: the "history" from which the seed's §2.4
// offers predict a node's free resources over a move's transfer window.
// All nodes are sampled on the same ticks, so the times are kept once.
class FreeCapacityHistory {
 public:
  FreeCapacityHistory(std::size_t nodes, std::uint32_t samples);

  void record(double t, const CapacityState& state);
  // Free milli `aheadS` after the latest tick along the fitted trend,
  // clamped to [0, totalMilli]; with fewer than two ticks, `freeNow`.
  double predict(std::uint32_t node, double freeNow, double totalMilli, double aheadS) const;
  // Milli per second the node's free capacity changes by on its trend.
  double slope(std::uint32_t node) const;

 private:
  std::size_t m_nodes;
  std::uint32_t m_capacity;
  std::uint32_t m_count = 0;
  std::uint32_t m_head = 0;  // slot the next tick goes to
  std::vector<double> m_times;
  std::vector<double> m_free;  // [slot * nodes + node]
};

}  // namespace hetsched
