#include "frame_codec.h"

#include "base/history/device_history.h"
#include "base/model/device_kind.h"
#include "base/model/frame.h"
#include "base/model/job.h"
#include "frame_packing.h"
#include "hetsched.pb.h"
#include "proto_convert.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <type_traits>
#include <utility>

namespace hetsched {

namespace {

// std::lround of v * scale clamped to [0, max] (max <= 65535), in float
// arithmetic that the compiler turns into vector instructions: truncate, then
// add one when the fraction (exact: x - trunc(x) for x below 2^23) is at least
// a half, rounding half away from zero as lround does. NaN becomes 0.
// Checked against lround near every integer and half-integer of the range
// (tst_frame_codec), and by hand over every float bit pattern.
unsigned roundClamped(float v, float scale, float max) {
  float x = v * scale;
  x = x > 0.0f ? x : 0.0f;
  x = x < max ? x : max;
  const int whole = static_cast<int>(x);
  return static_cast<unsigned>(whole + (x - static_cast<float>(whole) >= 0.5f ? 1 : 0));
}

std::uint8_t toU8(float v, float scale, float max) { return static_cast<std::uint8_t>(roundClamped(v, scale, max)); }

std::uint16_t getU16(const char* p) {
  return static_cast<std::uint16_t>(static_cast<unsigned char>(p[0]) | (static_cast<unsigned char>(p[1]) << 8));
}

std::uint16_t toU16(float v, float scale) { return static_cast<std::uint16_t>(roundClamped(v, scale, 65535.0f)); }

// One column at a time: a loop over one input and one or two outputs
// vectorises (the compiler checks that few pointers for overlap; all six
// planes in one loop were too many, and it stayed scalar).
void quantiseBytes(const float* in, std::size_t n, float scale, float max, char* out) {
  for (std::size_t i = 0; i < n; ++i) out[i] = static_cast<char>(toU8(in[i], scale, max));
}

// Into a plane of low bytes and one of high (the packed form).
void quantiseBytePairs(const float* in, std::size_t n, float scale, char* low, char* high) {
  for (std::size_t i = 0; i < n; ++i) {
    const std::uint16_t v = toU16(in[i], scale);
    low[i] = static_cast<char>(v & 0xff);
    high[i] = static_cast<char>(v >> 8);
  }
}

// Two bytes a value, little endian (the plain form).
void quantiseU16(const float* in, std::size_t n, float scale, char* out) {
  for (std::size_t i = 0; i < n; ++i) {
    const std::uint16_t v = toU16(in[i], scale);
    out[2 * i] = static_cast<char>(v & 0xff);
    out[2 * i + 1] = static_cast<char>(v >> 8);
  }
}

// The device and node columns in their wire quantisation.
void quantise(const Frame& f, FrameColumns* c) {
  const std::size_t n = f.deviceCount();
  c->devices = n;
  c->nodes = f.nodeUp.size();
  c->utilization.resize(n);
  c->temperature.resize(n);
  c->memory.resize(2 * n);
  c->power.resize(2 * n);
  quantiseBytes(f.utilization.data(), n, 200.0f, 200.0f, c->utilization.data());
  quantiseBytes(f.temperatureC.data(), n, 1.0f, 255.0f, c->temperature.data());
  quantiseU16(f.memoryUsed.data(), n, 65535.0f, c->memory.data());
  quantiseU16(f.powerWatts.data(), n, 1.0f, c->power.data());
  c->job.assign(f.job.begin(), f.job.end());
  c->nodeUp.assign(f.nodeUp.begin(), f.nodeUp.end());
}

// Job ids into `width` planes of one byte each, low byte first, in one pass
// over the ids (a pass per plane read the 8 MB of ids of a million devices
// that many times), and back. The width is a template argument so that the
// inner loop unrolls.
template <std::size_t Width>
void splitJobsOf(const JobId* job, std::size_t n, char* planes) {
  for (std::size_t i = 0; i < n; ++i) {
    const std::uint64_t id = job[i];
    for (std::size_t b = 0; b < Width; ++b) planes[b * n + i] = static_cast<char>(id >> (8 * b));
  }
}

template <std::size_t Width>
void joinJobsOf(const unsigned char* planes, std::size_t n, JobId* job) {
  for (std::size_t i = 0; i < n; ++i) {
    std::uint64_t id = 0;
    for (std::size_t b = 0; b < Width; ++b) id |= static_cast<std::uint64_t>(planes[b * n + i]) << (8 * b);
    job[i] = id;
  }
}

// Calls `f` with the width as a compile-time constant (1 to 8).
template <class F>
void withWidth(std::size_t width, F f) {
  switch (width) {
    case 1: return f(std::integral_constant<std::size_t, 1>{});
    case 2: return f(std::integral_constant<std::size_t, 2>{});
    case 3: return f(std::integral_constant<std::size_t, 3>{});
    case 4: return f(std::integral_constant<std::size_t, 4>{});
    case 5: return f(std::integral_constant<std::size_t, 5>{});
    case 6: return f(std::integral_constant<std::size_t, 6>{});
    case 7: return f(std::integral_constant<std::size_t, 7>{});
    default: return f(std::integral_constant<std::size_t, 8>{});
  }
}

void splitJobs(const JobId* job, std::size_t n, std::size_t width, char* planes) {
  withWidth(width, [&](auto w) { splitJobsOf<decltype(w)::value>(job, n, planes); });
}
void joinJobs(const unsigned char* planes, std::size_t n, std::size_t width, JobId* job) {
  withWidth(width, [&](auto w) { joinJobsOf<decltype(w)::value>(planes, n, job); });
}

// The packed planes (frame_packing.h's layout) straight from a Frame, in the
// same quantisation as quantise(), no FrameColumns in between.
void quantisePlanes(const Frame& f, std::string* planes) {
  const std::size_t n = f.deviceCount();
  const std::size_t nodes = f.nodeUp.size();
  // The width of the largest id is that of all ids or'ed (a reduction that
  // vectorises, where a maximum of 64-bit values does not before SSE4.2).
  std::uint64_t anyBits = 0;
  for (const JobId id : f.job) anyBits |= id;
  std::size_t jobBytes = 1;
  while (jobBytes < 8 && (anyBits >> (8 * jobBytes)) != 0) ++jobBytes;
  planes->resize(n * (6 + jobBytes) + 1 + nodes);
  char* util = planes->data();
  char* temp = util + n;
  char* memLow = temp + n;
  char* memHigh = memLow + n;
  char* powLow = memHigh + n;
  char* powHigh = powLow + n;
  quantiseBytes(f.utilization.data(), n, 200.0f, 200.0f, util);
  quantiseBytes(f.temperatureC.data(), n, 1.0f, 255.0f, temp);
  quantiseBytePairs(f.memoryUsed.data(), n, 65535.0f, memLow, memHigh);
  quantiseBytePairs(f.powerWatts.data(), n, 1.0f, powLow, powHigh);
  char* p = powHigh + n;
  *p++ = static_cast<char>(jobBytes);
  splitJobs(f.job.data(), n, jobBytes, p);
  p += jobBytes * n;
  std::copy(f.nodeUp.begin(), f.nodeUp.end(), p);
}

// Where a wire frame's columns are, plain or unpacked.
struct ColumnView {
  const char* util = nullptr;
  const char* temp = nullptr;
  const char* mem = nullptr;
  const char* power = nullptr;
  const std::uint64_t* job = nullptr;
  const char* nodeUp = nullptr;
};

// Checks a wire frame's columns against the topology's counts and points at
// them; a packed frame is unpacked into this thread's scratch columns.
std::optional<std::string> viewColumns(const v1::Frame& in, std::size_t n, std::size_t nodes, ColumnView* v) {
  if (!in.packed().empty()) {
    thread_local FrameColumns scratch;
    if (auto error = unpackColumns(in.packed(), n, nodes, &scratch)) return error;
    *v = {scratch.utilization.data(), scratch.temperature.data(), scratch.memory.data(),
          scratch.power.data(),       scratch.job.data(),         scratch.nodeUp.data()};
    return std::nullopt;
  }
  if (in.utilization().size() != n) return std::string("utilization: expected one byte per device");
  if (in.temperature_c().size() != n) return std::string("temperature_c: expected one byte per device");
  if (in.memory_used().size() != 2 * n) return std::string("memory_used: expected two bytes per device");
  if (in.power_watts().size() != 2 * n) return std::string("power_watts: expected two bytes per device");
  if (static_cast<std::size_t>(in.job_size()) != n) return std::string("job: expected one entry per device");
  if (in.node_up().size() != nodes) return std::string("node_up: expected one byte per node");
  *v = {in.utilization().data(), in.temperature_c().data(), in.memory_used().data(),
        in.power_watts().data(), in.job().data(),           in.node_up().data()};
  return std::nullopt;
}

void setPlainColumns(FrameColumns&& c, v1::Frame* out) {
  *out->mutable_utilization() = std::move(c.utilization);
  *out->mutable_temperature_c() = std::move(c.temperature);
  *out->mutable_memory_used() = std::move(c.memory);
  *out->mutable_power_watts() = std::move(c.power);
  auto* jobs = out->mutable_job();
  jobs->Resize(static_cast<int>(c.job.size()), 0);
  std::copy(c.job.begin(), c.job.end(), jobs->begin());
  *out->mutable_node_up() = std::move(c.nodeUp);
}

void encodeSummary(const Frame& f, v1::Frame* out) {
  out->set_sequence(f.sequence);
  out->set_topology_version(f.topologyVersion);
  out->set_sim_time_ms(f.simTimeMs);
  out->set_wall_time_ms(f.wallTimeMs);
  out->set_frames_skipped(f.framesSkipped);

  v1::QueueSummary* q = out->mutable_queue();
  q->clear_kinds();
  for (const DeviceKind kind : kDeviceKinds) {
    v1::KindCounts* k = q->add_kinds();
    k->set_kind(toProto(kind));
    k->set_running(f.queue.kinds[index(kind)].running);
    k->set_queued(f.queue.kinds[index(kind)].queued);
  }
  q->set_queued_high(f.queue.queuedByClass[0]);
  q->set_queued_middle(f.queue.queuedByClass[1]);
  q->set_queued_low(f.queue.queuedByClass[2]);
  q->set_completed_total(f.queue.completedTotal);
  q->set_unschedulable_total(f.queue.unschedulableTotal);
  for (const ArmSummary& a : f.queue.arms) {
    v1::ArmSummary* arm = q->add_arms();
    arm->set_policy_version(a.policyVersion);
    arm->set_policy_name(a.policyName);
    arm->set_running(a.running);
    arm->set_queued(a.queued);
    arm->set_completed(a.completed);
    arm->set_arrivals(a.arrivals);
    arm->set_started_in_window(a.startedInWindow);
    arm->set_mean_wait_s(a.meanWaitS);
    arm->set_window_s(a.windowS);
    arm->set_preemptions(a.preemptions);
    arm->set_migrations(a.migrations);
  }
}

}  // namespace

void encodeFrame(const Frame& f, v1::Frame* out) {
  encodeSummary(f, out);
  FrameColumns columns;
  quantise(f, &columns);
  setPlainColumns(std::move(columns), out);
}

void encodePackedFrame(const Frame& f, v1::Frame* out) {
  encodeSummary(f, out);
  thread_local std::string planes;
  quantisePlanes(f, &planes);
  *out->mutable_packed() = packPlanes(planes, f.deviceCount(), f.nodeUp.size());
}

bool encodeDeltaFrame(const Frame& f, const PackedReference& reference, v1::Frame* out) {
  thread_local std::string planes;
  quantisePlanes(f, &planes);
  auto packed = packDelta(planes, f.deviceCount(), f.nodeUp.size(), reference);
  if (!packed) return false;
  encodeSummary(f, out);
  *out->mutable_packed() = std::move(*packed);
  return true;
}

bool PackedFrameEncoder::encode(const Frame& f, v1::Frame* whole, v1::Frame* delta) {
  thread_local std::string planes;
  quantisePlanes(f, &planes);
  const std::size_t devices = f.deviceCount();
  const std::size_t nodes = f.nodeUp.size();
  encodeSummary(f, whole);
  *whole->mutable_packed() = packPlanes(planes, devices, nodes);
  // A key frame on the period, after a change of topology, or when the
  // layout moved (a wider job id): the one thing watchers without the
  // reference, or with it, can both read.
  if (m_sinceKey > 0 && m_sinceKey < m_interval && f.topologyVersion == m_keyTopology) {
    if (auto packed = packDelta(planes, devices, nodes, m_key)) {
      encodeSummary(f, delta);
      *delta->mutable_packed() = std::move(*packed);
      ++m_sinceKey;
      return true;
    }
  }
  m_key.planes = planes;
  m_key.digest = planesDigest(m_key.planes);
  m_key.sequence = f.sequence;
  m_keyTopology = f.topologyVersion;
  m_sinceKey = m_interval > 1 ? 1 : 0;
  return false;
}

std::optional<std::string> unpackFrame(const v1::Frame& in, v1::Frame* out) {
  out->CopyFrom(in);
  if (in.packed().empty()) return std::nullopt;
  std::size_t devices = 0;
  std::size_t nodes = 0;
  if (auto error = packedShape(in.packed(), &devices, &nodes)) return error;
  FrameColumns columns;
  if (auto error = unpackColumns(in.packed(), devices, nodes, &columns)) return error;
  out->clear_packed();
  setPlainColumns(std::move(columns), out);
  return std::nullopt;
}

namespace {

void decodeSummary(const v1::Frame& in, Frame* f) {
  f->sequence = in.sequence();
  f->topologyVersion = in.topology_version();
  f->simTimeMs = in.sim_time_ms();
  f->wallTimeMs = in.wall_time_ms();
  f->framesSkipped = in.frames_skipped();
  f->queue = {};
  for (const v1::KindCounts& k : in.queue().kinds()) {
    if (const auto kind = fromProto(k.kind())) f->queue.kinds[index(*kind)] = {k.running(), k.queued()};
  }
  f->queue.queuedByClass = {in.queue().queued_high(), in.queue().queued_middle(), in.queue().queued_low()};
  f->queue.completedTotal = in.queue().completed_total();
  f->queue.unschedulableTotal = in.queue().unschedulable_total();
  for (const v1::ArmSummary& a : in.queue().arms()) {
    f->queue.arms.push_back({a.policy_version(), a.policy_name(), a.running(), a.queued(), a.completed(), a.arrivals(),
                             a.started_in_window(), a.mean_wait_s(), a.window_s(), a.preemptions(), a.migrations()});
  }
}

// Planes back into floats, a column at a time (vectorised as quantiseBytes'
// loops are). Dividing by a scale of 1 changes nothing.
void dequantiseBytes(const unsigned char* in, std::size_t n, float scale, float* out) {
  for (std::size_t i = 0; i < n; ++i) out[i] = in[i] / scale;
}

void dequantiseBytePairs(const unsigned char* low, const unsigned char* high, std::size_t n, float scale, float* out) {
  for (std::size_t i = 0; i < n; ++i) out[i] = static_cast<std::uint16_t>(low[i] | (high[i] << 8)) / scale;
}

// A packed frame straight from its planes into floats (the same scales as
// the plain form's below), without FrameColumns in between.
std::optional<std::string> decodePacked(const v1::Frame& in, std::size_t n, std::size_t nodes, Frame* f,
                                        PackedReference* reference) {
  const std::string* planes = nullptr;
  int jobBytes = 0;
  if (auto error = unpackPlanes(in.packed(), n, nodes, reference, reference, &planes, &jobBytes)) return error;
  if (reference && !packedIsDelta(in.packed())) reference->sequence = in.sequence();
  f->resize(n, nodes);
  const auto* util = reinterpret_cast<const unsigned char*>(planes->data());
  const unsigned char* temp = util + n;
  const unsigned char* memLow = temp + n;
  const unsigned char* memHigh = memLow + n;
  const unsigned char* powLow = memHigh + n;
  const unsigned char* powHigh = powLow + n;
  dequantiseBytes(util, n, 200.0f, f->utilization.data());
  dequantiseBytes(temp, n, 1.0f, f->temperatureC.data());
  dequantiseBytePairs(memLow, memHigh, n, 65535.0f, f->memoryUsed.data());
  dequantiseBytePairs(powLow, powHigh, n, 1.0f, f->powerWatts.data());
  const unsigned char* jobs = powHigh + n + 1;
  joinJobs(jobs, n, static_cast<std::size_t>(jobBytes), f->job.data());
  const unsigned char* up = jobs + static_cast<std::size_t>(jobBytes) * n;
  std::copy(up, up + nodes, f->nodeUp.begin());
  decodeSummary(in, f);
  return std::nullopt;
}

}  // namespace

std::optional<std::string> decodeFrame(const v1::Frame& in, std::size_t n, std::size_t nodes, Frame* f,
                                       PackedReference* reference) {
  if (!in.packed().empty()) return decodePacked(in, n, nodes, f, reference);
  ColumnView c;
  if (auto error = viewColumns(in, n, nodes, &c)) return error;
  f->resize(n, nodes);
  for (std::size_t i = 0; i < n; ++i) {
    f->utilization[i] = static_cast<unsigned char>(c.util[i]) / 200.0f;
    f->temperatureC[i] = static_cast<unsigned char>(c.temp[i]);
    f->memoryUsed[i] = getU16(c.mem + 2 * i) / 65535.0f;
    f->powerWatts[i] = getU16(c.power + 2 * i);
  }
  std::copy(c.job, c.job + n, f->job.begin());
  std::copy(c.nodeUp, c.nodeUp + nodes, f->nodeUp.begin());
  decodeSummary(in, f);
  return std::nullopt;
}

std::optional<std::string> readDeviceSamples(const v1::Frame& in, std::size_t n, std::span<const std::uint32_t> which,
                                             std::span<DeviceSample> out) {
  // The node count is only checked against itself: a history reads devices.
  const std::size_t nodes = in.packed().empty() ? in.node_up().size() : 0;
  std::size_t packedNodes = nodes;
  if (!in.packed().empty()) {
    std::size_t packedDevices = 0;
    if (auto error = packedShape(in.packed(), &packedDevices, &packedNodes)) return error;
  }
  ColumnView c;
  if (auto error = viewColumns(in, n, packedNodes, &c)) return error;
  for (std::size_t k = 0; k < which.size() && k < out.size(); ++k) {
    const std::size_t i = which[k];
    if (i >= n) return "device " + std::to_string(i) + ": the frame has " + std::to_string(n);
    // The same scales as decodeFrame, so history and live frames agree.
    out[k] = {static_cast<unsigned char>(c.util[i]) / 200.0f, getU16(c.mem + 2 * i) / 65535.0f,
              static_cast<float>(getU16(c.power + 2 * i)), static_cast<float>(static_cast<unsigned char>(c.temp[i])),
              c.job[i]};
  }
  return std::nullopt;
}

}  // namespace hetsched
