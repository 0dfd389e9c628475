#include "gateway.h"

#include "alert_gauges.h"
#include "alert_service.h"
#include "base/model/device_kind.h"
#include "base/model/frame.h"
#include "base/model/job.h"
#include "base/model/job_prediction.h"
#include "base/model/wall_clock.h"
#include "cluster_service.h"
#include "engine/predict/queue_forecast.h"
#include "frame_hub.h"
#include "gateway_state.h"
#include "hetsched.pb.h"
#include "listen_address.h"
#include "policy_book.h"
#include "policy_service.h"
#include "serve/alert/alert_conditions.h"
#include "serve/alert/alert_proto.h"
#include "serve/alert/alert_rule.h"
#include "serve/metrics/metrics_http_server.h"
#include "serve/metrics/metrics_registry.h"
#include "serve/metrics/request_timing_interceptor.h"
#include "serve/rpc/frame_codec.h"
#include "serve/rpc/prediction_convert.h"
#include "sources/cluster/cluster_source.h"
#include "sources/cluster/live_policies.h"
#include "state_file.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <grpc/grpc.h>
#include <grpc/grpc_security_constants.h>
#include <grpcpp/health_check_service_interface.h>
#include <grpcpp/security/server_credentials.h>
#include <grpcpp/server_builder.h>
#include <grpcpp/support/server_interceptor.h>
#include <memory>
#include <mutex>
#include <optional>
#include <ratio>
#include <stdexcept>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace hetsched {

namespace {

std::shared_ptr<grpc::ServerCredentials> serverCredentials(const std::optional<ServerTls>& tls) {
  if (!tls) return grpc::InsecureServerCredentials();
  grpc::SslServerCredentialsOptions ssl(tls->clientCaPem.empty()
                                            ? GRPC_SSL_DONT_REQUEST_CLIENT_CERTIFICATE
                                            : GRPC_SSL_REQUEST_AND_REQUIRE_CLIENT_CERTIFICATE_AND_VERIFY);
  ssl.pem_root_certs = tls->clientCaPem;
  ssl.pem_key_cert_pairs.push_back({tls->keyPem, tls->certPem});
  return grpc::SslServerCredentials(ssl);
}

}  // namespace

Gateway::Gateway(std::unique_ptr<ClusterSource> source, GatewayOptions options)
    : m_options(std::move(options)),
      m_state(std::make_unique<GatewayState>()),
      m_metrics(std::make_unique<MetricsRegistry>()),
      m_encoder(std::make_unique<PackedFrameEncoder>(m_options.keyFrameInterval)) {
  m_state->source = std::move(source);
  m_state->setTopology(m_state->source->topology());
  m_state->history.setCapacity(m_options.historyFrames, m_options.historyBytes);
  // A source with its own history (Prometheus) fills the ring at once, so
  // a snapshot taken right after start already holds the past hour.
  const double period = m_state->source->topology().agentPeriodMs / 1000.0;
  for (const Frame& past : m_state->source->backfill(period * static_cast<double>(m_options.historyFrames))) {
    v1::Frame encoded;
    encodePackedFrame(past, &encoded);
    encoded.set_wall_time_ms(past.wallTimeMs);
    m_state->history.push(encoded);
  }
  m_state->gate.configure(std::move(m_options.tokens),
                          m_options.anonymousReads.value_or(isLoopbackListen(m_options.listen)),
                          m_options.refusalLimits);
  m_state->watchers.setLimits(m_options.maxWatchers);
  m_state->snapshots.setLimits(m_options.maxSnapshotFetches);
  m_state->reports.setLimits(m_options.maxReportStreams);
  m_service = std::make_unique<ClusterServiceImpl>(*m_state);
  m_policyService = std::make_unique<PolicyServiceImpl>(*m_state);
  m_alertService = std::make_unique<AlertServiceImpl>(*m_state);
  if (m_options.alertRules)
    m_state->alerts.setRules(std::move(*m_options.alertRules),
                             m_options.alertRulesOrigin.empty() ? "options" : m_options.alertRulesOrigin);
}

