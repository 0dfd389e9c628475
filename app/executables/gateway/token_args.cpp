#include "token_args.h"

#include "cli_args.h"
#include "engine/policy/policy_loader.h"
#include "engine/sched/job_validation.h"
#include "policy.pb.h"
#include "serve/gateway/gateway.h"
#include "serve/gateway/private_files.h"
#include "serve/gateway/token_store.h"

#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <string>
#include <system_error>
#include <utility>
#include <variant>

namespace hetsched::cli {

namespace {

// An address as a file name: "127.0.0.1:50051" -> "127.0.0.1-50051".
std::string fileNameOf(std::string text) {
  for (char& c : text)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '.' && c != '-') c = '-';
  return text;
}

// --state's default: $XDG_STATE_HOME (else ~/.local/state)/hetsched, one
// file per listen address; none for port 0, which no restart finds again.
std::optional<std::string> defaultStatePath(const std::string& listen) {
  if (listen.ends_with(":0")) return std::nullopt;
  std::filesystem::path base;
  if (const char* state = std::getenv("XDG_STATE_HOME"); state && *state) base = state;
  else if (const char* home = std::getenv("HOME"); home && *home)
    base = std::filesystem::path(home) / ".local" / "state";
  else return std::nullopt;
  return (base / "hetsched" / ("gateway-" + fileNameOf(listen) + ".sqlite")).string();
}

}  // namespace

std::variant<std::optional<GeneratedToken>, std::string> applyTokenOptions(const Args& args, GatewayOptions& options) {
  std::optional<GeneratedToken> generated;
  if (auto file = args.value("tokens")) {
    if (args.value("token-out")) return std::string("--token-out is for a generated token; not with --tokens");
    auto store = TokenStore::load(*file);
    if (auto* e = std::get_if<std::string>(&store)) return "--tokens: " + *e;
    options.tokens = std::get<TokenStore>(std::move(store));
  } else {
    generated = GeneratedToken{TokenStore::generateToken(), std::nullopt};
    if (auto out = args.value("token-out")) generated->out = std::filesystem::path(*out);
    options.tokens.add(generated->token, Role::Operator, "local-operator");
  }
  if (auto reads = args.value("anonymous-reads")) {
    if (*reads != "yes" && *reads != "no") return std::string("--anonymous-reads takes yes or no");
    options.anonymousReads = *reads == "yes";
  }
  const std::string state = args.value("state").value_or("");
  if (state.empty()) {
    if (auto path = defaultStatePath(options.listen)) {
      if (auto e = makePrivateDirectories(std::filesystem::path(*path).parent_path())) return "--state: " + *e;
      options.statePath = *path;
    }
  } else if (state != "none") {
    options.statePath = state;
  }
  if (auto file = args.value("audit-log")) options.auditLogPath = *file;
  if (auto file = args.value("policy")) {
    auto policy = loadPolicyFile(*file);
    if (auto* e = std::get_if<PolicyLoadError>(&policy)) {
      std::string message = "--policy " + *file + ": " + e->detail;
      for (const FieldError& f : e->fields) message += (message.back() == ' ' ? "" : "; ") + f.message();
      return message;
    }
    options.initialPolicy = std::get<v1::Policy>(std::move(policy));
  }
  return generated;
}

std::variant<WrittenToken, std::string> writeTokenFile(const GeneratedToken& token, const std::string& address) {
  const std::string text = token.token + "\n";
  if (token.out) {
    if (auto e = writeNewPrivateFile(*token.out, text)) return "--token-out: " + *e;
    return WrittenToken{*token.out, false};
  }
  auto dir = privateRuntimeDirectory();
  if (auto* e = std::get_if<std::string>(&dir)) return "token directory: " + *e;
  const std::filesystem::path path = std::get<std::filesystem::path>(dir) / fileNameOf("token-" + address);
  // The directory is ours and private, and the address is ours now that the
  // gateway holds it: a file of that name was left by a gateway that died.
  std::error_code ec;
  std::filesystem::remove(path, ec);
  if (auto e = writeNewPrivateFile(path, text)) return *e;
  return WrittenToken{path, std::getenv("XDG_RUNTIME_DIR") == nullptr || !*std::getenv("XDG_RUNTIME_DIR")};
}

void removeTokenFile(const WrittenToken& written, const GeneratedToken& token) {
  removePrivateFileIfHolding(written.path, token.token + "\n");
  std::error_code ec;
  if (written.ownDirectory) std::filesystem::remove(written.path.parent_path(), ec);  // only if empty
}

}  // namespace hetsched::cli
