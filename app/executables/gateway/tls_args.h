#pragma once

#include "cli_args.h"
#include "serve/gateway/gateway.h"

#include <string>
#include <variant>

namespace hetsched::cli {

inline constexpr const char* kTlsOptionsHelp =
    "  --tls-cert FILE --tls-key FILE  serve TLS with this certificate chain and key (PEM)\n"
    "  --client-ca FILE        mutual TLS: clients must present a certificate from this CA (PEM)\n"
    "  --insecure              listen beyond loopback without TLS (refused otherwise: tokens would cross\n"
    "                          the network in plaintext)\n";
inline constexpr const char* kTlsOptionNames[] = {"tls-cert", "tls-key", "client-ca", "insecure"};

// Fills options.tls and options.insecure; an error names the option and file.
std::variant<std::monostate, std::string> applyTlsOptions(const Args& args, GatewayOptions& options);

}  // namespace hetsched::cli
