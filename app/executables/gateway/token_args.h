#pragma once

#include "cli_args.h"
#include "serve/gateway/gateway.h"

#include <filesystem>
#include <optional>
#include <string>
#include <variant>

namespace hetsched::cli {

inline constexpr const char* kTokenOptionsHelp =
    "  --tokens FILE           bearer tokens, one 'TOKEN ROLE NAME' a line (ROLE: operator, agent or viewer;\n"
    "                          tokens of 128 bits or more; the file readable by this user only)\n"
    "  --token-out FILE        without --tokens: where the generated operator token is written (a new file,\n"
    "                          mode 0600; default $XDG_RUNTIME_DIR/hetsched/token-ADDRESS, else a fresh private\n"
    "                          directory under the temp directory; the path is printed)\n"
    "  --anonymous-reads yes|no  reads without a token (default: yes on a loopback address; beyond loopback\n"
    "                          reads always need a viewer token)\n"
    "  --state FILE|none       policy versions, canary state and the audit log, resumed at start (SQLite;\n"
    "                          default $XDG_STATE_HOME/hetsched/gateway-ADDRESS.sqlite; 'none' or a listen\n"
    "                          port of 0: in memory only)\n"
    "  --audit-log FILE        also append every audit entry (mutations, refused calls), hash-chained, to FILE\n"
    "  --policy FILE           the policy to start with (JSON; default: the live cluster's own rule)\n";
inline constexpr const char* kTokenOptionNames[] = {"tokens", "token-out", "anonymous-reads",
                                                    "state",  "audit-log", "policy"};

// The operator token hetschedd made when no --tokens file was given, and
// where it goes once the gateway holds its address.
struct GeneratedToken {
  std::string token;
  std::optional<std::filesystem::path> out;  // --token-out; unset: the private runtime directory
};

// Fills options.tokens, anonymousReads, statePath, auditLogPath and
// initialPolicy from the command line (options.listen already set); without --tokens makes an operator token to write
// with writeTokenFile once the gateway listens. An error message on failure (a malformed or readable tokens file names
// the file and why).
std::variant<std::optional<GeneratedToken>, std::string> applyTokenOptions(const Args& args, GatewayOptions& options);

struct WrittenToken {
  std::filesystem::path path;
  bool ownDirectory = false;  // a directory made for it alone, removed with it
};

// Writes the token (mode 0600, never over an existing file or through a
// link) and says where, or an error message. `address` is the gateway's
// listen address, which names the default file so that gateways on
// different addresses never share one.
std::variant<WrittenToken, std::string> writeTokenFile(const GeneratedToken& token, const std::string& address);
// At a clean stop: the file (if it still holds this token) and its own directory.
void removeTokenFile(const WrittenToken& written, const GeneratedToken& token);

}  // namespace hetsched::cli