Gateway::~Gateway() { stop(); }

bool Gateway::start(std::string* error) {
  const auto refuse = [error](std::string message) {
    if (error) *error = std::move(message);
    return false;
  };
  const bool loopback = isLoopbackListen(m_options.listen);
  if (!loopback && !m_options.tls && !m_options.insecure)
    return refuse("refusing to listen on " + m_options.listen +
                  " without TLS: beyond loopback, bearer tokens and cluster data would cross the network in "
                  "plaintext. Give --tls-cert FILE --tls-key FILE, listen on 127.0.0.1, or pass --insecure if a "
                  "private network or a TLS-terminating proxy protects the path");
  if (m_state->gate.anonymousReads() && !loopback)
    return refuse(m_options.listen +
                  " is beyond loopback: reads there need a viewer token; anonymous reads are "
                  "only for a loopback address");
  if (!openState(error)) return false;
  grpc::EnableDefaultHealthCheckService(true);
  grpc::ServerBuilder builder;
  builder.AddListeningPort(m_options.listen, serverCredentials(m_options.tls), &m_port);
  builder.RegisterService(m_service.get());
  builder.RegisterService(m_policyService.get());
  builder.RegisterService(m_alertService.get());
  builder.SetMaxReceiveMessageSize(m_options.maxReceiveMessageBytes);
  builder.SetMaxSendMessageSize(m_options.maxSendMessageBytes);
  // gRPC sets SO_REUSEPORT by default, which lets a second gateway bind the
  // same port and take half the calls; one port, one gateway.
  builder.AddChannelArgument(GRPC_ARG_ALLOW_REUSEPORT, 0);
  std::vector<std::unique_ptr<grpc::experimental::ServerInterceptorFactoryInterface>> interceptors;
  interceptors.push_back(std::make_unique<RequestTimingInterceptorFactory>(*m_metrics));
  builder.experimental().SetInterceptorCreators(std::move(interceptors));
  m_server = builder.BuildAndStart();
  if (!m_server || m_port == 0) {
    m_server.reset();
    m_state->stateFile.reset();  // let go of the file for whoever holds the port
    return refuse("cannot listen on " + m_options.listen +
                  " (the port is in use, perhaps by another hetschedd, or the address is not this machine's" +
                  (m_options.tls ? "; or the TLS certificate and key do not load or do not match)" : ")"));
  }
  m_server->GetHealthCheckService()->SetServingStatus(true);
  m_server->GetHealthCheckService()->SetServingStatus("hetsched.v1.ClusterService", true);
  m_server->GetHealthCheckService()->SetServingStatus("hetsched.v1.PolicyService", true);
  m_server->GetHealthCheckService()->SetServingStatus("hetsched.v1.AlertService", true);
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
  if (m_options.predictionIntervalMs > 0) m_predictor = std::thread([this] { predictLoop(); });
  return true;
}

