#include "cluster_client.h"

#include "base/history/device_history.h"
#include "base/model/connection_state.h"
#include "base/model/frame.h"
#include "base/model/job.h"
#include "base/model/job_prediction.h"
#include "base/model/topology.h"
#include "engine/sched/job_validation.h"
#include "gateway_channel.h"
#include "hetsched.grpc.pb.h"
#include "hetsched.pb.h"
#include "serve/rpc/frame_codec.h"
#include "serve/rpc/frame_packing.h"
#include "serve/rpc/history_convert.h"
#include "serve/rpc/prediction_convert.h"
#include "serve/rpc/proto_convert.h"
#include "unary_call.h"

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <future>
#include <grpcpp/grpcpp.h>
#include <grpcpp/support/channel_arguments.h>
#include <grpcpp/support/client_callback.h>
#include <grpcpp/support/status.h>
#include <memory>
#include <mutex>
#include <random>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace hetsched {

struct ClusterClient::Stub {
  std::unique_ptr<v1::ClusterService::Stub> stub;
};

namespace {

// The channel's own reconnect backoff would otherwise grow to two minutes
// while a gateway is down; ours (ClientOptions) decides the pace instead.
std::shared_ptr<grpc::Channel> makeChannel(const std::string& target, const ClientOptions& options) {
  grpc::ChannelArguments args;
  args.SetMaxReceiveMessageSize(64 << 20);
  args.SetInt(GRPC_ARG_INITIAL_RECONNECT_BACKOFF_MS, static_cast<int>(options.initialBackoff.count()));
  args.SetInt(GRPC_ARG_MIN_RECONNECT_BACKOFF_MS, static_cast<int>(options.initialBackoff.count()));
  args.SetInt(GRPC_ARG_MAX_RECONNECT_BACKOFF_MS, static_cast<int>(options.maxBackoff.count()));
  return makeGatewayChannel(target, options, args);
}

}  // namespace

// One WatchFrames stream. Decodes frames against the topology it was opened
// with; a frame of another topology version ends the stream so that the
// supervisor refetches the topology.
class ClusterClient::FrameReader final : public grpc::ClientReadReactor<v1::Frame> {
 public:
  FrameReader(ClusterClient& owner, std::shared_ptr<const Topology> topology)
      : m_owner(owner), m_topology(std::move(topology)), m_lastFrame(std::chrono::steady_clock::now()) {}

  void begin(v1::ClusterService::Stub* stub, double maxRateHz) {
    m_request.set_max_rate_hz(maxRateHz);
    m_request.set_accept_packed(true);
    m_owner.prepare(m_context);
    m_context.AddMetadata(kAcceptDeltaMetadata, "1");
    stub->async()->WatchFrames(&m_context, &m_request, this);
    StartRead(&m_frame);
    StartCall();
  }

  void OnReadDone(bool ok) override {
    if (!ok) return;  // OnDone follows with the status
    if (m_frame.topology_version() != m_topology->version) {
      end("topology changed");
      return;
    }
    auto frame = std::make_shared<Frame>();
    if (auto error =
            decodeFrame(m_frame, m_topology->devices.size(), m_topology->nodes.size(), frame.get(), &m_reference)) {
      end("malformed frame: " + *error);
      return;
    }
    frame->topologyVersion = m_topology->version;
    m_lastFrame.store(std::chrono::steady_clock::now());
    if (!m_live.exchange(true)) m_owner.setStatus(ConnectionState::Live, {}, {});
    if (m_owner.m_events.onFrame) m_owner.m_events.onFrame(std::move(frame));
    StartRead(&m_frame);
  }

  void OnDone(const grpc::Status& status) override {
    std::lock_guard lock(m_mutex);
    m_status = status;
    m_done = true;
    m_cv.notify_all();
  }

  void end(std::string reason) {
    {
      std::lock_guard lock(m_mutex);
      if (m_reason.empty()) m_reason = std::move(reason);
    }
    m_context.TryCancel();
  }

