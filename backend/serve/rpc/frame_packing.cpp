#include "frame_packing.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <zstd.h>

namespace hetsched {

namespace {

constexpr unsigned char kWhole = 1;
constexpr unsigned char kDelta = 2;
constexpr int kLevel = 1;
// Deltas are mostly runs of zeros, not noise: zstd's fast levels code them
// well. Measured at 100,000 devices, a delta one frame after its key frame:
// level 1 82 KB and 3.11 ms encode + decode, -4 124 KB and 2.61 ms, -20
// 197 KB and 2.53 ms (the whole frame: 326 KB, 4.6 ms).
constexpr int kDeltaLevel = -4;

void putVarint(std::string* out, std::uint64_t v) {
  while (v >= 0x80) {
    out->push_back(static_cast<char>((v & 0x7f) | 0x80));
    v >>= 7;
  }
  out->push_back(static_cast<char>(v));
}

// Advances `p`; false when the varint runs past `end` or past 64 bits.
bool getVarint(const char*& p, const char* end, std::uint64_t* v) {
  std::uint64_t result = 0;
  for (int shift = 0; shift < 64 && p < end; shift += 7) {
    const auto byte = static_cast<unsigned char>(*p++);
    result |= static_cast<std::uint64_t>(byte & 0x7f) << shift;
    if (!(byte & 0x80)) {
      *v = result;
      return true;
    }
  }
  return false;
}

// Two-byte little-endian values as a plane of low bytes, then one of high.
char* splitPlanes(const char* values, std::size_t n, char* out) {
  for (std::size_t i = 0; i < n; ++i) {
    out[i] = values[2 * i];
    out[n + i] = values[2 * i + 1];
  }
  return out + 2 * n;
}

const char* joinPlanes(const char* planes, std::size_t n, char* values) {
  for (std::size_t i = 0; i < n; ++i) {
    values[2 * i] = planes[i];
    values[2 * i + 1] = planes[n + i];
  }
  return planes + 2 * n;
}

struct CctxFree {
  void operator()(ZSTD_CCtx* c) const { ZSTD_freeCCtx(c); }
};
struct DctxFree {
  void operator()(ZSTD_DCtx* d) const { ZSTD_freeDCtx(d); }
};

// One context a thread, kept: a context's tables and window cost more to set
// up than a small frame costs to pack.
ZSTD_CCtx* compressor() {
  thread_local std::unique_ptr<ZSTD_CCtx, CctxFree> context(ZSTD_createCCtx());
  return context.get();
}
ZSTD_DCtx* decompressor() {
  thread_local std::unique_ptr<ZSTD_DCtx, DctxFree> context(ZSTD_createDCtx());
  return context.get();
}

// Bytes of the columns before compression.
std::size_t rawSize(std::size_t devices, std::size_t nodes, int jobBytes) {
  return devices * (6 + static_cast<std::size_t>(jobBytes)) + 1 + nodes;
}

// Byte-wise difference and sum (mod 256) of whole buffers, eight bytes a
// step: the high bit of each byte is handled apart so that no borrow or
// carry crosses into the next byte.
constexpr std::uint64_t kHigh = 0x8080808080808080ull;

// out = op(a, b) byte by byte: `word` on eight bytes at a time, `byte` on
// the tail. `out` may be `a`.
template <class Word, class Byte>
void combineBytes(const char* a, const char* b, char* out, std::size_t size, Word word, Byte byte) {
  std::size_t i = 0;
  for (; i + 8 <= size; i += 8) {
    std::uint64_t x = 0;
    std::uint64_t y = 0;
    std::memcpy(&x, a + i, 8);
    std::memcpy(&y, b + i, 8);
    const std::uint64_t r = word(x, y);
    std::memcpy(out + i, &r, 8);
  }
  for (; i < size; ++i)
    out[i] = static_cast<char>(byte(static_cast<unsigned char>(a[i]), static_cast<unsigned char>(b[i])));
}

void subtractBytes(const char* a, const char* b, char* out, std::size_t size) {
  combineBytes(
      a, b, out, size,
      [](std::uint64_t x, std::uint64_t y) { return ((x | kHigh) - (y & ~kHigh)) ^ ((x ^ ~y) & kHigh); },
      [](unsigned char x, unsigned char y) { return x - y; });
}

void addBytes(char* inout, const char* b, std::size_t size) {
  combineBytes(
      inout, b, inout, size,
      [](std::uint64_t x, std::uint64_t y) { return ((x & ~kHigh) + (y & ~kHigh)) ^ ((x ^ y) & kHigh); },
      [](unsigned char x, unsigned char y) { return x + y; });
}

// What a packed blob's header says.
struct Header {
  unsigned char format = 0;
  std::uint64_t devices = 0;
  std::uint64_t nodes = 0;
  std::uint64_t reference = 0;  // a delta's
  std::uint64_t digest = 0;     // a delta's
  std::size_t length = 0;       // bytes before the zstd frame
};

std::optional<std::string> readHeader(const std::string& packed, Header* h) {
  const char* begin = packed.data();
  const char* p = begin;
  const char* end = p + packed.size();
  if (packed.empty() || (static_cast<unsigned char>(*p) != kWhole && static_cast<unsigned char>(*p) != kDelta))
    return std::string("packed: unknown format ") +
           (packed.empty() ? std::string("(empty)") : std::to_string(static_cast<unsigned char>(*p)));
  h->format = static_cast<unsigned char>(*p++);
  if (!getVarint(p, end, &h->devices) || !getVarint(p, end, &h->nodes)) return std::string("packed: header cut short");
  // A frame of more than 2^32 devices would not fit a message anyway.
  if (h->devices > 0xffffffffull || h->nodes > 0xffffffffull)
    return std::string("packed: device or node count out of range");
  if (h->format == kDelta) {
    if (!getVarint(p, end, &h->reference) || end - p < 8) return std::string("packed: delta header cut short");
    h->digest = 0;
    for (int b = 7; b >= 0; --b) h->digest = (h->digest << 8) | static_cast<unsigned char>(p[b]);
    p += 8;
  }
  h->length = static_cast<std::size_t>(p - begin);
  return std::nullopt;
}

std::string header(unsigned char format, std::size_t n, std::size_t nodes) {
  std::string out;
  out.push_back(static_cast<char>(format));
  putVarint(&out, n);
  putVarint(&out, nodes);
  return out;
}

// Into a kept buffer, then one copy of the compressed size: a string sized
// to ZSTD_compressBound would be zero-filled first, three times the bytes.
void appendCompressed(const char* data, std::size_t size, std::string* out, int level = kLevel) {
  thread_local std::string compressed;
  compressed.resize(ZSTD_compressBound(size));
  const std::size_t got = ZSTD_compressCCtx(compressor(), compressed.data(), compressed.size(), data, size, level);
  // Compressing into a buffer of ZSTD_compressBound cannot fail.
  if (!ZSTD_isError(got)) out->append(compressed.data(), got);
}

}  // namespace

std::uint64_t planesDigest(const std::string& planes) {
  // Eight bytes a step (a byte-wise hash of 9 MB would cost several
  // milliseconds); it only has to tell two references apart.
  std::uint64_t h = 0x9e3779b97f4a7c15ull ^ planes.size();
  const char* p = planes.data();
  const std::size_t words = planes.size() / 8;
  for (std::size_t i = 0; i < words; ++i) {
    std::uint64_t w = 0;
    std::memcpy(&w, p + 8 * i, 8);
    h = (h ^ w) * 0xff51afd7ed558ccdull;
    h ^= h >> 32;
  }
  for (std::size_t i = 8 * words; i < planes.size(); ++i)
    h = (h ^ static_cast<unsigned char>(p[i])) * 0xc4ceb9fe1a85ec53ull;
  return h;
}

void buildPlanes(const FrameColumns& c, std::string* planes) {
  const std::size_t n = c.devices;
  std::uint64_t largestJob = 0;
  for (const std::uint64_t id : c.job) largestJob = std::max(largestJob, id);
  int jobBytes = 1;
  while (jobBytes < 8 && (largestJob >> (8 * jobBytes)) != 0) ++jobBytes;

  planes->resize(rawSize(n, c.nodes, jobBytes));
  char* p = planes->data();
  p = std::copy(c.utilization.begin(), c.utilization.end(), p);
  p = std::copy(c.temperature.begin(), c.temperature.end(), p);
  p = splitPlanes(c.memory.data(), n, p);
  p = splitPlanes(c.power.data(), n, p);
  *p++ = static_cast<char>(jobBytes);
  for (std::size_t i = 0; i < n; ++i) {
    std::uint64_t id = c.job[i];
    for (int b = 0; b < jobBytes; ++b, id >>= 8) p[static_cast<std::size_t>(b) * n + i] = static_cast<char>(id);
  }
  p += static_cast<std::size_t>(jobBytes) * n;
  std::copy(c.nodeUp.begin(), c.nodeUp.end(), p);
}

std::string packPlanes(const std::string& planes, std::size_t n, std::size_t nodes) {
  std::string out = header(kWhole, n, nodes);
  appendCompressed(planes.data(), planes.size(), &out);
  return out;
}

std::string packColumns(const FrameColumns& c) {
  thread_local std::string planes;
  buildPlanes(c, &planes);
  return packPlanes(planes, c.devices, c.nodes);
}

std::optional<std::string> packDelta(const std::string& planes, std::size_t n, std::size_t nodes,
                                     const PackedReference& reference) {
  // Same size with the same counts means the same job-id width: the same
  // layout, byte for byte.
  if (!reference.held() || planes.size() != reference.planes.size() || planes.size() < rawSize(n, nodes, 1))
    return std::nullopt;
  thread_local std::string difference;
  difference.resize(planes.size());
  subtractBytes(planes.data(), reference.planes.data(), difference.data(), planes.size());
  std::string out = header(kDelta, n, nodes);
  putVarint(&out, reference.sequence);
  for (int i = 0; i < 8; ++i) out.push_back(static_cast<char>(reference.digest >> (8 * i)));
  appendCompressed(difference.data(), difference.size(), &out, kDeltaLevel);
  return out;
}

std::optional<std::string> packedShape(const std::string& packed, std::size_t* devices, std::size_t* nodes) {
  Header h;
  if (auto error = readHeader(packed, &h)) return error;
  *devices = static_cast<std::size_t>(h.devices);
  *nodes = static_cast<std::size_t>(h.nodes);
  return std::nullopt;
}

bool packedIsDelta(const std::string& packed, std::uint64_t* referenceSequence) {
  Header h;
  if (readHeader(packed, &h) || h.format != kDelta) return false;
  if (referenceSequence) *referenceSequence = h.reference;
  return true;
}

std::optional<std::string> unpackPlanes(const std::string& packed, std::size_t n, std::size_t nodes,
                                        const PackedReference* reference, PackedReference* keep,
                                        const std::string** planes, int* jobBytesOut) {
  Header h;
  if (auto error = readHeader(packed, &h)) return error;
  if (h.devices != n) return "packed: " + std::to_string(h.devices) + " devices, the topology has " + std::to_string(n);
  if (h.nodes != nodes)
    return "packed: " + std::to_string(h.nodes) + " nodes, the topology has " + std::to_string(nodes);
  const bool delta = h.format == kDelta;
  if (delta) {
    if (!reference || !reference->held())
      return "packed: a delta against frame " + std::to_string(h.reference) + ", and no reference frame is held";
    if (reference->sequence != h.reference || reference->digest != h.digest)
      return "packed: a delta against frame " + std::to_string(h.reference) + ", the reference held is frame " +
             std::to_string(reference->sequence) +
             (reference->sequence == h.reference ? std::string(" with other contents") : std::string());
    if (reference->planes.size() < rawSize(n, nodes, 1) || reference->planes.size() > rawSize(n, nodes, 8))
      return std::string("packed: the reference frame is of another shape");
  }

  // A whole frame's job width is inside the compressed bytes: room for the
  // widest, then the size must match the width found. A delta's planes are
  // exactly its reference's size.
  thread_local std::string raw;
  raw.resize(delta ? reference->planes.size() : rawSize(n, nodes, 8));
  const std::size_t got =
      ZSTD_decompressDCtx(decompressor(), raw.data(), raw.size(), packed.data() + h.length, packed.size() - h.length);
  if (ZSTD_isError(got)) return std::string("packed: ") + ZSTD_getErrorName(got);
  if (delta) {
    if (got != raw.size()) return std::string("packed: delta planes of the wrong length");
    addBytes(raw.data(), reference->planes.data(), got);
  }
  if (got < rawSize(n, nodes, 1)) return std::string("packed: columns cut short");
  const int jobBytes = static_cast<unsigned char>(raw[6 * n]);
  if (jobBytes < 1 || jobBytes > 8) return "packed: job ids of " + std::to_string(jobBytes) + " bytes";
  if (got != rawSize(n, nodes, jobBytes)) return std::string("packed: columns of the wrong length");
  if (keep && !delta) {
    keep->planes.assign(raw.data(), got);
    keep->digest = planesDigest(keep->planes);
  }
  *planes = &raw;
  *jobBytesOut = jobBytes;
  return std::nullopt;
}

std::optional<std::string> unpackColumns(const std::string& packed, std::size_t n, std::size_t nodes, FrameColumns* out,
                                         const PackedReference* reference, PackedReference* keep) {
  const std::string* planes = nullptr;
  int jobBytes = 0;
  if (auto error = unpackPlanes(packed, n, nodes, reference, keep, &planes, &jobBytes)) return error;
  const char* p = planes->data();
  out->devices = n;
  out->nodes = nodes;
  out->utilization.assign(p, n);
  p += n;
  out->temperature.assign(p, n);
  p += n;
  out->memory.resize(2 * n);
  p = joinPlanes(p, n, out->memory.data());
  out->power.resize(2 * n);
  p = joinPlanes(p, n, out->power.data());
  ++p;  // the width
  out->job.resize(n);
  for (std::size_t i = 0; i < n; ++i) {
    std::uint64_t id = 0;
    for (int b = jobBytes - 1; b >= 0; --b)
      id = (id << 8) | static_cast<unsigned char>(p[static_cast<std::size_t>(b) * n + i]);
    out->job[i] = id;
  }
  p += static_cast<std::size_t>(jobBytes) * n;
  out->nodeUp.assign(p, nodes);
  return std::nullopt;
}

}  // namespace hetsched