bool Gateway::openState(std::string* error) {
  const auto refuse = [error](std::string message) {
    if (error) *error = std::move(message);
    return false;
  };
  if (m_options.statePath.empty()) {
    m_state->stateFile = StateFile::inMemory();
  } else {
    auto opened = StateFile::open(m_options.statePath);
    if (auto* e = std::get_if<std::string>(&opened)) return refuse(*e);
    m_state->stateFile = std::get<std::unique_ptr<StateFile>>(std::move(opened));
  }
  StateFile& file = *m_state->stateFile;
  auto stored = file.loadBook();
  if (auto* e = std::get_if<std::string>(&stored)) return refuse(*e);
  const bool resumed = std::get<std::optional<StoredBook>>(stored).has_value();
  try {
    if (auto& book = std::get<std::optional<StoredBook>>(stored)) {
      m_state->policies.emplace(std::move(book->versions), book->active, book->candidate, book->canaryPercent);
    } else {
      const PolicyBook& made =
          m_state->policies.emplace(m_options.initialPolicy.value_or(liveDefaultPolicy()), "hetschedd", wallNowMs());
      StateChange first;
      first.version = &made.history().front();
      first.active = 1;
      if (auto e = file.commit(first)) return refuse(*e);
    }
  } catch (const std::invalid_argument& e) {
    return refuse(file.durable() ? "state file " + file.path() + ": " + e.what() : e.what());
  }
  auto storedRules = file.loadAlertRules();
  if (auto* e = std::get_if<std::string>(&storedRules)) return refuse(*e);
  bool rulesResumed = false;
  if (auto& rules = std::get<std::optional<StoredAlertRules>>(storedRules)) {
    auto decoded = fromProto(rules->rules);
    if (auto* e = std::get_if<std::string>(&decoded))
      return refuse((file.durable() ? "state file " + file.path() : std::string("state")) + ": stored alert " + *e);
    m_state->alerts.setRules(std::get<std::vector<AlertRule>>(std::move(decoded)), rules->origin);
    rulesResumed = true;
  }
  m_state->audit.attach(&file);
  if (!m_options.auditLogPath.empty()) {
    if (auto e = m_state->audit.openTextFile(m_options.auditLogPath)) return refuse(*e);
  }
  const PolicyBook& book = m_state->book();
  // Observing sources refuse policies; their book still answers GetPolicy.
  if (m_state->source->schedulesJobs()) {
    if (auto rejected = m_state->source->setPolicies(book.live()))
      return refuse("the policy in force (v" + std::to_string(book.activeVersion()) +
                    ") cannot run here: " + rejected->message());
  }
  m_stateSummary =
      (file.durable() ? "state " + file.path() : std::string("state in memory (--state none)")) +
      (resumed ? " resumed at" : " new:") + " policy v" + std::to_string(book.activeVersion()) +
      (book.candidateVersion() ? " with candidate v" + std::to_string(book.candidateVersion()) + " at " +
                                     std::to_string(book.canaryPercent()) + "%"
                               : std::string()) +
      ", audit entry " + std::to_string(m_state->audit.headSequence()) +
      (resumed && m_options.initialPolicy ? " (the initial policy given applies to a new state only)" : "") +
      (rulesResumed ? std::string(", alert rules ") + (m_options.alertRules ? "as stored, not the file given (" : "(") +
                          m_state->alerts.report().rulesOrigin + "; a new set replaces them)"
                    : std::string());
  return true;
}

std::string Gateway::stateSummary() const { return m_stateSummary; }

std::string Gateway::address() const {
  const auto colon = m_options.listen.rfind(':');
  return m_options.listen.substr(0, colon) + ":" + std::to_string(m_port);
}

std::size_t Gateway::watcherCount() const { return m_state->hub.watcherCount(); }

void Gateway::withSource(const std::function<void(ClusterSource&)>& change) {
  std::lock_guard lock(m_state->mutex);
  change(*m_state->source);
}

int Gateway::metricsPort() const { return m_metricsServer ? m_metricsServer->port() : 0; }

