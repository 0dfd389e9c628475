#pragma once

#include "gateway_state.h"
#include "hetsched.grpc.pb.h"
#include "hetsched.pb.h"

#include <grpcpp/server_context.h>
#include <grpcpp/support/byte_buffer.h>
#include <grpcpp/support/server_callback.h>

namespace hetsched {

// ClusterService on gRPC's callback API: unary handlers answer at once from
// GatewayState; WatchFrames hands each stream a FrameWriter, GetSnapshot a
// SnapshotWriter. GetTopology is a raw method: it answers with the bytes
// encoded once per topology version (the busiest read; see
// docs/gateway-load.md).
class ClusterServiceImpl final
    : public v1::ClusterService::WithRawCallbackMethod_GetTopology<v1::ClusterService::CallbackService> {
 public:
  explicit ClusterServiceImpl(GatewayState& state) : m_state(state) {}

  grpc::ServerUnaryReactor* GetTopology(grpc::CallbackServerContext* ctx, const grpc::ByteBuffer* request,
                                        grpc::ByteBuffer* response) override;
  grpc::ServerWriteReactor<v1::Frame>* WatchFrames(grpc::CallbackServerContext* ctx,
                                                   const v1::WatchFramesRequest* request) override;
  grpc::ServerUnaryReactor* ListJobs(grpc::CallbackServerContext* ctx, const v1::ListJobsRequest* request,
                                     v1::ListJobsResponse* response) override;
  grpc::ServerUnaryReactor* SubmitJob(grpc::CallbackServerContext* ctx, const v1::SubmitJobRequest* request,
                                      v1::SubmitJobResponse* response) override;
  grpc::ServerReadReactor<v1::ResourceMetrics>* ReportMetrics(grpc::CallbackServerContext* ctx,
                                                              v1::ReportAck* response) override;
  grpc::ServerWriteReactor<v1::SnapshotChunk>* GetSnapshot(grpc::CallbackServerContext* ctx,
                                                           const v1::GetSnapshotRequest* request) override;
  grpc::ServerUnaryReactor* GetPredictions(grpc::CallbackServerContext* ctx, const v1::GetPredictionsRequest* request,
                                           v1::GetPredictionsResponse* response) override;
  grpc::ServerUnaryReactor* GetDeviceHistory(grpc::CallbackServerContext* ctx,
                                             const v1::GetDeviceHistoryRequest* request,
                                             v1::GetDeviceHistoryResponse* response) override;

 private:
  GatewayState& m_state;
};

}  // namespace hetsched
