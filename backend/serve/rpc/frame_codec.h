#pragma once

#include "base/history/device_history.h"
#include "base/model/frame.h"
#include "frame_packing.h"
#include "hetsched.pb.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>

namespace hetsched {

// Packs a Frame into the wire's column blobs (see hetsched.proto: uint8 and
// uint16 columns, so 10,000 devices take about 90 KB) and back.
void encodeFrame(const Frame& frame, v1::Frame* out);

// The same columns packed and compressed into Frame.packed (frame_packing.h:
// a third of the plain size), for watchers that ask for it; decodeFrame
// reads either form to the same Frame.
void encodePackedFrame(const Frame& frame, v1::Frame* out);

// Only the delta of `frame` against `reference` (what a watcher holding it
// is sent between key frames); false, `out` untouched, when the layouts
// differ and the whole frame must go instead.
bool encodeDeltaFrame(const Frame& frame, const PackedReference& reference, v1::Frame* out);

// `in` in the plain form (a copy when it already is): what a gateway sends a
// watcher that did not ask for packed frames. Fails like decodeFrame.
std::optional<std::string> unpackFrame(const v1::Frame& in, v1::Frame* out);

// Fails (with the column named) when a column's length disagrees with the
// device or node count the caller expects from its Topology. With
// `reference`, a whole packed frame is kept there as the reference of later
// deltas and a delta is applied to it; without one, or against another
// frame, a delta is refused (frame_packing.h).
std::optional<std::string> decodeFrame(const v1::Frame& in, std::size_t devices, std::size_t nodes, Frame* out,
                                       PackedReference* reference = nullptr);

// The WatchFrames request metadata by which a client says it applies deltas
// (no field of WatchFramesRequest, so hetsched.proto is unchanged: older
// gateways ignore it, and clients without it get whole frames).
inline constexpr const char* kAcceptDeltaMetadata = "hetsched-accept-delta";

// A gateway's packing of its frames: every frame once whole (for the ring,
// snapshots, old clients and watchers without the reference), and each
// frame between key frames once more as the delta against the last key
// frame, whatever the number of watchers.
class PackedFrameEncoder {
 public:
  // A key frame every `keyInterval` frames (1: no deltas).
  explicit PackedFrameEncoder(int keyInterval) : m_interval(keyInterval < 1 ? 1 : keyInterval) {}
  // Fills `whole`, and `delta` unless this frame is a key frame (then
  // returns false). The delta's reference is the last key frame.
  bool encode(const Frame& frame, v1::Frame* whole, v1::Frame* delta);

 private:
  int m_interval;
  int m_sinceKey = 0;
  std::uint64_t m_keyTopology = 0;
  PackedReference m_key;
};

// Only `devices`' values of a wire frame (a device history reads a few
// devices of many frames: no whole Frame is built). Fails like decodeFrame
// on a column of the wrong length.
std::optional<std::string> readDeviceSamples(const v1::Frame& in, std::size_t devices,
                                             std::span<const std::uint32_t> which, std::span<DeviceSample> out);

}  // namespace hetsched
