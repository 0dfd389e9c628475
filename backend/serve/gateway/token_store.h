#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

namespace hetsched {

// What a token may do (method_access.h says which calls each role may make):
// a viewer reads, an agent reports node metrics, an operator does anything.
enum class Role : std::uint8_t { Viewer, Agent, Operator };

std::string_view toString(Role role);

struct TokenHolder {
  Role role = Role::Viewer;
  std::string name;  // who the audit log names
};

// The fewest bits of entropy a token may carry: 32 hex digits, 22 base64.
inline constexpr int kMinTokenBits = 128;

// Bearer tokens the gateway accepts. The file format is one `TOKEN ROLE
// NAME` per line (ROLE: operator, agent or viewer); blank lines and lines
// starting with '#' are ignored. A malformed line or a token shorter than
// 128 bits rejects the whole file, naming file:line, so a typo never
// silently locks an operator out and a guessable token never gets in.
class TokenStore {
 public:
  static std::variant<TokenStore, std::string> parse(std::string_view text, std::string_view fileName);
  // Also refuses a file that other users may read (private_files.h).
  static std::variant<TokenStore, std::string> load(const std::filesystem::path& path);
  // 32 random bytes as hex, from the system's entropy source.
  static std::string generateToken();
  // The bits a token of this length can hold over the smallest usual
  // alphabet its characters fit (hex, base64url, printable ASCII).
  static int strengthBits(std::string_view token);

  void add(std::string token, Role role, std::string name);
  std::optional<TokenHolder> find(std::string_view token) const;
  bool empty() const { return m_tokens.empty(); }

 private:
  std::map<std::string, TokenHolder, std::less<>> m_tokens;
};

}  // namespace hetsched
