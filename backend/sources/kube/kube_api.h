#pragma once

#include "kube_config.h"
#include "kube_error.h"

#include <chrono>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <variant>

namespace httplib {
class Client;
}

namespace hetsched {

// A minimal client of the Kubernetes API server over cpp-httplib: GET a
// list, stream a watch, POST a subresource. Every call opens its own
// connection, so calls from several threads (one watch per resource, the
// scheduler's bindings) need no locking. Blocking.
class KubeApi {
 public:
  struct Timeouts {
    std::chrono::milliseconds connect{5000};
    std::chrono::milliseconds read{10000};
    // A watch sees data at least every bookmark period; longer silence is a dead connection.
    std::chrono::milliseconds watchRead{90000};
  };

  static std::variant<std::unique_ptr<KubeApi>, KubeError> create(KubeConfig config, Timeouts timeouts);
  static std::variant<std::unique_ptr<KubeApi>, KubeError> create(KubeConfig config) {
    return create(std::move(config), Timeouts{});
  }
  ~KubeApi();
  KubeApi(const KubeApi&) = delete;
  KubeApi& operator=(const KubeApi&) = delete;

  const KubeConfig& config() const { return m_config; }
  // The body of a 2xx answer.
  std::variant<std::string, KubeError> get(const std::string& path);
  // Streams a watch, calling onEvent with each newline-delimited JSON event
  // as it arrives; onEvent returning false ends the call. Nothing is an
  // orderly end (the server closed the stream, or onEvent stopped it).
  std::optional<KubeError> watch(const std::string& path, const std::function<bool(std::string_view)>& onEvent);
  std::optional<KubeError> post(const std::string& path, const std::string& jsonBody);
  // Ends running watches and refuses new calls; for shutdown, from any thread.
  void cancel();

 private:
  KubeApi(KubeConfig config, Timeouts timeouts, std::string scheme, std::string authority, std::string prefix);
  std::unique_ptr<httplib::Client> client(std::chrono::milliseconds readTimeout) const;
  bool track(httplib::Client* client, bool add);

  KubeConfig m_config;
  Timeouts m_timeouts;
  std::string m_scheme, m_authority, m_prefix;
  std::string m_tempDir;  // PEM data from the kubeconfig, as files for OpenSSL
  std::string m_caPath, m_certPath, m_keyPath;
  std::mutex m_mutex;
  std::set<httplib::Client*> m_active;
  bool m_cancelled = false;
};

// The message of a Kubernetes Status body ({"kind":"Status","message":...}),
// or the body itself, shortened.
std::string statusMessage(const std::string& body);

}  // namespace hetsched
