#include "connect_args.h"

#include "cli_args.h"
#include "serve/client/gateway_channel.h"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <ios>
#include <optional>
#include <sstream>
#include <string>
#include <utility>
#include <variant>

namespace hetsched::cli {

namespace {

std::optional<std::string> readFile(const std::string& path, std::string* error) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    *error = path + ": " + std::strerror(errno);
    return std::nullopt;
  }
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace

std::variant<ChannelSecurity, std::string> channelSecurityFromArgs(const Args& args) {
  ChannelSecurity security;
  std::string error;
  if (args.flag("tls")) {
    // "--tls FILE" would swallow the command's FILE; say so rather than guess.
    if (auto v = args.value("tls"); v && *v != "yes" && *v != "true" && *v != "1")
      return "--tls takes no value (got '" + *v + "'); put it after the other arguments or write --tls=yes";
    security.tls = true;
  }
  if (auto ca = args.value("ca")) {
    auto pem = readFile(*ca, &error);
    if (!pem) return "--ca " + error;
    if (pem->find("-----BEGIN CERTIFICATE-----") == std::string::npos)
      return "--ca " + *ca + ": no PEM certificate in it";
    security.caPem = std::move(*pem);
    security.tls = true;
  }
  const auto cert = args.value("cert");
  const auto key = args.value("key");
  if (cert.has_value() != key.has_value()) return std::string("--cert and --key go together (mutual TLS)");
  if (cert) {
    auto certPem = readFile(*cert, &error);
    if (!certPem) return "--cert " + error;
    if (certPem->find("-----BEGIN CERTIFICATE-----") == std::string::npos)
      return "--cert " + *cert + ": no PEM certificate in it";
    auto keyPem = readFile(*key, &error);
    if (!keyPem) return "--key " + error;
    if (keyPem->find("PRIVATE KEY-----") == std::string::npos) return "--key " + *key + ": no PEM private key in it";
    security.certPem = std::move(*certPem);
    security.keyPem = std::move(*keyPem);
    security.tls = true;
  }
  if (auto name = args.value("tls-server-name")) {
    if (!security.tls) return std::string("--tls-server-name needs TLS (--tls or --ca)");
    security.serverName = *name;
  }
  if (auto token = args.value("token")) security.bearerToken = *token;
  if (auto file = args.value("token-file")) {
    if (args.value("token")) return std::string("--token and --token-file: give one");
    auto text = readFile(*file, &error);
    if (!text) return "--token-file " + error;
    std::istringstream words(*text);
    if (!(words >> security.bearerToken)) return "--token-file " + *file + ": empty";
  }
  return security;
}

}  // namespace hetsched::cli