void Gateway::registerGauges() {
  registerAlertGauges(*m_metrics, *m_state);
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
    out.reserve(kPriorityClassCount);
    for (std::size_t c = 0; c < kPriorityClassCount; ++c)
      out.push_back(
          {{{"class", std::string(toString(static_cast<PriorityClass>(c)))}}, static_cast<double>(q.queuedByClass[c])});
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
  const auto period = std::chrono::duration<double, std::milli>(m_state->source->topology().agentPeriodMs /
                                                                std::max(m_options.speed, 1e-3));
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

void Gateway::predictLoop() {
  const auto period = std::chrono::milliseconds(m_options.predictionIntervalMs);
  std::unique_lock lock(m_stopMutex);
  while (!m_stopping) {
    lock.unlock();
    const ForecastCost cost = forecastOnce();
    lock.lock();
    // The copy holds the cluster's lock and the run forward takes a core:
    // at 1,000,000 devices both cost seconds, and forecasting every period
    // left the frame ticker waiting on the lock and on the CPU (the console
    // went stale). Space forecasts so that the copy holds the lock at most a
    // tenth of the time and the whole forecast takes at most a quarter of a
    // core; at 10,000 devices (a few ms) the period rules as before.
    const auto spaced = std::max({std::chrono::duration<double, std::milli>(period),
                                  std::chrono::duration<double, std::milli>(9.0 * cost.underLockMs),
                                  std::chrono::duration<double, std::milli>(3.0 * cost.totalMs)});
    m_stopCv.wait_for(lock, spaced, [this] { return m_stopping; });
  }
}

Gateway::ForecastCost Gateway::forecastOnce() {
  using Ms = std::chrono::duration<double, std::milli>;
  const auto began = std::chrono::steady_clock::now();
  std::unique_ptr<QueueForecast> forecast;
  std::uint64_t sequence = 0;
  {
    // Only the copy happens under the cluster's lock (a few milliseconds at
    // 10,000 devices); the run forward below holds no lock at all, so
    // frames and RPCs never wait for it.
    std::lock_guard state(m_state->mutex);
    sequence = m_state->source->frame().sequence;
    if (sequence == m_forecastSequence) return {};  // nothing moved since the last one
    if (m_state->source->schedulesJobs()) forecast = m_state->source->forecast();
  }
  ForecastCost cost;
  cost.underLockMs = Ms(std::chrono::steady_clock::now() - began).count();
  m_forecastSequence = sequence;
  QueuePredictions predictions;
  if (forecast) {
    ForecastOptions options;
    options.cancel = &m_cancelForecast;
    predictions = forecast->run(options);
    if (m_cancelForecast.load()) return cost;  // stopping: incomplete, never published
  } else {
    predictions.availability = PredictionAvailability::NotScheduling;
  }
  predictions.frameSequence = sequence;
  predictions.computeMs = Ms(std::chrono::steady_clock::now() - began).count();
  cost.totalMs = predictions.computeMs;
  auto encoded = std::make_shared<v1::GetPredictionsResponse>();
  toProto(predictions, encoded.get());
  m_state->predictions.publish(std::move(encoded));
  return cost;
}

void Gateway::publishFrame() {
  auto frame = std::make_shared<v1::Frame>();
  auto published = std::make_shared<PublishedFrame>();
  {
    std::lock_guard state(m_state->mutex);
    auto delta = std::make_shared<v1::Frame>();
    const bool isDelta = m_encoder->encode(m_state->source->frame(), frame.get(), delta.get());
    frame->set_wall_time_ms(wallNowMs());
    if (isDelta) {
      delta->set_wall_time_ms(frame->wall_time_ms());
      published->delta = std::move(delta);
    } else {
      ++m_keyFrames;
    }
    published->key = m_keyFrames;
    published->isKey = !isDelta;
    // Alerts fire here, on the gateway, whether or not a console watches.
    AlertInputs alertInputs;
    alertInputs.topology = &m_state->source->topology();
    alertInputs.frame = &m_state->source->frame();
    alertInputs.ages = m_state->source->queueAges();
    alertInputs.wallMs = frame->wall_time_ms();
    m_state->alerts.evaluate(alertInputs);
    // Under the same lock as the step, so a snapshot's cut never holds a
    // topology or jobs newer than its last frame.
    m_state->history.push(*frame);
  }
  published->whole = std::move(frame);
  m_state->hub.publish(std::move(published));
}

void Gateway::stop() {
  {
    std::lock_guard lock(m_stopMutex);
    if (m_stopping) return;
    m_stopping = true;
  }
  m_cancelForecast = true;  // a forecast at 1,000,000 devices runs for seconds
  m_stopCv.notify_all();
  if (m_ticker.joinable()) m_ticker.join();
  if (m_predictor.joinable()) m_predictor.join();
  m_state->hub.close();
  if (m_metricsServer) m_metricsServer->stop();
  if (m_server) {
    m_server->Shutdown(std::chrono::system_clock::now() + std::chrono::seconds(2));
    m_server->Wait();
  }
}

}  // namespace hetsched
