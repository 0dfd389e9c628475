#include "frame_codec.h"

#include "proto_convert.h"

#include <algorithm>
#include <cmath>

namespace hetsched {

namespace {

std::uint8_t toU8(float v, float scale, float max) {
  return static_cast<std::uint8_t>(std::lround(std::clamp(v * scale, 0.0f, max)));
}

void putU16(char* p, std::uint16_t v) {
  p[0] = static_cast<char>(v & 0xff);
  p[1] = static_cast<char>(v >> 8);
}

std::uint16_t getU16(const char* p) {
  return static_cast<std::uint16_t>(static_cast<unsigned char>(p[0]) |
                                    (static_cast<unsigned char>(p[1]) << 8));
}

std::uint16_t toU16(float v, float scale) {
  return static_cast<std::uint16_t>(std::lround(std::clamp(v * scale, 0.0f, 65535.0f)));
}

}  // namespace

void encodeFrame(const Frame& f, v1::Frame* out) {
  const std::size_t n = f.deviceCount();
  out->set_sequence(f.sequence);
  out->set_topology_version(f.topologyVersion);
  out->set_sim_time_ms(f.simTimeMs);
  out->set_wall_time_ms(f.wallTimeMs);
  out->set_frames_skipped(f.framesSkipped);

  std::string* util = out->mutable_utilization();
  std::string* temp = out->mutable_temperature_c();
  std::string* mem = out->mutable_memory_used();
  std::string* power = out->mutable_power_watts();
  util->resize(n);
  temp->resize(n);
  mem->resize(2 * n);
  power->resize(2 * n);
  for (std::size_t i = 0; i < n; ++i) {
    (*util)[i] = static_cast<char>(toU8(f.utilization[i], 200.0f, 200.0f));
    (*temp)[i] = static_cast<char>(toU8(f.temperatureC[i], 1.0f, 255.0f));
    putU16(mem->data() + 2 * i, toU16(f.memoryUsed[i], 65535.0f));
    putU16(power->data() + 2 * i, toU16(f.powerWatts[i], 1.0f));
  }
  auto* jobs = out->mutable_job();
  jobs->Resize(static_cast<int>(n), 0);
  std::copy(f.job.begin(), f.job.end(), jobs->begin());
  out->mutable_node_up()->assign(f.nodeUp.begin(), f.nodeUp.end());

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

std::optional<std::string> decodeFrame(const v1::Frame& in, std::size_t n, std::size_t nodes, Frame* f) {
  if (in.utilization().size() != n) return std::string("utilization: expected one byte per device");
  if (in.temperature_c().size() != n) return std::string("temperature_c: expected one byte per device");
  if (in.memory_used().size() != 2 * n) return std::string("memory_used: expected two bytes per device");
  if (in.power_watts().size() != 2 * n) return std::string("power_watts: expected two bytes per device");
  if (static_cast<std::size_t>(in.job_size()) != n) return std::string("job: expected one entry per device");
  if (in.node_up().size() != nodes) return std::string("node_up: expected one byte per node");

  f->resize(n, nodes);
  f->sequence = in.sequence();
  f->topologyVersion = in.topology_version();
  f->simTimeMs = in.sim_time_ms();
  f->wallTimeMs = in.wall_time_ms();
  f->framesSkipped = in.frames_skipped();
  const char* util = in.utilization().data();
  const char* temp = in.temperature_c().data();
  const char* mem = in.memory_used().data();
  const char* power = in.power_watts().data();
  for (std::size_t i = 0; i < n; ++i) {
    f->utilization[i] = static_cast<unsigned char>(util[i]) / 200.0f;
    f->temperatureC[i] = static_cast<unsigned char>(temp[i]);
    f->memoryUsed[i] = getU16(mem + 2 * i) / 65535.0f;
    f->powerWatts[i] = getU16(power + 2 * i);
  }
  std::copy(in.job().begin(), in.job().end(), f->job.begin());
  std::copy(in.node_up().begin(), in.node_up().end(), f->nodeUp.begin());

  f->queue = {};
  for (const v1::KindCounts& k : in.queue().kinds()) {
    if (const auto kind = fromProto(k.kind())) f->queue.kinds[index(*kind)] = {k.running(), k.queued()};
  }
  f->queue.queuedByClass = {in.queue().queued_high(), in.queue().queued_middle(), in.queue().queued_low()};
  f->queue.completedTotal = in.queue().completed_total();
  f->queue.unschedulableTotal = in.queue().unschedulable_total();
  for (const v1::ArmSummary& a : in.queue().arms()) {
    f->queue.arms.push_back({a.policy_version(), a.policy_name(), a.running(), a.queued(), a.completed(),
                             a.arrivals(), a.started_in_window(), a.mean_wait_s(), a.window_s(), a.preemptions(),
                             a.migrations()});
  }
  return std::nullopt;
}

std::optional<std::string> readDeviceSamples(const v1::Frame& in, std::size_t n, std::span<const std::uint32_t> which,
                                             std::span<DeviceSample> out) {
  if (in.utilization().size() != n) return std::string("utilization: expected one byte per device");
  if (in.temperature_c().size() != n) return std::string("temperature_c: expected one byte per device");
  if (in.memory_used().size() != 2 * n) return std::string("memory_used: expected two bytes per device");
  if (in.power_watts().size() != 2 * n) return std::string("power_watts: expected two bytes per device");
  if (static_cast<std::size_t>(in.job_size()) != n) return std::string("job: expected one entry per device");
  const char* util = in.utilization().data();
  const char* temp = in.temperature_c().data();
  const char* mem = in.memory_used().data();
  const char* power = in.power_watts().data();
  for (std::size_t k = 0; k < which.size() && k < out.size(); ++k) {
    const std::size_t i = which[k];
    if (i >= n) return "device " + std::to_string(i) + ": the frame has " + std::to_string(n);
    // The same scales as decodeFrame, so history and live frames agree.
    out[k] = {static_cast<unsigned char>(util[i]) / 200.0f, getU16(mem + 2 * i) / 65535.0f,
              static_cast<float>(getU16(power + 2 * i)), static_cast<float>(static_cast<unsigned char>(temp[i])),
              in.job(static_cast<int>(i))};
  }
  return std::nullopt;
}

}  // namespace hetsched
