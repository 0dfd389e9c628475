#include "gateway.h"

#include "cluster_service.h"
#include "gateway_state.h"
#include "rpc/frame_codec.h"
#include "rpc/proto_convert.h"

#include <grpcpp/health_check_service_interface.h>
#include <grpcpp/server_builder.h>

#include <chrono>

namespace hetsched {

namespace {

std::int64_t wallNowMs() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

}  // namespace

Gateway::Gateway(std::unique_ptr<ClusterSource> source, GatewayOptions options)
    : m_options(std::move(options)), m_state(std::make_unique<GatewayState>()) {
  m_state->source = std::move(source);
  toProto(m_state->source->topology(), &m_state->topology);
  m_service = std::make_unique<ClusterServiceImpl>(*m_state);
}

Gateway::~Gateway() { stop(); }

bool Gateway::start(std::string* error) {
  grpc::EnableDefaultHealthCheckService(true);
  grpc::ServerBuilder builder;
  builder.AddListeningPort(m_options.listen, grpc::InsecureServerCredentials(), &m_port);
  builder.RegisterService(m_service.get());
  builder.SetMaxReceiveMessageSize(m_options.maxReceiveMessageBytes);
  builder.SetMaxSendMessageSize(m_options.maxSendMessageBytes);
  m_server = builder.BuildAndStart();
  if (!m_server || m_port == 0) {
    if (error) *error = "cannot listen on " + m_options.listen;
    m_server.reset();
    return false;
  }
  m_server->GetHealthCheckService()->SetServingStatus(true);
  m_server->GetHealthCheckService()->SetServingStatus("hetsched.v1.ClusterService", true);
  publishFrame();
  m_ticker = std::thread([this] { tickLoop(); });
  return true;
}

std::string Gateway::address() const {
  const auto colon = m_options.listen.rfind(':');
  return m_options.listen.substr(0, colon) + ":" + std::to_string(m_port);
}

std::size_t Gateway::watcherCount() const { return m_state->hub.watcherCount(); }

void Gateway::tickLoop() {
  const auto period = std::chrono::duration<double, std::milli>(
      m_state->source->topology().agentPeriodMs / std::max(m_options.speed, 1e-3));
  auto next = std::chrono::steady_clock::now();
  std::unique_lock lock(m_stopMutex);
  while (!m_stopping) {
    next += std::chrono::duration_cast<std::chrono::steady_clock::duration>(period);
    if (m_stopCv.wait_until(lock, next, [this] { return m_stopping; })) break;
    lock.unlock();
    {
      std::lock_guard state(m_state->mutex);
      m_state->source->step();
    }
    publishFrame();
    lock.lock();
    // After a stall (debugger, suspended VM) resume from now, not in a burst.
    if (std::chrono::steady_clock::now() - next > 10 * period) next = std::chrono::steady_clock::now();
  }
}

void Gateway::publishFrame() {
  auto frame = std::make_shared<v1::Frame>();
  {
    std::lock_guard state(m_state->mutex);
    encodeFrame(m_state->source->frame(), frame.get());
  }
  frame->set_wall_time_ms(wallNowMs());
  m_state->hub.publish(std::move(frame));
}

void Gateway::stop() {
  {
    std::lock_guard lock(m_stopMutex);
    if (m_stopping) return;
    m_stopping = true;
  }
  m_stopCv.notify_all();
  if (m_ticker.joinable()) m_ticker.join();
  m_state->hub.close();
  if (m_server) {
    m_server->Shutdown(std::chrono::system_clock::now() + std::chrono::seconds(2));
    m_server->Wait();
  }
}

}  // namespace hetsched
