#include "history_codec.h"

#include "base/model/device_kind.h"
#include "base/model/frame.h"
#include "base/model/job.h"
#include "blob_bytes.h"
#include "quantised_frame.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>
#include <zconf.h>

#ifdef HETSCHED_STORE_HAVE_ZLIB
#include <zlib.h>
#endif

namespace hetsched {

namespace {

constexpr std::uint8_t kFormat = 1;

// Zigzag keeps small negative differences small in both bytes.
std::uint16_t zigzag(std::uint16_t cur, std::uint16_t prev) {
  const auto d = static_cast<std::int16_t>(static_cast<std::uint16_t>(cur - prev));
  return static_cast<std::uint16_t>((static_cast<std::uint16_t>(d) << 1) ^ static_cast<std::uint16_t>(d >> 15));
}

std::uint16_t unzigzag(std::uint16_t z, std::uint16_t prev) {
  const auto d = static_cast<std::uint16_t>((z >> 1) ^ static_cast<std::uint16_t>(-(z & 1)));
  return static_cast<std::uint16_t>(prev + d);
}

}  // namespace

#ifdef HETSCHED_STORE_HAVE_ZLIB
struct HistoryCodec::Zlib {
  z_stream deflater{};
  z_stream inflater{};
  bool deflaterReady = false;
  bool inflaterReady = false;
  ~Zlib() {
    if (deflaterReady) deflateEnd(&deflater);
    if (inflaterReady) inflateEnd(&inflater);
  }
};
#else
struct HistoryCodec::Zlib {};
#endif

HistoryCodec::HistoryCodec() : m_zlib(std::make_unique<Zlib>()) {}
HistoryCodec::HistoryCodec(HistoryCodec&&) noexcept = default;
HistoryCodec& HistoryCodec::operator=(HistoryCodec&&) noexcept = default;
HistoryCodec::~HistoryCodec() = default;

bool HistoryCodec::compressed() {
#ifdef HETSCHED_STORE_HAVE_ZLIB
  return true;
#else
  return false;
#endif
}

void HistoryCodec::encode(const QuantisedFrame* prev, const QuantisedFrame& cur, std::vector<std::uint8_t>* out) {
  const std::size_t n = cur.deviceCount();
  const std::size_t nodes = cur.nodeUp.size();
  m_raw.resize(8 + 6 * n + nodes);
  std::uint8_t* p = m_raw.data();
  putU32(p, static_cast<std::uint32_t>(n));
  putU32(p + 4, static_cast<std::uint32_t>(nodes));
  std::uint8_t* util = p + 8;
  std::uint8_t* temp = util + n;
  std::uint8_t* memLo = temp + n;
  std::uint8_t* memHi = memLo + n;
  std::uint8_t* powLo = memHi + n;
  std::uint8_t* powHi = powLo + n;
  std::uint8_t* up = powHi + n;
  for (std::size_t i = 0; i < n; ++i) {
    util[i] = static_cast<std::uint8_t>(cur.utilization[i] - (prev ? prev->utilization[i] : 0));
    temp[i] = static_cast<std::uint8_t>(cur.temperature[i] - (prev ? prev->temperature[i] : 0));
    const std::uint16_t m = zigzag(cur.memory[i], prev ? prev->memory[i] : 0);
    const std::uint16_t w = zigzag(cur.power[i], prev ? prev->power[i] : 0);
    memLo[i] = static_cast<std::uint8_t>(m);
    memHi[i] = static_cast<std::uint8_t>(m >> 8);
    powLo[i] = static_cast<std::uint8_t>(w);
    powHi[i] = static_cast<std::uint8_t>(w >> 8);
  }
  for (std::size_t i = 0; i < nodes; ++i)
    up[i] = static_cast<std::uint8_t>(cur.nodeUp[i] ^ (prev ? prev->nodeUp[i] : 0));
  std::size_t changes = 0;
  for (std::size_t i = 0; i < n; ++i) changes += cur.job[i] != (prev ? prev->job[i] : 0);
  putVarint(m_raw, changes);
  std::size_t last = 0;
  for (std::size_t i = 0; i < n; ++i) {
    if (cur.job[i] == (prev ? prev->job[i] : 0)) continue;
    putVarint(m_raw, i - last);
    putVarint(m_raw, cur.job[i]);
    last = i;
  }

  startBlob(*out, kFormat, m_raw.size());
#ifdef HETSCHED_STORE_HAVE_ZLIB
  // Z_RLE: the planes are differences, mostly zeros and small values with
  // little long-range repetition, so run-length plus Huffman coding gets
  // nearly all of what full deflate would, several times faster (saving an
  // hour of 10,000 devices must stay under a second).
  z_stream& z = m_zlib->deflater;
  if (!m_zlib->deflaterReady) {
    m_zlib->deflaterReady = deflateInit2(&z, 1, Z_DEFLATED, 15, 8, Z_RLE) == Z_OK;
  } else {
    deflateReset(&z);
  }
  if (m_zlib->deflaterReady) {
    // Deflate into a reused buffer and copy out the exact size: a blob
    // sized for the worst case would touch several times the memory.
    m_packed.resize(deflateBound(&z, static_cast<uLong>(m_raw.size())));
    z.next_in = m_raw.data();
    z.avail_in = static_cast<uInt>(m_raw.size());
    z.next_out = m_packed.data();
    z.avail_out = static_cast<uInt>(m_packed.size());
    if (deflate(&z, Z_FINISH) == Z_STREAM_END) {
      (*out)[1] = 1;
      out->insert(out->end(), m_packed.begin(), m_packed.begin() + static_cast<std::ptrdiff_t>(z.total_out));
      return;
    }
  }
#endif
  (*out)[1] = 0;
  out->resize(kBlobHeader);
  out->insert(out->end(), m_raw.begin(), m_raw.end());
}

std::optional<std::string> HistoryCodec::decode(std::span<const std::uint8_t> blob, QuantisedFrame* s) {
  if (blob.size() < kBlobHeader) return std::string("history blob shorter than its header");
  if (blob[0] != kFormat) return "history blob format " + std::to_string(blob[0]) + " is unknown";
  const std::uint32_t rawSize = getU32(blob.data() + 2);
  const std::uint8_t* raw = blob.data() + kBlobHeader;
  // The most a frame of this topology can take: the columns, and a job
  // change (two varints of at most ten bytes) per device.
  const std::uint64_t most = 8 + 26 * std::uint64_t{s->deviceCount()} + s->nodeUp.size() + 10;
  if (rawSize > most)
    return "history blob claims " + std::to_string(rawSize) + " bytes, more than a frame of " +
           std::to_string(s->deviceCount()) + " devices takes (damaged)";
  if (blob[1] == 1) {
#ifdef HETSCHED_STORE_HAVE_ZLIB
    m_raw.resize(rawSize);
    z_stream& z = m_zlib->inflater;
    if (!m_zlib->inflaterReady) {
      m_zlib->inflaterReady = inflateInit(&z) == Z_OK;
      if (!m_zlib->inflaterReady) return std::string("zlib could not start (out of memory?)");
    } else {
      inflateReset(&z);
    }
    z.next_in = const_cast<std::uint8_t*>(raw);  // zlib's API is not const-correct
    z.avail_in = static_cast<uInt>(blob.size() - kBlobHeader);
    z.next_out = m_raw.data();
    z.avail_out = rawSize;
    if (inflate(&z, Z_FINISH) != Z_STREAM_END || z.total_out != rawSize)
      return std::string("history blob does not inflate (damaged)");
    raw = m_raw.data();
#else
    return std::string("history blob is zlib-compressed but this build has no zlib");
#endif
  } else if (blob[1] != 0 || blob.size() - kBlobHeader != rawSize) {
    return std::string("history blob header is inconsistent");
  }
  const std::uint8_t* end = raw + rawSize;
  if (rawSize < 8) return std::string("history blob too short");
  const std::size_t n = getU32(raw);
  const std::size_t nodes = getU32(raw + 4);
  if (n != s->deviceCount() || nodes != s->nodeUp.size())
    return "history blob holds " + std::to_string(n) + " devices and " + std::to_string(nodes) +
           " nodes, the snapshot's topology " + std::to_string(s->deviceCount()) + " and " +
           std::to_string(s->nodeUp.size());
  if (rawSize < 8 + 6 * n + nodes) return std::string("history blob columns are cut short");
  const std::uint8_t* util = raw + 8;
  const std::uint8_t* temp = util + n;
  const std::uint8_t* memLo = temp + n;
  const std::uint8_t* memHi = memLo + n;
  const std::uint8_t* powLo = memHi + n;
  const std::uint8_t* powHi = powLo + n;
  const std::uint8_t* up = powHi + n;
  for (std::size_t i = 0; i < n; ++i) {
    s->utilization[i] = static_cast<std::uint8_t>(s->utilization[i] + util[i]);
    s->temperature[i] = static_cast<std::uint8_t>(s->temperature[i] + temp[i]);
    s->memory[i] = unzigzag(static_cast<std::uint16_t>(memLo[i] | memHi[i] << 8), s->memory[i]);
    s->power[i] = unzigzag(static_cast<std::uint16_t>(powLo[i] | powHi[i] << 8), s->power[i]);
  }
  for (std::size_t i = 0; i < nodes; ++i) s->nodeUp[i] ^= up[i];
  const std::uint8_t* p = up + nodes;
  std::uint64_t changes = 0;
  if (!getVarint(p, end, &changes)) return std::string("history blob job changes are cut short");
  std::uint64_t device = 0;
  for (std::uint64_t c = 0; c < changes; ++c) {
    std::uint64_t gap = 0;
    std::uint64_t id = 0;
    if (!getVarint(p, end, &gap) || !getVarint(p, end, &id))
      return std::string("history blob job changes are cut short");
    device += gap;
    if (device >= n) return std::string("history blob job change names a device past the end");
    s->job[device] = id;
  }
  return std::nullopt;
}

std::vector<std::uint8_t> encodeQueueSummary(const QueueSummary& q) {
  std::vector<std::uint8_t> out(4 * (2 * kDeviceKindCount + kPriorityClassCount) + 16);
  std::uint8_t* p = out.data();
  for (const KindCounts& k : q.kinds) {
    putU32(p, k.running);
    putU32(p + 4, k.queued);
    p += 8;
  }
  for (const std::uint32_t c : q.queuedByClass) {
    putU32(p, c);
    p += 4;
  }
  for (const std::uint64_t v : {q.completedTotal, q.unschedulableTotal}) {
    putU32(p, static_cast<std::uint32_t>(v));
    putU32(p + 4, static_cast<std::uint32_t>(v >> 32));
    p += 8;
  }
  return out;
}

std::optional<QueueSummary> decodeQueueSummary(std::span<const std::uint8_t> blob) {
  if (blob.size() != 4 * (2 * kDeviceKindCount + kPriorityClassCount) + 16) return std::nullopt;
  QueueSummary q;
  const std::uint8_t* p = blob.data();
  for (KindCounts& k : q.kinds) {
    k = {getU32(p), getU32(p + 4)};
    p += 8;
  }
  for (std::uint32_t& c : q.queuedByClass) {
    c = getU32(p);
    p += 4;
  }
  q.completedTotal = getU32(p) | static_cast<std::uint64_t>(getU32(p + 4)) << 32;
  q.unschedulableTotal = getU32(p + 8) | static_cast<std::uint64_t>(getU32(p + 12)) << 32;
  return q;
}

}  // namespace hetsched
