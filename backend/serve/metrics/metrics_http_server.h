#pragma once

#include <functional>
#include <memory>
#include <string>
#include <thread>

namespace httplib {
class Server;
}

namespace hetsched {

// Serves GET /metrics (Prometheus text format) on its own thread.
class MetricsHttpServer {
 public:
  explicit MetricsHttpServer(std::function<std::string()> exposition);
  ~MetricsHttpServer();

  // "HOST:PORT"; port 0 picks a free one. False (with *error) if unusable.
  bool start(const std::string& listen, std::string* error);
  int port() const { return m_port; }
  void stop();

 private:
  std::function<std::string()> m_exposition;
  std::unique_ptr<httplib::Server> m_server;
  std::thread m_thread;
  int m_port = 0;
};

}  // namespace hetsched
