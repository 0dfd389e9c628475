#include "kube_api.h"

#include "kube_config.h"
#include "kube_error.h"
#include "watch_lines.h"

#include <cstddef>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <functional>
#include <httplib.h>
#include <ios>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdlib.h>
#include <string>
#include <string_view>
#include <sys/stat.h>
#include <system_error>
#include <utility>
#include <variant>

namespace hetsched {

namespace {

bool writePrivate(const std::string& path, const std::string& content) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << content;
  out.close();
  return out.good() && ::chmod(path.c_str(), 0600) == 0;
}

KubeError transportError(const httplib::Result& result) {
  return KubeError{0, "cannot reach the API server: " + httplib::to_string(result.error())};
}

}  // namespace

std::string statusMessage(const std::string& body) {
  const auto doc = nlohmann::json::parse(body, nullptr, false);
  if (doc.is_object()) {
    if (const auto m = doc.find("message"); m != doc.end() && m->is_string()) return m->get<std::string>();
  }
  std::string shortened = body.substr(0, 200);
  while (!shortened.empty() && (shortened.back() == '\n' || shortened.back() == '\r')) shortened.pop_back();
  return shortened.empty() ? std::string("(empty body)") : shortened;
}

std::variant<std::unique_ptr<KubeApi>, KubeError> KubeApi::create(KubeConfig config, Timeouts timeouts) {
  const auto schemeEnd = config.server.find("://");
  if (schemeEnd == std::string::npos) return KubeError{0, "server '" + config.server + "' has no scheme"};
  std::string scheme = config.server.substr(0, schemeEnd);
  if (scheme != "https" && scheme != "http")
    return KubeError{0, "server '" + config.server + "': only https:// and http:// are supported"};
  std::string rest = config.server.substr(schemeEnd + 3);
  std::string prefix;
  if (const auto slash = rest.find('/'); slash != std::string::npos) {
    prefix = rest.substr(slash);
    rest.resize(slash);
  }
  while (!prefix.empty() && prefix.back() == '/') prefix.pop_back();
  if (rest.empty()) return KubeError{0, "server '" + config.server + "' has no host"};
  std::unique_ptr<KubeApi> api(
      new KubeApi(std::move(config), timeouts, std::move(scheme), std::move(rest), std::move(prefix)));
  KubeConfig& c = api->m_config;
  api->m_caPath = c.caFile;
  api->m_certPath = c.clientCertFile;
  api->m_keyPath = c.clientKeyFile;
  if (!c.caPem.empty() || !c.clientCertPem.empty() || !c.clientKeyPem.empty()) {
    // OpenSSL (through httplib) loads certificates from files; the
    // kubeconfig's inline data goes to a private temp directory.
    std::string pattern = (std::filesystem::temp_directory_path() / "hetsched-kube-XXXXXX").string();
    if (::mkdtemp(pattern.data()) == nullptr) return KubeError{0, "cannot create a temp directory for certificates"};
    api->m_tempDir = pattern;
    const auto put = [&](const std::string& pem, const char* name, std::string* path) {
      if (pem.empty()) return true;
      *path = api->m_tempDir + "/" + name;
      return writePrivate(*path, pem);
    };
    if (!put(c.caPem, "ca.crt", &api->m_caPath) || !put(c.clientCertPem, "client.crt", &api->m_certPath) ||
        !put(c.clientKeyPem, "client.key", &api->m_keyPath))
      return KubeError{0, "cannot write certificates to " + api->m_tempDir};
  }
  auto probe = api->client(timeouts.read);
  if (!probe->is_valid())
    return KubeError{0, "server '" + api->m_config.server + "': TLS setup failed (certificate or key unreadable?)"};
  return api;
}

KubeApi::KubeApi(KubeConfig config, Timeouts timeouts, std::string scheme, std::string authority, std::string prefix)
    : m_config(std::move(config)),
      m_timeouts(timeouts),
      m_scheme(std::move(scheme)),
      m_authority(std::move(authority)),
      m_prefix(std::move(prefix)) {}

KubeApi::~KubeApi() {
  if (!m_tempDir.empty()) {
    std::error_code ignored;
    std::filesystem::remove_all(m_tempDir, ignored);
  }
}

