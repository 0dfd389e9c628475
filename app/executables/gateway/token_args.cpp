#include "token_args.h"

#include "policy/policy_loader.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <sys/stat.h>
#include <unistd.h>

namespace hetsched::cli {

namespace {

std::filesystem::path defaultTokenPath() {
  if (const char* runtime = std::getenv("XDG_RUNTIME_DIR"); runtime && *runtime)
    return std::filesystem::path(runtime) / "hetsched" / "token";
  return std::filesystem::temp_directory_path() / ("hetsched-" + std::to_string(getuid())) / "token";
}

// Written through open(2) with mode 0600 so the token is never readable by
// others, not even between creation and a later chmod.
std::optional<std::string> writePrivate(const std::filesystem::path& path, const std::string& text) {
  std::error_code ec;
  if (path.has_parent_path()) {
    std::filesystem::create_directories(path.parent_path(), ec);
    if (ec) return path.parent_path().string() + ": " + ec.message();
    ::chmod(path.parent_path().c_str(), 0700);
  }
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  if (fd < 0) return path.string() + ": " + std::strerror(errno);
  ::fchmod(fd, 0600);  // an older file keeps its mode through O_CREAT
  const bool ok = ::write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size());
  ::close(fd);
  if (!ok) return path.string() + ": write failed";
  return std::nullopt;
}

}  // namespace

std::variant<std::monostate, std::string> applyTokenOptions(const Args& args, GatewayOptions& options,
                                                            std::string* notice) {
  if (auto file = args.value("tokens")) {
    if (args.value("token-out")) return std::string("--token-out is for a generated token; not with --tokens");
    auto store = TokenStore::load(*file);
    if (auto* e = std::get_if<std::string>(&store)) return *e;
    options.tokens = std::get<TokenStore>(std::move(store));
  } else {
    const std::filesystem::path out = args.value("token-out").value_or(defaultTokenPath().string());
    const std::string token = TokenStore::generateToken();
    if (auto e = writePrivate(out, token + "\n")) return "--token-out: " + *e;
    options.tokens.add(token, Role::Operator, "local-operator");
    if (notice) *notice = "operator token written to " + out.string();
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
  return std::monostate{};
}

}  // namespace hetsched::cli
