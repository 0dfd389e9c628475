#pragma once

#include "base/model/device_kind.h"
#include "base/model/device_model.h"
#include "base/model/job.h"
#include "base/model/topology.h"
#include "engine/sched/job_validation.h"
#include "hetsched.pb.h"

#include <optional>
#include <string>
#include <variant>

namespace hetsched {

// Conversions between the wire messages and the engine's value types. The
// parsing direction validates what the wire cannot (unknown enum values) and
// names the offending field.
namespace pb = ::hetsched::v1;

pb::DeviceKind toProto(DeviceKind kind);
pb::JobKind toProto(JobKind kind);
pb::PriorityClass toProto(PriorityClass priority);
pb::Qos toProto(Qos qos);
pb::JobState toProto(JobState state);

std::optional<DeviceKind> fromProto(pb::DeviceKind kind);
std::optional<JobState> fromProto(pb::JobState state);

void toProto(const DeviceModel& model, pb::DeviceModel* out);
void toProto(const Topology& topology, pb::Topology* out);
void toProto(const JobSpec& spec, pb::JobSpec* out);
void toProto(const Job& job, pb::Job* out);

std::variant<DeviceModel, FieldError> fromProto(const pb::DeviceModel& model, const std::string& path);
std::variant<Topology, FieldError> fromProto(const pb::Topology& topology);
std::variant<JobSpec, FieldError> fromProto(const pb::JobSpec& spec);
Job fromProto(const pb::Job& job);

}  // namespace hetsched
