#pragma once

#include <cstddef>
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

// The packed form, format 1 (a whole frame): format byte 1, varint devices,
// varint nodes, then a zstd frame (level 1) of byte planes:
//   utilization, temperature (one byte a device each),
//   memory, then power: low bytes, then high bytes (a plane of one byte's
//   noise beside a plane of a few values: zstd codes each well, interleaved
//   neither),
//   the job ids' width w in bytes (that of the largest), then w planes, low
//   byte first (ids are spread: most busy devices run a job of their own),
//   node_up.
// 1,000,000 simulated devices take 3.1 MB instead of 7.9 MB plain; see
// docs/frames.md for what each column costs and what was tried.
//
// Format 2 (a delta): format byte 2, varint devices, varint nodes, varint
// the reference frame's sequence, its planes' digest (8 bytes little
// endian), then a zstd frame (level -4) of the same planes, each byte the
// difference (mod 256) from the reference's. Between two frames few devices change job
// and temperatures move by a degree, so the planes are mostly zeros: a
// quarter of the whole form's size, and zstd runs faster on them. Only a
// reader holding that very reference (sequence and digest) can apply one.
std::string packColumns(const FrameColumns& columns);

// A whole frame's uncompressed planes, which a gateway and its watcher both
// keep so that later frames can travel as deltas against it.
struct PackedReference {
  std::uint64_t sequence = 0;
  std::uint64_t digest = 0;
  std::string planes;
  bool held() const { return !planes.empty(); }
};

// The planes of `columns` (format 1's layout, before compression).
void buildPlanes(const FrameColumns& columns, std::string* planes);
// Format 1 of planes built for `devices` and `nodes`.
std::string packPlanes(const std::string& planes, std::size_t devices, std::size_t nodes);
// Format 2 of planes against `reference`; nullopt when their layouts differ
// (another shape or job-id width): the caller sends the whole frame.
std::optional<std::string> packDelta(const std::string& planes, std::size_t devices, std::size_t nodes,
                                     const PackedReference& reference);
// What a reference's digest is (a 64-bit hash of its planes).
std::uint64_t planesDigest(const std::string& planes);

// Fails, naming what is wrong, on bytes that are not packColumns' or
// packDelta's output for `devices` devices and `nodes` nodes; never reads or
// allocates beyond that. A delta needs `reference` to hold the frame it was
// made against, and is refused otherwise (never applied to another frame).
// When `keep` is given and the blob is a whole frame, its planes are kept
// there as the reference of later deltas (the caller sets the sequence).
std::optional<std::string> unpackColumns(const std::string& packed, std::size_t devices, std::size_t nodes,
                                         FrameColumns* out, const PackedReference* reference = nullptr,
                                         PackedReference* keep = nullptr);

// The planes a packed blob carries (format 1's layout; a delta already
// applied to `reference`), checked against `devices` and `nodes`: points
// `planes` at this thread's buffer (valid until its next call; it may run
// past the planes' end) and sets the job ids' width. What unpackColumns and a decoder straight to floats share.
std::optional<std::string> unpackPlanes(const std::string& packed, std::size_t devices, std::size_t nodes,
                                        const PackedReference* reference, PackedReference* keep,
                                        const std::string** planes, int* jobBytes);

// The device and node counts a packed blob declares (a gateway unpacks for a
// watcher that asked for plain frames without knowing the topology).
std::optional<std::string> packedShape(const std::string& packed, std::size_t* devices, std::size_t* nodes);

// Whether a packed blob is a delta, and against which frame's sequence.
bool packedIsDelta(const std::string& packed, std::uint64_t* referenceSequence = nullptr);

}  // namespace hetsched
