#pragma once

#include "cli_args.h"
#include "serve/client/gateway_channel.h"

#include <string>
#include <string_view>
#include <variant>

namespace hetsched::cli {

// The options of every command that connects to a gateway (the CLI's and
// hetschedd --agent's): TLS, mutual TLS and the bearer token.
inline constexpr std::string_view kConnectOptionNames[] = {"tls",   "ca",         "cert",           "key",
                                                           "token", "token-file", "tls-server-name"};
inline constexpr const char* kConnectOptionsHelp =
    "  --tls                   TLS, the server checked against the system's roots (--ca implies --tls)\n"
    "  --ca FILE               TLS, the server checked against these PEM roots\n"
    "  --cert FILE --key FILE  mutual TLS: this client's certificate and key (PEM)\n"
    "  --tls-server-name NAME  the name the server's certificate must carry, if not the address's host\n"
    "  --token-file FILE       bearer token (first word of FILE); --token T also works but shows in ps\n";

// An error names the option and the file. Mentions of a key never print it.
std::variant<ChannelSecurity, std::string> channelSecurityFromArgs(const Args& args);

}  // namespace hetsched::cli
