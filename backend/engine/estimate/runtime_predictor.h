#pragma once

#include "base/model/job.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <unordered_map>
#include <vector>

namespace hetsched {

// Predicts a job's runtime from the history of similar jobs: per (kind,
// request shape) the median of the last `window` runtimes (robust to the
// odd straggler) and an EWMA (tracks drift); falls back to the kind's
// median, then to nothing, so the caller decides the default.
class RuntimePredictor {
 public:
  explicit RuntimePredictor(std::size_t window = 32, double ewmaAlpha = 0.2) : m_window(window), m_alpha(ewmaAlpha) {}

  void observe(const JobSpec& spec, double runtimeS);
  std::optional<double> predictMedian(const JobSpec& spec) const;
  std::optional<double> predictEwma(const JobSpec& spec) const;
  std::size_t samples(const JobSpec& spec) const;

 private:
  struct History {
    std::vector<double> recent;  // ring buffer of the last `window` runtimes
    std::size_t next = 0;
    double ewma = 0.0;
    std::size_t count = 0;
  };
  static std::uint64_t shapeKey(const JobSpec& spec);
  void add(History& h, double runtimeS) const;
  static double median(const History& h);

  std::size_t m_window;
  double m_alpha;
  std::unordered_map<std::uint64_t, History> m_byShape;
  std::unordered_map<std::uint8_t, History> m_byKind;
};

}  // namespace hetsched
