#include "snapshot_fetcher.h"

#include "base/model/frame.h"
#include "cluster_client.h"
#include "data/store/snapshot_data.h"
#include "engine/sched/job_validation.h"
#include "hetsched.grpc.pb.h"
#include "hetsched.pb.h"
#include "serve/rpc/frame_codec.h"
#include "serve/rpc/proto_convert.h"

#include <chrono>
#include <grpcpp/grpcpp.h>
#include <grpcpp/support/status.h>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <variant>

namespace hetsched {

namespace {

RpcError protocolError(std::string message) {
  return {static_cast<int>(grpc::StatusCode::INTERNAL), "malformed snapshot: " + std::move(message)};
}

}  // namespace

SnapshotFetcher::SnapshotFetcher(std::shared_ptr<grpc::Channel> channel, std::chrono::milliseconds deadline,
                                 std::string bearerToken)
    : m_channel(std::move(channel)), m_deadline(deadline), m_bearerToken(std::move(bearerToken)) {}

std::variant<SnapshotData, RpcError> SnapshotFetcher::fetch(double historySeconds, const FetchProgressFn& progress) {
  auto stub = v1::ClusterService::NewStub(m_channel);
  grpc::ClientContext context;
  context.set_deadline(std::chrono::system_clock::now() + m_deadline);
  if (!m_bearerToken.empty()) context.AddMetadata("authorization", "Bearer " + m_bearerToken);
  v1::GetSnapshotRequest request;
  request.set_history_seconds(historySeconds);
  request.set_accept_packed(true);
  std::unique_ptr<grpc::ClientReader<v1::SnapshotChunk>> reader = stub->GetSnapshot(&context, request);

  SnapshotData data;
  FetchProgress state;
  v1::SnapshotChunk chunk;
  bool first = true;
  std::optional<RpcError> failure;
  while (!failure && reader->Read(&chunk)) {
    state.bytesReceived += chunk.ByteSizeLong();
    if (first) {
      first = false;
      if (!chunk.has_header() || !chunk.has_topology()) {
        failure = protocolError("the first chunk lacks the header or the topology");
        break;
      }
      auto topology = fromProto(chunk.topology());
      if (auto* e = std::get_if<FieldError>(&topology)) {
        failure = protocolError("topology: " + e->message());
        break;
      }
      data.topology = std::get<Topology>(std::move(topology));
      const v1::SnapshotHeader& h = chunk.header();
      data.takenAtMs = h.taken_at_ms();
      data.policy = {h.policy_name(), h.policy_version(), h.policy_json()};
      state.jobCount = h.job_count();
      state.frameCount = h.frame_count();
      data.jobs.reserve(state.jobCount);
      data.history.reserve(state.frameCount);
    }
    for (const v1::Job& job : chunk.jobs()) data.jobs.push_back(fromProto(job));
    for (const v1::Frame& frame : chunk.frames()) {
      Frame& f = data.history.emplace_back();
      if (auto error = decodeFrame(frame, data.topology.devices.size(), data.topology.nodes.size(), &f)) {
        failure = protocolError("frame " + std::to_string(data.history.size() - 1) + ": " + *error);
        break;
      }
    }
    state.jobsReceived = data.jobs.size();
    state.framesReceived = data.history.size();
    if (!failure && progress && !progress(state))
      failure = RpcError{static_cast<int>(grpc::StatusCode::CANCELLED), "cancelled"};
  }
  if (failure) {
    context.TryCancel();
    reader->Finish();
    return *failure;
  }
  const grpc::Status status = reader->Finish();
  if (!status.ok()) return RpcError{static_cast<int>(status.error_code()), status.error_message()};
  if (first) return protocolError("the stream was empty");
  if (data.jobs.size() != state.jobCount || data.history.size() != state.frameCount)
    return protocolError("the stream ended early");
  return data;
}

}  // namespace hetsched
