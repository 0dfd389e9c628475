#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

namespace hetsched {

enum class Role : std::uint8_t { Viewer, Operator };

struct TokenHolder {
  Role role = Role::Viewer;
  std::string name;  // who the audit log names
};

// Bearer tokens the gateway accepts. The file format is one `TOKEN ROLE
// NAME` per line (ROLE: operator or viewer); blank lines and lines starting
// with '#' are ignored. A malformed line rejects the whole file, naming
// file:line, so a typo never silently locks an operator out.
class TokenStore {
 public:
  static std::variant<TokenStore, std::string> parse(std::string_view text, std::string_view fileName);
  static std::variant<TokenStore, std::string> load(const std::filesystem::path& path);
  // 32 random bytes as hex, from the system's entropy source.
  static std::string generateToken();

  void add(std::string token, Role role, std::string name);
  std::optional<TokenHolder> find(std::string_view token) const;
  bool empty() const { return m_tokens.empty(); }

 private:
  std::map<std::string, TokenHolder, std::less<>> m_tokens;
};

}  // namespace hetsched
