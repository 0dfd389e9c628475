#include "gateway.h"

#include "cluster_service.h"
#include "gateway_state.h"
#include "policy_service.h"
#include "metrics/metrics_http_server.h"
#include "metrics/metrics_registry.h"
#include "metrics/request_timing_interceptor.h"
#include "rpc/frame_codec.h"
#include "rpc/proto_convert.h"

#include <grpcpp/health_check_service_interface.h>
#include <grpcpp/server_builder.h>

#include <array>
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
    : m_options(std::move(options)),
      m_state(std::make_unique<GatewayState>()),
      m_metrics(std::make_unique<MetricsRegistry>()) {
  m_state->source = std::move(source);
  m_state->setTopology(m_state->source->topology());
  m_state->history.setCapacity(m_options.historyFrames);
  // A source with its own history (Prometheus) fills the ring at once, so
  // a snapshot taken right after start already holds the past hour.
  const double period = m_state->source->topology().agentPeriodMs / 1000.0;
  for (const Frame& past : m_state->source->backfill(period * static_cast<double>(m_options.historyFrames))) {
    v1::Frame encoded;
    encodeFrame(past, &encoded);
    encoded.set_wall_time_ms(past.wallTimeMs);
    m_state->history.push(encoded);
  }
  m_state->tokens = std::move(m_options.tokens);
  m_state->policies.emplace(m_options.initialPolicy.value_or(liveDefaultPolicy()), "hetschedd", wallNowMs());
  // Observing sources refuse policies; their book still answers GetPolicy.
  if (m_state->source->schedulesJobs()) (void)m_state->source->setPolicies(m_state->policies->live());
  m_service = std::make_unique<ClusterServiceImpl>(*m_state);
  m_policyService = std::make_unique<PolicyServiceImpl>(*m_state);
}

Gateway::~Gateway() { stop(); }

bool Gateway::start(std::string* error) {
  if (!m_options.auditLogPath.empty()) {
    if (auto e = m_state->audit.openFile(m_options.auditLogPath)) {
      if (error) *error = *e;
      return false;
    }
  }
  grpc::EnableDefaultHealthCheckService(true);
  grpc::ServerBuilder builder;
  builder.AddListeningPort(m_options.listen, grpc::InsecureServerCredentials(), &m_port);
  builder.RegisterService(m_service.get());
  builder.RegisterService(m_policyService.get());
  builder.SetMaxReceiveMessageSize(m_options.maxReceiveMessageBytes);
  builder.SetMaxSendMessageSize(m_options.maxSendMessageBytes);
  std::vector<std::unique_ptr<grpc::experimental::ServerInterceptorFactoryInterface>> interceptors;
  interceptors.push_back(std::make_unique<RequestTimingInterceptorFactory>(*m_metrics));
  builder.experimental().SetInterceptorCreators(std::move(interceptors));
  m_server = builder.BuildAndStart();
  if (!m_server || m_port == 0) {
    if (error) *error = "cannot listen on " + m_options.listen;
    m_server.reset();
    return false;
  }
  m_server->GetHealthCheckService()->SetServingStatus(true);
  m_server->GetHealthCheckService()->SetServingStatus("hetsched.v1.ClusterService", true);
  m_server->GetHealthCheckService()->SetServingStatus("hetsched.v1.PolicyService", true);
  registerGauges();
  if (!m_options.metricsListen.empty()) {
    m_metricsServer = std::make_unique<MetricsHttpServer>([this] { return m_metrics->exposition(); });
    if (!m_metricsServer->start(m_options.metricsListen, error)) {
      m_server->Shutdown();
      m_server.reset();
      return false;
    }
  }
  publishFrame();
  m_ticker = std::thread([this] { tickLoop(); });
  return true;
}

std::string Gateway::address() const {
  const auto colon = m_options.listen.rfind(':');
  return m_options.listen.substr(0, colon) + ":" + std::to_string(m_port);
}

std::size_t Gateway::watcherCount() const { return m_state->hub.watcherCount(); }

int Gateway::metricsPort() const { return m_metricsServer ? m_metricsServer->port() : 0; }

void Gateway::registerGauges() {
  m_metrics->addGauge("hetsched_device_utilization", "Mean utilisation (0..1) of the devices of a kind", [this] {
    std::lock_guard lock(m_state->mutex);
    const Topology& t = m_state->source->topology();
    const Frame& f = m_state->source->frame();
    std::array<double, kDeviceKindCount> sum{};
    std::array<std::size_t, kDeviceKindCount> count{};
    for (std::size_t d = 0; d < f.deviceCount(); ++d) {
      sum[index(t.kindOf(d))] += f.utilization[d];
      ++count[index(t.kindOf(d))];
    }
    std::vector<GaugeSample> out;
    for (const DeviceKind kind : kDeviceKinds) {
      if (count[index(kind)] == 0) continue;
      out.push_back({{{"kind", std::string(toString(kind))}}, sum[index(kind)] / count[index(kind)]});
    }
    return out;
  });
  m_metrics->addGauge("hetsched_queue_length", "Jobs waiting, by priority class", [this] {
    std::lock_guard lock(m_state->mutex);
    const QueueSummary& q = m_state->source->frame().queue;
    std::vector<GaugeSample> out;
    for (std::size_t c = 0; c < kPriorityClassCount; ++c)
      out.push_back({{{"class", std::string(toString(static_cast<PriorityClass>(c)))}},
                     static_cast<double>(q.queuedByClass[c])});
    return out;
  });
  m_metrics->addGauge("hetsched_history_bytes", "Memory held by the frame history kept for snapshots", [this] {
    std::lock_guard lock(m_state->mutex);
    return std::vector<GaugeSample>{{{}, static_cast<double>(m_state->history.bytes())}};
  });
  m_metrics->addGauge("hetsched_connected_consoles", "Clients watching the frame stream", [this] {
    return std::vector<GaugeSample>{{{}, static_cast<double>(m_state->hub.watcherCount())}};
  });
  m_metrics->addGauge("hetsched_frame_sequence", "Sequence number of the latest agent report round", [this] {
    std::lock_guard lock(m_state->mutex);
    return std::vector<GaugeSample>{{{}, static_cast<double>(m_state->source->frame().sequence)}};
  });
}

void Gateway::tickLoop() {
  const auto period = std::chrono::duration<double, std::milli>(
      m_state->source->topology().agentPeriodMs / std::max(m_options.speed, 1e-3));
  auto next = std::chrono::steady_clock::now();
  std::unique_lock lock(m_stopMutex);
  while (!m_stopping) {
    next += std::chrono::duration_cast<std::chrono::steady_clock::duration>(period);
    if (m_stopCv.wait_until(lock, next, [this] { return m_stopping; })) break;
    lock.unlock();
    m_state->source->refresh();
    {
      std::lock_guard state(m_state->mutex);
      m_state->source->step();
      // Agents and real clusters grow: re-encode only when the shape changed.
      if (m_state->source->topology().version != m_state->topology.topology_version())
        m_state->setTopology(m_state->source->topology());
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
    frame->set_wall_time_ms(wallNowMs());
    // Under the same lock as the step, so a snapshot's cut never holds a
    // topology or jobs newer than its last frame.
    m_state->history.push(*frame);
  }
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
  if (m_metricsServer) m_metricsServer->stop();
  if (m_server) {
    m_server->Shutdown(std::chrono::system_clock::now() + std::chrono::seconds(2));
    m_server->Wait();
  }
}

}  // namespace hetsched
