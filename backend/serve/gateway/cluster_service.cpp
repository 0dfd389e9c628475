#include "cluster_service.h"

#include "base/history/device_history.h"
#include "base/history/device_history_query.h"
#include "base/model/job.h"
#include "engine/sched/job_validation.h"
#include "frame_ring.h"
#include "frame_writer.h"
#include "hetsched.pb.h"
#include "method_access.h"
#include "policy_service.pb.h"
#include "refused_call.h"
#include "report_reader.h"
#include "ring_history_frames.h"
#include "serve/rpc/frame_codec.h"
#include "serve/rpc/history_convert.h"
#include "serve/rpc/proto_convert.h"
#include "snapshot_writer.h"
#include "unary_reply.h"

#include <cstddef>
#include <cstdint>
#include <grpcpp/impl/codegen/proto_utils.h>
#include <grpcpp/server_context.h>
#include <grpcpp/support/byte_buffer.h>
#include <grpcpp/support/server_callback.h>
#include <grpcpp/support/status.h>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace hetsched {

namespace {

constexpr std::uint32_t kDefaultListLimit = 1000;
constexpr std::uint32_t kMaxListLimit = 100000;

grpc::Status invalid(const FieldError& e) { return {grpc::StatusCode::INVALID_ARGUMENT, e.message()}; }

}  // namespace

grpc::ServerUnaryReactor* ClusterServiceImpl::GetTopology(grpc::CallbackServerContext* ctx,
                                                          const grpc::ByteBuffer* request, grpc::ByteBuffer* response) {
  if (auto* refused = refuseUnlessAdmitted(m_state.gate, ctx, Method::GetTopology, request->Length())) return refused;
  // The request has no fields today; still refuse bytes that are not one.
  v1::GetTopologyRequest parsed;
  if (grpc::ByteBuffer copy(*request);
      !grpc::SerializationTraits<v1::GetTopologyRequest>::Deserialize(&copy, &parsed).ok())
    return finish(ctx, {grpc::StatusCode::INVALID_ARGUMENT, "request: not a GetTopologyRequest"});
  std::shared_ptr<const grpc::ByteBuffer> bytes;
  {
    std::lock_guard lock(m_state.mutex);
    bytes = m_state.topologyBytes;
  }
  *response = *bytes;  // shares the slices; no copy of the bytes
  return finish(ctx, grpc::Status::OK);
}

grpc::ServerWriteReactor<v1::Frame>* ClusterServiceImpl::WatchFrames(grpc::CallbackServerContext* ctx,
                                                                     const v1::WatchFramesRequest* request) {
  auto caller = m_state.gate.admit(*ctx, Method::WatchFrames, request->ByteSizeLong());
  if (auto* refused = std::get_if<grpc::Status>(&caller)) return new RefusedWriter<v1::Frame>(*refused);
  auto slot = m_state.watchers.acquire(CallGate::peerAddress(*ctx));
  if (auto* full = std::get_if<grpc::Status>(&slot)) return new RefusedWriter<v1::Frame>(*full);
  const bool acceptDelta = ctx->client_metadata().count(kAcceptDeltaMetadata) > 0;
  return new FrameWriter(m_state.hub, request->max_rate_hz(), request->accept_packed(), acceptDelta,
                         std::get<StreamSlots::Slot>(std::move(slot)));
}

grpc::ServerUnaryReactor* ClusterServiceImpl::ListJobs(grpc::CallbackServerContext* ctx,
                                                       const v1::ListJobsRequest* request,
                                                       v1::ListJobsResponse* response) {
  if (auto* refused = refuseUnlessAdmitted(m_state.gate, ctx, Method::ListJobs, request->ByteSizeLong()))
    return refused;
  if (request->limit() > kMaxListLimit)
    return finish(ctx, invalid({"limit", "at most " + std::to_string(kMaxListLimit)}));
  std::vector<JobState> states;
  for (int i = 0; i < request->states_size(); ++i) {
    const auto state = fromProto(static_cast<v1::JobState>(request->states(i)));
    if (!state) return finish(ctx, invalid({"states[" + std::to_string(i) + "]", "unknown job state"}));
    states.push_back(*state);
  }
  const std::size_t limit = request->limit() == 0 ? kDefaultListLimit : request->limit();
  std::size_t total = 0;
  std::vector<Job> jobs;
  {
    std::lock_guard lock(m_state.mutex);
    jobs = m_state.source->jobs(states, limit, &total);
  }
  response->mutable_jobs()->Reserve(static_cast<int>(jobs.size()));
  for (const Job& job : jobs) toProto(job, response->add_jobs());
  response->set_total_matching(static_cast<std::uint32_t>(total));
  return finish(ctx, grpc::Status::OK);
}