std::unique_ptr<httplib::Client> KubeApi::client(std::chrono::milliseconds readTimeout) const {
  const std::string base = m_scheme + "://" + m_authority;
  auto c = m_certPath.empty() ? std::make_unique<httplib::Client>(base)
                              : std::make_unique<httplib::Client>(base, m_certPath, m_keyPath);
  const auto seconds = [](std::chrono::milliseconds ms) {
    return std::pair{static_cast<time_t>(ms.count() / 1000), static_cast<time_t>((ms.count() % 1000) * 1000)};
  };
  const auto [cs, cu] = seconds(m_timeouts.connect);
  const auto [rs, ru] = seconds(readTimeout);
  c->set_connection_timeout(cs, cu);
  c->set_read_timeout(rs, ru);
  c->set_write_timeout(rs, ru);
  if (m_scheme == "https") {
    c->enable_server_certificate_verification(!m_config.insecureSkipTlsVerify);
    if (!m_caPath.empty()) c->set_ca_cert_path(m_caPath);
  }
  std::string token = m_config.token;
  if (!m_config.tokenFile.empty()) {
    std::ifstream in(m_config.tokenFile);
    std::string fresh;
    if (std::getline(in, fresh) && !fresh.empty()) token = fresh;
  }
  if (!token.empty()) c->set_bearer_token_auth(token);
  c->set_default_headers({{"Accept", "application/json"}, {"User-Agent", "hetschedd"}});
  return c;
}

bool KubeApi::track(httplib::Client* c, bool add) {
  std::lock_guard lock(m_mutex);
  if (!add) {
    m_active.erase(c);
    return true;
  }
  if (m_cancelled) return false;
  m_active.insert(c);
  return true;
}

void KubeApi::cancel() {
  std::lock_guard lock(m_mutex);
  m_cancelled = true;
  for (httplib::Client* c : m_active) c->stop();
}

std::variant<std::string, KubeError> KubeApi::get(const std::string& path) {
  auto c = client(m_timeouts.read);
  if (!track(c.get(), true)) return KubeError{0, "cancelled"};
  auto result = c->Get(m_prefix + path);
  track(c.get(), false);
  if (!result) return transportError(result);
  if (result->status / 100 != 2) return KubeError{result->status, "GET " + path + ": " + statusMessage(result->body)};
  return std::move(result->body);
}

std::optional<KubeError> KubeApi::post(const std::string& path, const std::string& jsonBody) {
  auto c = client(m_timeouts.read);
  if (!track(c.get(), true)) return KubeError{0, "cancelled"};
  auto result = c->Post(m_prefix + path, jsonBody, "application/json");
  track(c.get(), false);
  if (!result) return transportError(result);
  if (result->status / 100 != 2) return KubeError{result->status, "POST " + path + ": " + statusMessage(result->body)};
  return std::nullopt;
}

std::optional<KubeError> KubeApi::watch(const std::string& path, const std::function<bool(std::string_view)>& onEvent) {
  auto c = client(m_timeouts.watchRead);
  if (!track(c.get(), true)) return KubeError{0, "cancelled"};
  int status = 0;
  WatchLines lines;
  std::string errorBody;
  bool stoppedByCaller = false;
  auto result = c->Get(
      m_prefix + path, httplib::Headers{},
      [&](const httplib::Response& response) {
        status = response.status;
        return true;
      },
      [&](const char* data, std::size_t length) {
        if (status / 100 != 2) {
          errorBody.append(data, length);
          return errorBody.size() < std::size_t{64} * 1024;
        }
        if (lines.feed({data, length}, onEvent)) return true;
        stoppedByCaller = true;
        return false;
      });
  track(c.get(), false);
  if (stoppedByCaller) return std::nullopt;
  if (status != 0 && status / 100 != 2) return KubeError{status, "watch " + path + ": " + statusMessage(errorBody)};
  if (!result) {
    {
      std::lock_guard lock(m_mutex);
      if (m_cancelled) return KubeError{0, "cancelled"};
    }
    return transportError(result);
  }
  if (result->status / 100 != 2) return KubeError{result->status, "watch " + path + ": " + statusMessage(result->body)};
  lines.finish(onEvent);
  return std::nullopt;
}

}  // namespace hetsched
