#include "tls_args.h"

#include "cli_args.h"
#include "serve/gateway/gateway.h"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <ios>
#include <sstream>
#include <string>
#include <utility>
#include <variant>

namespace hetsched::cli {

namespace {

// Reads a PEM file into *out; false with *error set when it cannot be read
// or holds no `marker` block.
bool readPem(const char* option, const std::string& path, const char* marker, std::string* out, std::string* error) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    *error = std::string("--") + option + " " + path + ": " + std::strerror(errno);
    return false;
  }
  std::ostringstream text;
  text << in.rdbuf();
  if (text.str().find(marker) == std::string::npos) {
    *error = std::string("--") + option + " " + path + ": no PEM '" + marker + "' in it";
    return false;
  }
  *out = text.str();
  return true;
}

}  // namespace

std::variant<std::monostate, std::string> applyTlsOptions(const Args& args, GatewayOptions& options) {
  options.insecure = args.flag("insecure");
  const auto cert = args.value("tls-cert");
  const auto key = args.value("tls-key");
  if (cert.has_value() != key.has_value()) return std::string("--tls-cert and --tls-key go together");
  if (!cert) {
    if (args.value("client-ca")) return std::string("--client-ca needs --tls-cert and --tls-key");
    return std::monostate{};
  }
  ServerTls tls;
  std::string error;
  if (!readPem("tls-cert", *cert, "-----BEGIN CERTIFICATE-----", &tls.certPem, &error) ||
      !readPem("tls-key", *key, "PRIVATE KEY-----", &tls.keyPem, &error))
    return error;
  if (auto ca = args.value("client-ca");
      ca && !readPem("client-ca", *ca, "-----BEGIN CERTIFICATE-----", &tls.clientCaPem, &error))
    return error;
  options.tls = std::move(tls);
  return std::monostate{};
}

}  // namespace hetsched::cli
