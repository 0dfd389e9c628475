#pragma once

#include "hetsched.pb.h"
#include "history/device_history.h"
#include "model/frame.h"

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

// `in` in the plain form (a copy when it already is): what a gateway sends a
// watcher that did not ask for packed frames. Fails like decodeFrame.
std::optional<std::string> unpackFrame(const v1::Frame& in, v1::Frame* out);

// Fails (with the column named) when a column's length disagrees with the
// device or node count the caller expects from its Topology.
std::optional<std::string> decodeFrame(const v1::Frame& in, std::size_t devices, std::size_t nodes,
                                       Frame* out);

// Only `devices`' values of a wire frame (a device history reads a few
// devices of many frames: no whole Frame is built). Fails like decodeFrame
// on a column of the wrong length.
std::optional<std::string> readDeviceSamples(const v1::Frame& in, std::size_t devices,
                                             std::span<const std::uint32_t> which, std::span<DeviceSample> out);

}  // namespace hetsched
