#include "job_codec.h"

#include "base/model/job.h"
#include "blob_bytes.h"

#include <cstdint>
#include <cstring>
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

// Format 2 added each job's owner and team after its name; format 1 chunks
// (older snapshots) still open, their jobs with neither.
constexpr std::uint8_t kFormat = 2;
constexpr std::size_t kMaxInflation = 1032;
// A job's fields take at least this many bytes (two doubles and fifteen
// one-byte varints; format 2 two more for owner and team): a count that
// needs more bytes than there are is damage.
constexpr std::uint64_t kMinJobBytes = 31;
// The enums' sizes (base/model/job.h): a stored value past the last one is damage.
constexpr std::uint64_t kQosCount = static_cast<std::uint64_t>(Qos::Guaranteed) + 1;
constexpr std::uint64_t kJobStateCount = static_cast<std::uint64_t>(JobState::Unschedulable) + 1;

class Writer {
 public:
  std::vector<std::uint8_t> bytes;
  void varint(std::uint64_t v) { putVarint(bytes, v); }
  void signedVarint(std::int64_t v) {
    varint((static_cast<std::uint64_t>(v) << 1) ^ static_cast<std::uint64_t>(v >> 63));
  }
  void real(double v) {
    std::uint8_t raw[8];
    std::memcpy(raw, &v, 8);
    bytes.insert(bytes.end(), raw, raw + 8);
  }
  void text(const std::string& s) {
    varint(s.size());
    bytes.insert(bytes.end(), s.begin(), s.end());
  }
};

class Reader {
 public:
  Reader(const std::uint8_t* p, const std::uint8_t* end) : m_p(p), m_end(end) {}
  bool ok() const { return m_ok; }
  bool atEnd() const { return m_p == m_end; }
  std::uint64_t varint() {
    std::uint64_t v = 0;
    if (getVarint(m_p, m_end, &v)) return v;
    m_ok = false;
    return 0;
  }
  std::int64_t signedVarint() {
    const std::uint64_t z = varint();
    return static_cast<std::int64_t>((z >> 1) ^ (~(z & 1) + 1));
  }
  double real() {
    double v = 0;
    if (m_end - m_p < 8) {
      m_ok = false;
      return 0;
    }
    std::memcpy(&v, m_p, 8);
    m_p += 8;
    return v;
  }
  std::string text() {
    const std::uint64_t n = varint();
    if (!m_ok || static_cast<std::uint64_t>(m_end - m_p) < n) {
      m_ok = false;
      return {};
    }
    std::string s(reinterpret_cast<const char*>(m_p), n);
    m_p += n;
    return s;
  }

 private:
  const std::uint8_t* m_p;
  const std::uint8_t* m_end;
  bool m_ok = true;
};

}  // namespace

std::vector<std::uint8_t> JobCodec::encode(std::span<const Job> jobs) {
  Writer w;
  w.bytes.reserve(jobs.size() * 64);
  w.varint(jobs.size());
  JobId previous = 0;
  for (const Job& j : jobs) {
    w.signedVarint(static_cast<std::int64_t>(j.id - previous));
    previous = j.id;
    w.text(j.spec.name);
    w.text(j.spec.owner);
    w.text(j.spec.team);
    w.varint(static_cast<std::uint64_t>(j.spec.kind));
    w.varint(static_cast<std::uint64_t>(j.spec.priority));
    w.varint(static_cast<std::uint64_t>(j.spec.qos));
    const JobRequests& r = j.spec.requests;
    w.varint(r.cpuMilli);
    w.varint(r.memoryMib);
    w.varint(r.gpuCount);
    w.varint(r.gpuMilli);
    w.varint(r.tpuCount);
    w.real(j.spec.estimatedRuntimeS);
    w.varint(j.spec.interruptible ? 1 : 0);
    w.varint(static_cast<std::uint64_t>(j.state));
    w.signedVarint(j.submitTimeMs);
    w.signedVarint(j.startTimeMs);
    w.signedVarint(j.endTimeMs);
    w.real(j.actualRuntimeS);
    w.varint(j.node);
    w.varint(j.devices.size());
    for (const std::uint32_t d : j.devices) w.varint(d);
  }

  std::vector<std::uint8_t> out;
  startBlob(out, kFormat, w.bytes.size());
#ifdef HETSCHED_STORE_HAVE_ZLIB
  uLongf packed = compressBound(static_cast<uLong>(w.bytes.size()));
  out.resize(kBlobHeader + packed);
  if (compress2(out.data() + kBlobHeader, &packed, w.bytes.data(), static_cast<uLong>(w.bytes.size()), 1) == Z_OK) {
    out[1] = 1;
    out.resize(kBlobHeader + packed);
    return out;
  }
  out.resize(kBlobHeader);
#endif
  out[1] = 0;
  out.insert(out.end(), w.bytes.begin(), w.bytes.end());
  return out;
}

