#pragma once

#include "base/model/frame.h"
#include "base/model/job.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace hetsched {

// A frame's device columns at the precision the wire uses (serve/rpc/frame_codec):
// utilisation in 1/200, temperature in whole degrees, memory in 1/65535,
// power in whole watts. The history is stored and delta-coded at this
// precision, so a replayed frame equals what a live console was sent.
struct QuantisedFrame {
  std::vector<std::uint8_t> utilization;
  std::vector<std::uint8_t> temperature;
  std::vector<std::uint16_t> memory;
  std::vector<std::uint16_t> power;
  std::vector<JobId> job;
  std::vector<std::uint8_t> nodeUp;

  // All zero: the base a keyframe is coded against.
  void reset(std::size_t devices, std::size_t nodes);
  void quantise(const Frame& frame);
  // Fills the device columns and nodeUp of `out`; the scalars are the caller's.
  void dequantise(Frame* out) const;
  std::size_t deviceCount() const { return utilization.size(); }
};

}  // namespace hetsched
