#pragma once

#include "cli_args.h"
#include "gateway/gateway.h"

#include <string>
#include <variant>

namespace hetsched::cli {

inline constexpr const char* kTokenOptionsHelp =
    "  --tokens FILE           bearer tokens, one 'TOKEN ROLE NAME' a line (ROLE: operator or viewer)\n"
    "  --token-out FILE        without --tokens: where the generated operator token is written (mode 0600;\n"
    "                          default $XDG_RUNTIME_DIR/hetsched/token, else a per-user temp path)\n"
    "  --audit-log FILE        append every mutation (who, when, what, old -> new version) to FILE\n"
    "  --policy FILE           the policy to start with (JSON; default: the live cluster's own rule)\n";
inline constexpr const char* kTokenOptionNames[] = {"tokens", "token-out", "audit-log", "policy"};

// Fills options.tokens, auditLogPath and initialPolicy from the command
// line. Without --tokens it makes an operator token, writes it to a file
// only this user can read and says where in *notice. An error message on
// failure (a malformed tokens file names file:line).
std::variant<std::monostate, std::string> applyTokenOptions(const Args& args, GatewayOptions& options,
                                                            std::string* notice);

}  // namespace hetsched::cli