std::optional<std::string> JobCodec::decode(std::span<const std::uint8_t> blob, std::vector<Job>* out) {
  if (blob.size() < kBlobHeader) return std::string("jobs blob shorter than its header");
  if (blob[0] != 1 && blob[0] != kFormat) return "jobs blob format " + std::to_string(blob[0]) + " is unknown";
  const bool hasOwners = blob[0] >= 2;
  const std::uint32_t rawSize = getU32(blob.data() + 2);
  std::vector<std::uint8_t> inflated;
  const std::uint8_t* raw = blob.data() + kBlobHeader;
  if (blob[1] == 1) {
#ifdef HETSCHED_STORE_HAVE_ZLIB
    // deflate shrinks at most about 1032:1; a header that claims more is
    // damaged, and would have us allocate up to 4 GB for it.
    if (rawSize > (blob.size() - kBlobHeader) * kMaxInflation + 64)
      return "jobs blob header claims " + std::to_string(rawSize) + " bytes from " + std::to_string(blob.size()) +
             " (damaged)";
    inflated.resize(rawSize);
    uLongf size = rawSize;
    if (uncompress(inflated.data(), &size, raw, static_cast<uLong>(blob.size() - kBlobHeader)) != Z_OK ||
        size != rawSize)
      return std::string("jobs blob does not inflate (damaged)");
    raw = inflated.data();
#else
    return std::string("jobs blob is zlib-compressed but this build has no zlib");
#endif
  } else if (blob[1] != 0 || blob.size() - kBlobHeader != rawSize) {
    return std::string("jobs blob header is inconsistent");
  }
  Reader r(raw, raw + rawSize);
  const std::uint64_t count = r.varint();
  if (!r.ok() || count > rawSize / (kMinJobBytes + (hasOwners ? 2 : 0)))
    return std::string("jobs blob count is damaged");
  out->reserve(out->size() + count);
  JobId previous = 0;
  for (std::uint64_t i = 0; i < count && r.ok(); ++i) {
    Job& j = out->emplace_back();
    j.id = previous + static_cast<JobId>(r.signedVarint());
    previous = j.id;
    j.spec.name = r.text();
    if (hasOwners) {
      j.spec.owner = r.text();
      j.spec.team = r.text();
    }
    // Enums index tables downstream (names, routes, queues).
    const std::uint64_t kind = r.varint();
    const std::uint64_t priority = r.varint();
    const std::uint64_t qos = r.varint();
    if (kind >= kJobKindCount || priority >= kPriorityClassCount || qos >= kQosCount)
      return "jobs blob job " + std::to_string(i) + " has an unknown kind, priority or QoS (damaged)";
    j.spec.kind = static_cast<JobKind>(kind);
    j.spec.priority = static_cast<PriorityClass>(priority);
    j.spec.qos = static_cast<Qos>(qos);
    JobRequests& q = j.spec.requests;
    q.cpuMilli = static_cast<std::uint32_t>(r.varint());
    q.memoryMib = r.varint();
    q.gpuCount = static_cast<std::uint32_t>(r.varint());
    q.gpuMilli = static_cast<std::uint32_t>(r.varint());
    q.tpuCount = static_cast<std::uint32_t>(r.varint());
    j.spec.estimatedRuntimeS = r.real();
    j.spec.interruptible = r.varint() != 0;
    const std::uint64_t state = r.varint();
    if (state >= kJobStateCount) return "jobs blob job " + std::to_string(i) + " has an unknown state (damaged)";
    j.state = static_cast<JobState>(state);
    j.submitTimeMs = r.signedVarint();
    j.startTimeMs = r.signedVarint();
    j.endTimeMs = r.signedVarint();
    j.actualRuntimeS = r.real();
    j.node = static_cast<std::uint32_t>(r.varint());
    const std::uint64_t devices = r.varint();
    if (devices > rawSize) return std::string("jobs blob device list is damaged");
    j.devices.resize(devices);
    for (std::uint32_t& d : j.devices) d = static_cast<std::uint32_t>(r.varint());
  }
  if (!r.ok() || !r.atEnd()) return std::string("jobs blob is cut short or has trailing bytes");
  return std::nullopt;
}

}  // namespace hetsched
