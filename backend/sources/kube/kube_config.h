#pragma once

#include "kube_error.h"

#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace hetsched {

// How to reach one API server as one user: a kubeconfig context resolved,
// or the in-cluster service account. File references are made absolute;
// *-data fields are kept decoded (PEM text).
struct KubeConfig {
  std::string contextName;
  std::string server;  // "https://host:port" (or http:// for kubectl proxy and tests)
  std::string caPem;
  std::string caFile;
  bool insecureSkipTlsVerify = false;
  std::string token;
  std::string tokenFile;  // re-read for every call: projected service-account tokens rotate
  std::string clientCertPem;
  std::string clientCertFile;
  std::string clientKeyPem;
  std::string clientKeyFile;
  std::string namespaceName = "default";
};

// Reads a kubeconfig (YAML, parsed with yaml-cpp). `context` empty means
// current-context. Relative file paths are taken from `baseDir`, as kubectl
// does. Exec and auth-provider plugins are not run: a user that only has
// those is an error naming them.
std::variant<KubeConfig, KubeError> parseKubeconfig(const std::string& yaml, const std::string& context,
                                                    const std::filesystem::path& baseDir);
std::variant<KubeConfig, KubeError> loadKubeconfig(const std::filesystem::path& file, const std::string& context);
// The context names a kubeconfig offers, in file order.
std::variant<std::vector<std::string>, KubeError> kubeconfigContexts(const std::string& yaml);

// The pod's own service account: token, ca.crt and namespace under
// `accountDir`, the server from KUBERNETES_SERVICE_HOST/PORT (read through
// `env`, so tests need not set the process environment).
std::variant<KubeConfig, KubeError> inClusterConfig(
    const std::filesystem::path& accountDir = "/var/run/secrets/kubernetes.io/serviceaccount",
    const std::function<std::optional<std::string>(const char*)>& env = {});

// Standard base64 (kubeconfig's *-data fields); nothing when malformed.
std::optional<std::string> decodeBase64(const std::string& text);

}  // namespace hetsched
