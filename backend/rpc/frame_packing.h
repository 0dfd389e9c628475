#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace hetsched {

// A frame's device and node columns in their wire quantisation (see
// hetsched.proto's Frame: utilization and temperature_c one byte a device,
// memory_used and power_watts two bytes little endian, job ids, node_up one
// byte a node). The plain wire form carries them as they are; the packed
// form (Frame.packed) carries packColumns' bytes.
struct FrameColumns {
  std::size_t devices = 0;
  std::size_t nodes = 0;
  std::string utilization;
  std::string temperature;
  std::string memory;
  std::string power;
  std::vector<std::uint64_t> job;
  std::string nodeUp;
};

// The packed form, format 1: format byte 1, varint devices, varint nodes,
// then a zstd frame (level 1) of byte planes:
//   utilization, temperature (one byte a device each),
//   memory, then power: low bytes, then high bytes (a plane of one byte's
//   noise beside a plane of a few values: zstd codes each well, interleaved
//   neither),
//   the job ids' width w in bytes (that of the largest), then w planes, low
//   byte first (ids are spread: most busy devices run a job of their own),
//   node_up.
// 1,000,000 simulated devices take 3.1 MB instead of 7.9 MB plain; see
// docs/frames.md for what each column costs and what was tried.
std::string packColumns(const FrameColumns& columns);

// Fails, naming what is wrong, on bytes that are not packColumns' output for
// `devices` devices and `nodes` nodes; never reads or allocates beyond that.
std::optional<std::string> unpackColumns(const std::string& packed, std::size_t devices, std::size_t nodes,
                                         FrameColumns* out);

// The device and node counts a packed blob declares (a gateway unpacks for a
// watcher that asked for plain frames without knowing the topology).
std::optional<std::string> packedShape(const std::string& packed, std::size_t* devices, std::size_t* nodes);

}  // namespace hetsched
