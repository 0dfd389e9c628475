#include "runtime_predictor.h"

#include "base/model/job.h"

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace hetsched {

std::uint64_t RuntimePredictor::shapeKey(const JobSpec& spec) {
  // Requests rounded to powers of two: jobs asking 3.9 and 4 cores are alike.
  const JobRequests& r = spec.requests;
  auto bucket = [](std::uint64_t v) -> std::uint64_t { return v == 0 ? 0 : std::bit_width(v); };
  return static_cast<std::uint64_t>(spec.kind) | bucket(r.cpuMilli) << 8 | bucket(r.memoryMib) << 16 |
         bucket(r.gpuCount) << 24 | bucket(r.gpuMilli) << 32 | bucket(r.tpuCount) << 40;
}

void RuntimePredictor::add(History& h, double runtimeS) const {
  if (h.recent.size() < m_window) h.recent.push_back(runtimeS);
  else h.recent[h.next] = runtimeS;
  h.next = (h.next + 1) % m_window;
  h.ewma = h.count == 0 ? runtimeS : m_alpha * runtimeS + (1.0 - m_alpha) * h.ewma;
  ++h.count;
}

double RuntimePredictor::median(const History& h) {
  std::vector<double> v = h.recent;
  const auto mid = v.begin() + static_cast<std::ptrdiff_t>(v.size() / 2);
  std::nth_element(v.begin(), mid, v.end());
  if (v.size() % 2 == 1) return *mid;
  const double upper = *mid;
  return (upper + *std::max_element(v.begin(), mid)) / 2.0;
}

void RuntimePredictor::observe(const JobSpec& spec, double runtimeS) {
  if (m_window == 0) return;
  add(m_byShape[shapeKey(spec)], runtimeS);
  add(m_byKind[static_cast<std::uint8_t>(spec.kind)], runtimeS);
}

std::optional<double> RuntimePredictor::predictMedian(const JobSpec& spec) const {
  if (const auto it = m_byShape.find(shapeKey(spec)); it != m_byShape.end()) return median(it->second);
  if (const auto it = m_byKind.find(static_cast<std::uint8_t>(spec.kind)); it != m_byKind.end())
    return median(it->second);
  return std::nullopt;
}

std::optional<double> RuntimePredictor::predictEwma(const JobSpec& spec) const {
  if (const auto it = m_byShape.find(shapeKey(spec)); it != m_byShape.end()) return it->second.ewma;
  if (const auto it = m_byKind.find(static_cast<std::uint8_t>(spec.kind)); it != m_byKind.end()) return it->second.ewma;
  return std::nullopt;
}

std::size_t RuntimePredictor::samples(const JobSpec& spec) const {
  const auto it = m_byShape.find(shapeKey(spec));
  return it == m_byShape.end() ? 0 : it->second.count;
}

}  // namespace hetsched