grpc::ServerUnaryReactor* ClusterServiceImpl::SubmitJob(grpc::CallbackServerContext* ctx,
                                                        const v1::SubmitJobRequest* request,
                                                        v1::SubmitJobResponse* response) {
  auto who = m_state.gate.admit(*ctx, Method::SubmitJob, request->ByteSizeLong());
  if (auto* refused = std::get_if<grpc::Status>(&who)) return finish(ctx, *refused);
  if (!request->has_spec()) return finish(ctx, invalid({"spec", "is required"}));
  auto spec = fromProto(request->spec());
  if (auto* e = std::get_if<FieldError>(&spec)) return finish(ctx, invalid(*e));
  std::variant<JobId, FieldError> result;
  {
    std::lock_guard lock(m_state.mutex);
    if (!m_state.source->schedulesJobs())
      return finish(
          ctx, {grpc::StatusCode::FAILED_PRECONDITION,
                "source '" + m_state.source->topology().source + "' observes a real cluster and does not run jobs"});
    JobSpec& job = std::get<JobSpec>(spec);
    // A job with no owner named is the submitting token's.
    if (const std::string& caller = std::get<Caller>(who).name; job.owner.empty() && !caller.starts_with('('))
      job.owner = caller;
    result = m_state.source->submit(job);
  }
  if (auto* e = std::get_if<FieldError>(&result)) return finish(ctx, invalid(*e));
  response->set_job_id(std::get<JobId>(result));
  // Only granted submissions are kept: refused specs are the caller's typo,
  // not a change to the cluster.
  v1::AuditEntry entry;
  entry.set_who(std::get<Caller>(who).name);
  entry.set_action("SubmitJob");
  entry.set_detail("submit '" + request->spec().name() + "' as job " + std::to_string(response->job_id()));
  entry.set_ok(true);
  m_state.audit.record(std::move(entry));
  return finish(ctx, grpc::Status::OK);
}

grpc::ServerReadReactor<v1::ResourceMetrics>* ClusterServiceImpl::ReportMetrics(grpc::CallbackServerContext* ctx,
                                                                                v1::ReportAck* response) {
  auto caller = m_state.gate.admit(*ctx, Method::ReportMetrics, 0);
  if (auto* refused = std::get_if<grpc::Status>(&caller)) return new RefusedReader<v1::ResourceMetrics>(*refused);
  auto slot = m_state.reports.acquire(CallGate::peerAddress(*ctx));
  if (auto* full = std::get_if<grpc::Status>(&slot)) return new RefusedReader<v1::ResourceMetrics>(*full);
  return new ReportReader(m_state, response, std::get<StreamSlots::Slot>(std::move(slot)));
}

grpc::ServerWriteReactor<v1::SnapshotChunk>* ClusterServiceImpl::GetSnapshot(grpc::CallbackServerContext* ctx,
                                                                             const v1::GetSnapshotRequest* request) {
  auto caller = m_state.gate.admit(*ctx, Method::GetSnapshot, request->ByteSizeLong());
  if (auto* refused = std::get_if<grpc::Status>(&caller)) return new RefusedWriter<v1::SnapshotChunk>(*refused);
  auto slot = m_state.snapshots.acquire(CallGate::peerAddress(*ctx));
  if (auto* full = std::get_if<grpc::Status>(&slot)) return new RefusedWriter<v1::SnapshotChunk>(*full);
  return new SnapshotWriter(m_state, *request, std::get<StreamSlots::Slot>(std::move(slot)));
}

grpc::ServerUnaryReactor* ClusterServiceImpl::GetPredictions(grpc::CallbackServerContext* ctx,
                                                             const v1::GetPredictionsRequest* request,
                                                             v1::GetPredictionsResponse* response) {
  if (auto* refused = refuseUnlessAdmitted(m_state.gate, ctx, Method::GetPredictions, request->ByteSizeLong()))
    return refused;
  // The predictor thread's latest forecast; never computed on this call's
  // thread, never under the cluster's lock.
  if (const auto latest = m_state.predictions.latest()) *response = *latest;
  else response->set_availability(v1::GetPredictionsResponse::AVAILABILITY_NOT_YET);
  return finish(ctx, grpc::Status::OK);
}

grpc::ServerUnaryReactor* ClusterServiceImpl::GetDeviceHistory(grpc::CallbackServerContext* ctx,
                                                               const v1::GetDeviceHistoryRequest* request,
                                                               v1::GetDeviceHistoryResponse* response) {
  if (auto* refused = refuseUnlessAdmitted(m_state.gate, ctx, Method::GetDeviceHistory, request->ByteSizeLong()))
    return refused;
  std::vector<FrameRing::Entry> entries;
  std::size_t devices = 0;
  {
    // Only the cut under the lock: the entries share the ring's bytes, and
    // the frames are parsed after it is released.
    std::lock_guard lock(m_state.mutex);
    devices = static_cast<std::size_t>(m_state.topology.devices_size());
    entries = m_state.history.tail(m_state.topology.topology_version(), 0);
  }
  RingHistoryFrames frames(std::move(entries), devices);
  auto history = readDeviceHistory(frames, fromProto(*request));
  if (auto* e = std::get_if<HistoryError>(&history)) {
    const auto code =
        e->kind == HistoryError::Kind::BadRequest ? grpc::StatusCode::INVALID_ARGUMENT : grpc::StatusCode::INTERNAL;
    return finish(ctx, {code, e->message()});
  }
  toProto(std::get<DeviceHistory>(history), response);
  return finish(ctx, grpc::Status::OK);
}

}  // namespace hetsched
