#include "agent_reporter.h"

#include "base/model/wall_clock.h"
#include "hetsched.grpc.pb.h"
#include "hetsched.pb.h"
#include "serve/client/gateway_channel.h"
#include "serve/rpc/report_convert.h"
#include "sources/host/host_error.h"
#include "sources/host/host_reader.h"
#include "sources/host/host_report.h"
#include "sources/host/host_sample.h"

#include <chrono>
#include <cstdint>
#include <functional>
#include <grpcpp/grpcpp.h>
#include <grpcpp/support/status.h>
#include <mutex>
#include <string>
#include <utility>
#include <variant>

namespace hetsched {

namespace {

bool permanent(grpc::StatusCode code) {
  // A wrong token or role will not fix itself by retrying either.
  return code == grpc::StatusCode::INVALID_ARGUMENT || code == grpc::StatusCode::FAILED_PRECONDITION ||
         code == grpc::StatusCode::UNIMPLEMENTED || code == grpc::StatusCode::UNAUTHENTICATED ||
         code == grpc::StatusCode::PERMISSION_DENIED;
}

}  // namespace

AgentReporter::AgentReporter(AgentOptions options, std::function<void(const std::string&)> log)
    : m_options(std::move(options)), m_log(std::move(log)) {}

void AgentReporter::stop() {
  {
    std::lock_guard lock(m_mutex);
    m_stopping = true;
  }
  m_cv.notify_all();
}

bool AgentReporter::waitUnlessStopping(std::chrono::steady_clock::time_point until) {
  std::unique_lock lock(m_mutex);
  return !m_cv.wait_until(lock, until, [this] { return m_stopping; });
}

std::string AgentReporter::run() {
  HostReader reader(m_options.host);
  const std::string nodeId = m_options.nodeId.empty() ? reader.hostName() : m_options.nodeId;
  const auto stub = v1::ClusterService::NewStub(makeGatewayChannel(m_options.reportTo, m_options.security));
  const auto periodMs = static_cast<std::uint32_t>(m_options.period.count());
  auto next = std::chrono::steady_clock::now();
  while (true) {
    // One stream for as long as the gateway keeps it open.
    grpc::ClientContext context;
    addBearerToken(context, m_options.security);
    v1::ReportAck ack;
    auto writer = stub->ReportMetrics(&context, &ack);
    bool streaming = true;
    while (streaming) {
      auto sample = reader.sample();
      if (auto* e = std::get_if<HostError>(&sample)) {
        if (m_log) m_log("cannot read host: " + e->message());
      } else {
        v1::ResourceMetrics message;
        toProto(toNodeReport(std::get<HostSample>(sample), nodeId, wallNowMs(), periodMs), &message);
        streaming = writer->Write(message);
      }
      next += m_options.period;
      if (streaming && !waitUnlessStopping(next)) break;
    }
    writer->WritesDone();
    const grpc::Status status = writer->Finish();
    {
      std::lock_guard lock(m_mutex);
      if (m_stopping) return {};
    }
    if (permanent(status.error_code())) return "gateway rejected the reports: " + status.error_message();
    if (m_log) m_log("gateway " + m_options.reportTo + " unavailable (" + status.error_message() + "), retrying");
    const auto now = std::chrono::steady_clock::now();
    if (next < now) next = now;
    next += m_options.period;
    if (!waitUnlessStopping(next)) return {};
  }
}

}  // namespace hetsched
