#include "metrics_http_server.h"

#include <asm-generic/socket.h>
#include <functional>
#include <httplib.h>
#include <memory>
#include <string>
#include <sys/socket.h>
#include <utility>

namespace hetsched {

MetricsHttpServer::MetricsHttpServer(std::function<std::string()> exposition)
    : m_exposition(std::move(exposition)), m_server(std::make_unique<httplib::Server>()) {
  // httplib sets SO_REUSEPORT by default, which would let a second gateway
  // silently share the port; only SO_REUSEADDR (fast restarts) is wanted.
  m_server->set_socket_options([](int sock) {
    int yes = 1;
    setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
  });
  m_server->Get("/metrics", [this](const httplib::Request&, httplib::Response& response) {
    response.set_content(m_exposition(), "text/plain; version=0.0.4; charset=utf-8");
  });
  m_server->Get("/", [](const httplib::Request&, httplib::Response& response) {
    response.set_content("hetschedd: metrics at /metrics\n", "text/plain");
  });
}

MetricsHttpServer::~MetricsHttpServer() { stop(); }

bool MetricsHttpServer::start(const std::string& listen, std::string* error) {
  const auto colon = listen.rfind(':');
  if (colon == std::string::npos) {
    if (error) *error = "--metrics-listen: expected HOST:PORT, got '" + listen + "'";
    return false;
  }
  const std::string host = listen.substr(0, colon);
  int port = 0;
  try {
    port = std::stoi(listen.substr(colon + 1));
  } catch (...) {
    port = -1;
  }
  if (port < 0 || port > 65535) {
    if (error) *error = "--metrics-listen: bad port in '" + listen + "'";
    return false;
  }
  m_port = port == 0 ? m_server->bind_to_any_port(host) : (m_server->bind_to_port(host, port) ? port : -1);
  if (m_port <= 0) {
    if (error) *error = "cannot listen on " + listen + " for /metrics";
    m_port = 0;
    return false;
  }
  m_thread = std::thread([this] { m_server->listen_after_bind(); });
  return true;
}

void MetricsHttpServer::stop() {
  if (m_thread.joinable()) {
    m_server->stop();
    m_thread.join();
  }
}

}  // namespace hetsched
