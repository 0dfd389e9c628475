#include "quantised_frame.h"

#include "base/model/frame.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>

namespace hetsched {

namespace {

// Same rounding as serve/rpc/frame_codec (round half away from zero on values
// clamped non-negative), without lround's cost per element. The 0.5 is added
// in double, where it is exact for values up to 65535: in float, 0.49999997
// + 0.5 rounds up to 1.
template <typename T>
T quantise(float v, float scale, float max) {
  // NOLINTNEXTLINE(bugprone-incorrect-roundings): exact in double here, see above
  return static_cast<T>(static_cast<double>(std::clamp(v * scale, 0.0f, max)) + 0.5);
}

}  // namespace

void QuantisedFrame::reset(std::size_t devices, std::size_t nodes) {
  utilization.assign(devices, 0);
  temperature.assign(devices, 0);
  memory.assign(devices, 0);
  power.assign(devices, 0);
  job.assign(devices, 0);
  nodeUp.assign(nodes, 0);
}

void QuantisedFrame::quantise(const Frame& f) {
  const std::size_t n = f.deviceCount();
  utilization.resize(n);
  temperature.resize(n);
  memory.resize(n);
  power.resize(n);
  for (std::size_t i = 0; i < n; ++i) {
    utilization[i] = hetsched::quantise<std::uint8_t>(f.utilization[i], 200.0f, 200.0f);
    temperature[i] = hetsched::quantise<std::uint8_t>(f.temperatureC[i], 1.0f, 255.0f);
    memory[i] = hetsched::quantise<std::uint16_t>(f.memoryUsed[i], 65535.0f, 65535.0f);
    power[i] = hetsched::quantise<std::uint16_t>(f.powerWatts[i], 1.0f, 65535.0f);
  }
  job = f.job;
  nodeUp = f.nodeUp;
}

void QuantisedFrame::dequantise(Frame* f) const {
  const std::size_t n = deviceCount();
  f->resize(n, nodeUp.size());
  for (std::size_t i = 0; i < n; ++i) {
    f->utilization[i] = utilization[i] / 200.0f;
    f->temperatureC[i] = temperature[i];
    f->memoryUsed[i] = memory[i] / 65535.0f;
    f->powerWatts[i] = power[i];
  }
  std::ranges::copy(job, f->job.begin());
  std::ranges::copy(nodeUp, f->nodeUp.begin());
}

}  // namespace hetsched