  // Waits up to `timeout` for the stream to end; true when it has.
  bool waitDone(std::chrono::milliseconds timeout) {
    std::unique_lock lock(m_mutex);
    return m_cv.wait_for(lock, timeout, [this] { return m_done; });
  }

  std::chrono::steady_clock::duration sinceLastFrame() const {
    return std::chrono::steady_clock::now() - m_lastFrame.load();
  }
  bool wasLive() const { return m_live.load(); }
  RpcError error() const {
    std::lock_guard lock(m_mutex);
    if (!m_reason.empty()) return {static_cast<int>(grpc::StatusCode::CANCELLED), m_reason};
    if (m_status.ok()) return {static_cast<int>(grpc::StatusCode::UNAVAILABLE), "the gateway ended the stream"};
    return toRpcError(m_status);
  }

 private:
  ClusterClient& m_owner;
  std::shared_ptr<const Topology> m_topology;
  grpc::ClientContext m_context;
  v1::WatchFramesRequest m_request;
  v1::Frame m_frame;
  // The last whole frame decoded on this stream: deltas apply to it. A new
  // stream starts without one, so the gateway sends it a whole frame first.
  PackedReference m_reference;
  std::atomic<std::chrono::steady_clock::time_point> m_lastFrame;
  std::atomic<bool> m_live{false};
  mutable std::mutex m_mutex;
  std::condition_variable m_cv;
  grpc::Status m_status;
  std::string m_reason;
  bool m_done = false;
};

ClusterClient::ClusterClient(std::string target, ClientEvents events, ClientOptions options)
    : m_target(std::move(target)),
      m_events(std::move(events)),
      m_options(std::move(options)),
      m_channel(makeChannel(m_target, m_options)),
      m_stub(std::make_unique<Stub>(Stub{v1::ClusterService::NewStub(m_channel)})) {}

ClusterClient::~ClusterClient() { stop(); }

void ClusterClient::prepare(grpc::ClientContext& context) const { addBearerToken(context, m_options); }

void ClusterClient::start() {
  std::lock_guard lock(m_mutex);
  if (m_supervisor.joinable() || m_stopping) return;
  m_supervisor = std::thread([this] { superviseLoop(); });
}

void ClusterClient::stop() {
  {
    std::lock_guard lock(m_mutex);
    m_stopping = true;
  }
  m_cv.notify_all();
  if (m_supervisor.joinable()) m_supervisor.join();
  m_calls.cancelAll();
}

void ClusterClient::setStatus(ConnectionState state, std::string detail, std::chrono::milliseconds retryIn) {
  if (m_events.onStatus) m_events.onStatus({state, std::move(detail), retryIn, m_attempt});
}

bool ClusterClient::sleepUnlessStopping(std::chrono::milliseconds duration) {
  std::unique_lock lock(m_mutex);
  return !m_cv.wait_for(lock, duration, [this] { return m_stopping; });
}

void ClusterClient::superviseLoop() {
  std::mt19937 jitterRng(std::random_device{}());
  auto backoff = m_options.initialBackoff;
  setStatus(ConnectionState::Connecting, {}, {});
  for (;;) {
    {
      std::lock_guard lock(m_mutex);
      if (m_stopping) break;
    }
    ++m_attempt;
    RpcError error;
    bool refetchNow = false;
    if (fetchTopology(&error)) {
      const bool wasLive = watchUntilLost(&error);
      if (wasLive) backoff = m_options.initialBackoff;
      refetchNow = error.message == "topology changed";
    }
    {
      std::lock_guard lock(m_mutex);
      if (m_stopping) break;
    }
    if (refetchNow) continue;
    const double jitter = std::uniform_real_distribution<double>(0.8, 1.2)(jitterRng);
    const auto wait = std::chrono::milliseconds(static_cast<long long>(backoff.count() * jitter));
    setStatus(m_topology ? ConnectionState::Stale : ConnectionState::Connecting, error.message, wait);
    if (!sleepUnlessStopping(wait)) break;
    backoff = std::min(backoff * 2, m_options.maxBackoff);
  }
  setStatus(ConnectionState::Stopped, {}, {});
}

