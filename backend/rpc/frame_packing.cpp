#include "frame_packing.h"

#include <zstd.h>

#include <algorithm>
#include <memory>

namespace hetsched {

namespace {

constexpr unsigned char kFormat = 1;
constexpr int kLevel = 1;

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

}  // namespace

std::string packColumns(const FrameColumns& c) {
  const std::size_t n = c.devices;
  std::uint64_t largestJob = 0;
  for (const std::uint64_t id : c.job) largestJob = std::max(largestJob, id);
  int jobBytes = 1;
  while (jobBytes < 8 && (largestJob >> (8 * jobBytes)) != 0) ++jobBytes;

  thread_local std::string raw;
  raw.resize(rawSize(n, c.nodes, jobBytes));
  char* p = raw.data();
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

  // Into a kept buffer, then one copy of the compressed size: a string sized
  // to ZSTD_compressBound would be zero-filled first, three times the bytes.
  thread_local std::string compressed;
  compressed.resize(ZSTD_compressBound(raw.size()));
  const std::size_t size =
      ZSTD_compressCCtx(compressor(), compressed.data(), compressed.size(), raw.data(), raw.size(), kLevel);
  std::string out;
  out.push_back(static_cast<char>(kFormat));
  putVarint(&out, n);
  putVarint(&out, c.nodes);
  // Compressing into a buffer of ZSTD_compressBound cannot fail.
  if (!ZSTD_isError(size)) out.append(compressed.data(), size);
  return out;
}

std::optional<std::string> packedShape(const std::string& packed, std::size_t* devices, std::size_t* nodes) {
  const char* p = packed.data();
  const char* end = p + packed.size();
  if (packed.empty() || static_cast<unsigned char>(*p) != kFormat)
    return std::string("packed: unknown format ") +
           (packed.empty() ? std::string("(empty)") : std::to_string(static_cast<unsigned char>(*p)));
  ++p;
  std::uint64_t n = 0;
  std::uint64_t m = 0;
  if (!getVarint(p, end, &n) || !getVarint(p, end, &m)) return std::string("packed: header cut short");
  // A frame of more than 2^32 devices would not fit a message anyway.
  if (n > 0xffffffffull || m > 0xffffffffull) return std::string("packed: device or node count out of range");
  *devices = static_cast<std::size_t>(n);
  *nodes = static_cast<std::size_t>(m);
  return std::nullopt;
}

std::optional<std::string> unpackColumns(const std::string& packed, std::size_t n, std::size_t nodes,
                                         FrameColumns* out) {
  std::size_t declaredDevices = 0;
  std::size_t declaredNodes = 0;
  if (auto error = packedShape(packed, &declaredDevices, &declaredNodes)) return error;
  if (declaredDevices != n)
    return "packed: " + std::to_string(declaredDevices) + " devices, the topology has " + std::to_string(n);
  if (declaredNodes != nodes)
    return "packed: " + std::to_string(declaredNodes) + " nodes, the topology has " + std::to_string(nodes);
  std::size_t head = 1;
  while (head < packed.size() && (static_cast<unsigned char>(packed[head]) & 0x80)) ++head;
  ++head;
  while (head < packed.size() && (static_cast<unsigned char>(packed[head]) & 0x80)) ++head;
  ++head;

  // The job column's width is inside the compressed bytes: room for the
  // widest, then the size must match the width found.
  thread_local std::string raw;
  raw.resize(rawSize(n, nodes, 8));
  const std::size_t got = ZSTD_decompressDCtx(decompressor(), raw.data(), raw.size(), packed.data() + head,
                                              packed.size() - head);
  if (ZSTD_isError(got)) return std::string("packed: ") + ZSTD_getErrorName(got);
  if (got < rawSize(n, nodes, 1)) return std::string("packed: columns cut short");
  const char* p = raw.data();
  const int jobBytes = static_cast<unsigned char>(p[6 * n]);
  if (jobBytes < 1 || jobBytes > 8) return "packed: job ids of " + std::to_string(jobBytes) + " bytes";
  if (got != rawSize(n, nodes, jobBytes)) return std::string("packed: columns of the wrong length");

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
