#include "kube_config.h"

#include "base/model/file_text.h"
#include "kube_error.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <ios>
#include <optional>
#include <sstream>
#include <string>
#include <utility>
#include <variant>
#include <vector>
#include <yaml-cpp/yaml.h>

namespace hetsched {

namespace {

KubeError configError(const std::string& text) { return KubeError{0, "kubeconfig: " + text}; }

std::string scalar(const YAML::Node& map, const char* key) {
  const YAML::Node v = map[key];
  return v && v.IsScalar() ? v.as<std::string>() : std::string();
}

std::optional<std::string> readFile(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// kubeconfig lists are [{name: X, <kind>: {...}}]; the entry named `name`.
YAML::Node named(const YAML::Node& root, const char* list, const char* kind, const std::string& name) {
  const YAML::Node items = root[list];
  if (!items || !items.IsSequence()) return {};
  for (const YAML::Node& item : items) {
    if (item.IsMap() && scalar(item, "name") == name) return item[kind];
  }
  return {};
}

std::string absolute(const std::string& file, const std::filesystem::path& baseDir) {
  if (file.empty()) return file;
  const std::filesystem::path p(file);
  return (p.is_absolute() ? p : baseDir / p).lexically_normal().string();
}

std::optional<std::string> dataField(const YAML::Node& map, const char* key, std::string* out) {
  const std::string text = scalar(map, key);
  if (text.empty()) return std::nullopt;
  auto decoded = decodeBase64(text);
  if (!decoded) return std::string(key) + " is not valid base64";
  *out = std::move(*decoded);
  return std::nullopt;
}

}  // namespace

std::optional<std::string> decodeBase64(const std::string& text) {
  std::string out;
  unsigned buffer = 0;
  int bits = 0;
  std::size_t padding = 0;
  for (const char c : text) {
    int v = -1;
    if (c >= 'A' && c <= 'Z') v = c - 'A';
    else if (c >= 'a' && c <= 'z') v = c - 'a' + 26;
    else if (c >= '0' && c <= '9') v = c - '0' + 52;
    else if (c == '+') v = 62;
    else if (c == '/') v = 63;
    else if (c == '=') {
      ++padding;
      continue;
    } else if (c == '\n' || c == '\r' || c == ' ') continue;
    if (v < 0 || padding > 0) return std::nullopt;
    buffer = (buffer << 6) | static_cast<unsigned>(v);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out.push_back(static_cast<char>((buffer >> bits) & 0xFF));
    }
  }
  if (padding > 2) return std::nullopt;
  return out;
}

std::variant<std::vector<std::string>, KubeError> kubeconfigContexts(const std::string& yaml) {
  try {
    const YAML::Node root = YAML::Load(yaml);
    std::vector<std::string> names;
    if (root.IsMap() && root["contexts"] && root["contexts"].IsSequence()) {
      for (const YAML::Node& item : root["contexts"]) names.push_back(scalar(item, "name"));
    }
    return names;
  } catch (const YAML::Exception& e) {
    return configError(std::string("not YAML: ") + e.what());
  }
}

std::variant<KubeConfig, KubeError> parseKubeconfig(const std::string& yaml, const std::string& context,
                                                    const std::filesystem::path& baseDir) {
  YAML::Node root;
  try {
    root = YAML::Load(yaml);
  } catch (const YAML::Exception& e) {
    return configError(std::string("not YAML: ") + e.what());
  }
  if (!root.IsMap()) return configError("not a mapping");
  KubeConfig config;
  config.contextName = context.empty() ? scalar(root, "current-context") : context;
  if (config.contextName.empty()) return configError("no current-context and no --context given");
  try {
    const YAML::Node ctx = named(root, "contexts", "context", config.contextName);
    if (!ctx || !ctx.IsMap()) return configError("no context named '" + config.contextName + "'");
    const std::string clusterName = scalar(ctx, "cluster");
    const std::string userName = scalar(ctx, "user");
    if (const std::string ns = scalar(ctx, "namespace"); !ns.empty()) config.namespaceName = ns;

    const YAML::Node cluster = named(root, "clusters", "cluster", clusterName);
    if (!cluster || !cluster.IsMap())
      return configError("context '" + config.contextName + "' names cluster '" + clusterName + "', which is missing");
    config.server = scalar(cluster, "server");
    if (config.server.empty()) return configError("cluster '" + clusterName + "' has no server");
    config.insecureSkipTlsVerify = scalar(cluster, "insecure-skip-tls-verify") == "true";
    config.caFile = absolute(scalar(cluster, "certificate-authority"), baseDir);
    if (auto e = dataField(cluster, "certificate-authority-data", &config.caPem))
      return configError("cluster '" + clusterName + "': " + *e);

    // A context may name no user (an anonymous or proxied server).
    if (!userName.empty()) {
      const YAML::Node user = named(root, "users", "user", userName);
      if (!user || !user.IsMap())
        return configError("context '" + config.contextName + "' names user '" + userName + "', which is missing");
      config.token = scalar(user, "token");
      if (const std::string tokenFile = scalar(user, "tokenFile"); config.token.empty() && !tokenFile.empty()) {
        auto text = readFile(absolute(tokenFile, baseDir));
        if (!text) return configError("user '" + userName + "': cannot read tokenFile " + tokenFile);
        config.token = *text;
        while (!config.token.empty() && (config.token.back() == '\n' || config.token.back() == '\r'))
          config.token.pop_back();
      }
      config.clientCertFile = absolute(scalar(user, "client-certificate"), baseDir);
      config.clientKeyFile = absolute(scalar(user, "client-key"), baseDir);
      if (auto e = dataField(user, "client-certificate-data", &config.clientCertPem))
        return configError("user '" + userName + "': " + *e);
      if (auto e = dataField(user, "client-key-data", &config.clientKeyPem))
        return configError("user '" + userName + "': " + *e);
      const bool hasCert = !config.clientCertPem.empty() || !config.clientCertFile.empty();
      const bool hasKey = !config.clientKeyPem.empty() || !config.clientKeyFile.empty();
      if (hasCert != hasKey)
        return configError("user '" + userName +
                           "' has a client certificate without a key or a key without a certificate");
      if (config.token.empty() && !hasCert && (user["exec"] || user["auth-provider"]))
        return configError("user '" + userName +
                           "' authenticates through an exec/auth-provider plugin, which hetschedd does not run; "
                           "use a token or a client certificate");
    }
  } catch (const YAML::Exception& e) {
    return configError(std::string("malformed: ") + e.what());
  }
  return config;
}

std::variant<KubeConfig, KubeError> loadKubeconfig(const std::filesystem::path& file, const std::string& context) {
  std::string text;
  if (auto error = readFileText(file, &text)) return configError("cannot read " + *error);
  return parseKubeconfig(text, context, file.parent_path());
}

std::variant<KubeConfig, KubeError> inClusterConfig(const std::filesystem::path& accountDir,
                                                    const std::function<std::optional<std::string>(const char*)>& env) {
  const auto getenv = [&](const char* name) -> std::optional<std::string> {
    if (env) return env(name);
    if (const char* v = std::getenv(name)) return std::string(v);
    return std::nullopt;
  };
  const auto host = getenv("KUBERNETES_SERVICE_HOST");
  const auto port = getenv("KUBERNETES_SERVICE_PORT");
  if (!host || !port || host->empty() || port->empty())
    return KubeError{0, "not in a cluster: KUBERNETES_SERVICE_HOST/PORT are not set (give --kubeconfig)"};
  KubeConfig config;
  config.contextName = "in-cluster";
  // An IPv6 service address needs brackets in a URL.
  config.server = "https://" + (host->find(':') != std::string::npos ? "[" + *host + "]" : *host) + ":" + *port;
  auto token = readFile(accountDir / "token");
  if (!token) return KubeError{0, "in-cluster: cannot read " + (accountDir / "token").string()};
  config.token = *token;
  while (!config.token.empty() && (config.token.back() == '\n' || config.token.back() == '\r')) config.token.pop_back();
  config.tokenFile = (accountDir / "token").string();
  config.caFile = (accountDir / "ca.crt").string();
  if (auto ns = readFile(accountDir / "namespace"); ns && !ns->empty()) config.namespaceName = *ns;
  return config;
}

}  // namespace hetsched
