#include "proto_convert.h"

#include "base/model/device_kind.h"
#include "base/model/device_model.h"
#include "base/model/job.h"
#include "base/model/topology.h"
#include "engine/sched/job_validation.h"
#include "hetsched.pb.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <variant>

namespace hetsched {

pb::DeviceKind toProto(DeviceKind kind) { return static_cast<pb::DeviceKind>(static_cast<int>(kind) + 1); }
pb::JobKind toProto(JobKind kind) { return static_cast<pb::JobKind>(static_cast<int>(kind) + 1); }
pb::PriorityClass toProto(PriorityClass p) { return static_cast<pb::PriorityClass>(static_cast<int>(p) + 1); }
pb::Qos toProto(Qos qos) { return static_cast<pb::Qos>(static_cast<int>(qos) + 1); }
pb::JobState toProto(JobState state) { return static_cast<pb::JobState>(static_cast<int>(state) + 1); }

std::optional<DeviceKind> fromProto(pb::DeviceKind kind) {
  if (kind < pb::DEVICE_KIND_CPU || kind > pb::DEVICE_KIND_TPU) return std::nullopt;
  return static_cast<DeviceKind>(kind - 1);
}

std::optional<JobState> fromProto(pb::JobState state) {
  if (state < pb::JOB_STATE_QUEUED || state > pb::JOB_STATE_UNSCHEDULABLE) return std::nullopt;
  return static_cast<JobState>(state - 1);
}

void toProto(const DeviceModel& m, pb::DeviceModel* out) {
  out->set_name(m.name);
  out->set_kind(toProto(m.kind));
  out->set_peak_tflops(m.peakTflops);
  out->set_tdp_watts(m.tdpWatts);
  out->set_idle_watts(m.idleWatts);
  out->set_memory_mib(m.memoryMib);
  out->set_memory_bandwidth_gbps(m.memoryBandwidthGbps);
  out->set_instruction_latency_ns(m.instructionLatencyNs);
  out->set_cores(m.cores);
}

void toProto(const Topology& t, pb::Topology* out) {
  out->set_topology_version(t.version);
  out->set_cluster_name(t.clusterName);
  out->set_source(t.source);
  out->set_agent_period_ms(t.agentPeriodMs);
  for (const DeviceModel& m : t.models) toProto(m, out->add_models());
  for (const NodeInfo& n : t.nodes) {
    pb::Node* node = out->add_nodes();
    node->set_name(n.name);
    node->set_kind(toProto(n.kind));
    node->set_first_device(n.firstDevice);
    node->set_device_count(n.deviceCount);
    node->set_cpu_milli(n.cpuMilli);
    node->set_memory_mib(n.memoryMib);
  }
  out->mutable_devices()->Reserve(static_cast<int>(t.devices.size()));
  for (const DeviceInfo& d : t.devices) {
    pb::Device* device = out->add_devices();
    device->set_node(d.node);
    device->set_slot(d.slot);
    device->set_model(d.model);
  }
}

void toProto(const JobSpec& s, pb::JobSpec* out) {
  out->set_name(s.name);
  out->set_kind(toProto(s.kind));
  out->set_priority(toProto(s.priority));
  out->set_qos(toProto(s.qos));
  pb::JobRequests* r = out->mutable_requests();
  r->set_cpu_milli(s.requests.cpuMilli);
  r->set_memory_mib(s.requests.memoryMib);
  r->set_gpu_count(s.requests.gpuCount);
  r->set_gpu_milli(s.requests.gpuMilli);
  r->set_tpu_count(s.requests.tpuCount);
  out->set_estimated_runtime_s(s.estimatedRuntimeS);
  out->set_interruptible(s.interruptible);
  out->set_owner(s.owner);
  out->set_team(s.team);
}

void toProto(const Job& j, pb::Job* out) {
  out->set_id(j.id);
  toProto(j.spec, out->mutable_spec());
  out->set_state(toProto(j.state));
  out->set_submit_time_ms(j.submitTimeMs);
  out->set_start_time_ms(j.startTimeMs);
  out->set_end_time_ms(j.endTimeMs);
  out->set_actual_runtime_s(j.actualRuntimeS);
  out->set_node(j.node);
  for (const std::uint32_t d : j.devices) out->add_devices(d);
  for (const JobRun& r : j.earlierRuns) {
    pb::JobRun* run = out->add_earlier_runs();
    run->set_start_time_ms(r.startMs);
    run->set_end_time_ms(r.endMs);
    run->set_node(r.node);
    for (const std::uint32_t d : r.devices) run->add_devices(d);
    run->set_end(r.end == JobRun::End::Migrated   ? pb::JobRun::MIGRATED
                 : r.end == JobRun::End::NodeLost ? pb::JobRun::NODE_LOST
                                                  : pb::JobRun::PREEMPTED);
  }
  out->set_arm(j.arm);
}

std::variant<DeviceModel, FieldError> fromProto(const pb::DeviceModel& m, const std::string& path) {
  DeviceModel out;
  if (m.name().empty()) return FieldError{path + ".name", "must not be empty"};
  const auto kind = fromProto(m.kind());
  if (!kind) return FieldError{path + ".kind", "unknown device kind " + std::to_string(m.kind())};
  if (!(m.peak_tflops() >= 0.0)) return FieldError{path + ".peak_tflops", "must be >= 0"};
  if (!(m.tdp_watts() >= m.idle_watts()) || m.idle_watts() < 0.0)
    return FieldError{path + ".tdp_watts", "must be >= idle_watts >= 0"};
  if (*kind == DeviceKind::Cpu && m.cores() == 0) return FieldError{path + ".cores", "a CPU model needs cores > 0"};
  out.name = m.name();
  out.kind = *kind;
  out.peakTflops = m.peak_tflops();
  out.tdpWatts = m.tdp_watts();
  out.idleWatts = m.idle_watts();
  out.memoryMib = m.memory_mib();
  out.memoryBandwidthGbps = m.memory_bandwidth_gbps();
  out.instructionLatencyNs = m.instruction_latency_ns();
  out.cores = m.cores();
  return out;
}

std::variant<Topology, FieldError> fromProto(const pb::Topology& in) {
  Topology t;
  t.version = in.topology_version();
  t.clusterName = in.cluster_name();
  t.source = in.source();
  t.agentPeriodMs = in.agent_period_ms();
  for (int i = 0; i < in.models_size(); ++i) {
    auto model = fromProto(in.models(i), "models[" + std::to_string(i) + "]");
    if (auto* e = std::get_if<FieldError>(&model)) return *e;
    t.models.push_back(std::get<DeviceModel>(std::move(model)));
  }
  for (int i = 0; i < in.nodes_size(); ++i) {
    const pb::Node& n = in.nodes(i);
    const auto kind = fromProto(n.kind());
    const std::string path = "nodes[" + std::to_string(i) + "]";
    if (!kind) return FieldError{path + ".kind", "unknown device kind"};
    t.nodes.push_back({n.name(), *kind, n.first_device(), n.device_count(), n.cpu_milli(), n.memory_mib()});
  }
  t.devices.reserve(static_cast<std::size_t>(in.devices_size()));
  for (const pb::Device& d : in.devices()) t.devices.push_back({d.node(), d.slot(), d.model()});
  // The indexes, as a snapshot file's topology is checked.
  if (auto problem = topologyProblem(t)) {
    const std::size_t colon = problem->find(": ");
    return FieldError{problem->substr(0, colon), problem->substr(colon + 2)};
  }
  return t;
}

std::variant<JobSpec, FieldError> fromProto(const pb::JobSpec& in) {
  JobSpec s;
  s.name = in.name();
  if (in.kind() < pb::JOB_KIND_TRAINING || in.kind() > pb::JOB_KIND_REALTIME)
    return FieldError{"spec.kind", "unknown job kind " + std::to_string(in.kind())};
  s.kind = static_cast<JobKind>(in.kind() - 1);
  if (in.priority() == pb::PRIORITY_CLASS_UNSPECIFIED) {
    s.priority = PriorityClass::Middle;
  } else if (in.priority() > pb::PRIORITY_CLASS_LOW || in.priority() < 0) {
    return FieldError{"spec.priority", "unknown priority class " + std::to_string(in.priority())};
  } else {
    s.priority = static_cast<PriorityClass>(in.priority() - 1);
  }
  if (in.qos() == pb::QOS_UNSPECIFIED) {
    s.qos = Qos::Burstable;
  } else if (in.qos() > pb::QOS_GUARANTEED || in.qos() < 0) {
    return FieldError{"spec.qos", "unknown QoS " + std::to_string(in.qos())};
  } else {
    s.qos = static_cast<Qos>(in.qos() - 1);
  }
  const pb::JobRequests& r = in.requests();
  s.requests = {r.cpu_milli(), r.memory_mib(), r.gpu_count(), r.gpu_milli(), r.tpu_count()};
  s.estimatedRuntimeS = in.estimated_runtime_s();
  s.interruptible = in.interruptible();
  s.owner = in.owner();
  s.team = in.team();
  return s;
}

Job fromProto(const pb::Job& in) {
  Job j;
  j.id = in.id();
  if (auto spec = fromProto(in.spec()); std::holds_alternative<JobSpec>(spec)) j.spec = std::get<JobSpec>(spec);
  j.state = fromProto(in.state()).value_or(JobState::Queued);
  j.submitTimeMs = in.submit_time_ms();
  j.startTimeMs = in.start_time_ms();
  j.endTimeMs = in.end_time_ms();
  j.actualRuntimeS = in.actual_runtime_s();
  j.node = in.node();
  j.devices.assign(in.devices().begin(), in.devices().end());
  for (const pb::JobRun& r : in.earlier_runs()) {
    const JobRun::End end = r.end() == pb::JobRun::MIGRATED    ? JobRun::End::Migrated
                            : r.end() == pb::JobRun::NODE_LOST ? JobRun::End::NodeLost
                                                               : JobRun::End::Preempted;
    j.earlierRuns.push_back(
        {r.start_time_ms(), r.end_time_ms(), r.node(), {r.devices().begin(), r.devices().end()}, end});
  }
  j.arm = static_cast<std::uint8_t>(std::min<std::uint32_t>(in.arm(), 1));
  return j;
}

}  // namespace hetsched