bool ClusterClient::fetchTopology(RpcError* error) {
  grpc::ClientContext context;
  context.set_deadline(std::chrono::system_clock::now() + m_options.topologyDeadline);
  prepare(context);
  v1::GetTopologyRequest request;
  v1::Topology response;
  std::promise<grpc::Status> done;
  m_stub->stub->async()->GetTopology(&context, &request, &response,
                                     [&done](grpc::Status status) { done.set_value(std::move(status)); });
  auto finished = done.get_future();
  while (finished.wait_for(std::chrono::milliseconds(200)) != std::future_status::ready) {
    std::lock_guard lock(m_mutex);
    if (m_stopping) context.TryCancel();  // the callback follows promptly with CANCELLED
  }
  const grpc::Status status = finished.get();
  if (!status.ok()) {
    *error = toRpcError(status);
    return false;
  }
  auto topology = fromProto(response);
  if (auto* e = std::get_if<FieldError>(&topology)) {
    *error = {static_cast<int>(grpc::StatusCode::INTERNAL), "malformed topology: " + e->message()};
    return false;
  }
  m_topology = std::make_shared<const Topology>(std::get<Topology>(std::move(topology)));
  if (m_events.onTopology) m_events.onTopology(m_topology);
  return true;
}

bool ClusterClient::watchUntilLost(RpcError* error) {
  FrameReader reader(*this, m_topology);
  reader.begin(m_stub->stub.get(), m_options.maxRateHz);
  const auto tick = std::chrono::milliseconds(200);
  while (!reader.waitDone(tick)) {
    bool stopping = false;
    {
      std::lock_guard lock(m_mutex);
      stopping = m_stopping;
    }
    if (stopping) {
      reader.end("stopped");
    } else if (reader.sinceLastFrame() > m_options.staleAfter) {
      reader.end("no frame for " + std::to_string(m_options.staleAfter.count() / 1000) + " s");
    }
  }
  *error = reader.error();
  return reader.wasLive();
}

void ClusterClient::listJobs(const std::vector<JobState>& states, std::uint32_t limit,
                             std::function<void(std::variant<JobList, RpcError>)> done) {
  auto call = newUnaryCall<v1::ListJobsRequest, v1::ListJobsResponse>(m_options, m_calls);
  for (const JobState s : states) call->request.add_states(toProto(s));
  call->request.set_limit(limit);
  m_stub->stub->async()->ListJobs(&call->context, &call->request, &call->response,
                                  whenAnswered(call, std::move(done), [](const v1::ListJobsResponse& r) {
                                    JobList list;
                                    list.totalMatching = r.total_matching();
                                    list.jobs.reserve(static_cast<std::size_t>(r.jobs_size()));
                                    for (const auto& j : r.jobs()) list.jobs.push_back(fromProto(j));
                                    return list;
                                  }));
}

void ClusterClient::getPredictions(std::function<void(std::variant<QueuePredictions, RpcError>)> done) {
  auto call = newUnaryCall<v1::GetPredictionsRequest, v1::GetPredictionsResponse>(m_options, m_calls);
  m_stub->stub->async()->GetPredictions(&call->context, &call->request, &call->response,
                                        whenAnswered(call, std::move(done), [](const v1::GetPredictionsResponse& r) {
                                          return decodedOrInternal(fromProto(r), "GetPredictions");
                                        }));
}

void ClusterClient::getDeviceHistory(const HistoryRequest& request,
                                     std::function<void(std::variant<DeviceHistory, RpcError>)> done) {
  auto call = newUnaryCall<v1::GetDeviceHistoryRequest, v1::GetDeviceHistoryResponse>(m_options, m_calls);
  toProto(request, &call->request);
  m_stub->stub->async()->GetDeviceHistory(
      &call->context, &call->request, &call->response,
      whenAnswered(call, std::move(done), [](const v1::GetDeviceHistoryResponse& r) {
        return decodedOrInternal(fromProto(r), "GetDeviceHistory");
      }));
}

}  // namespace hetsched
