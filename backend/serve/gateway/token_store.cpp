#include "token_store.h"

#include "private_files.h"

#include <algorithm>
#include <cctype>
#include <cstddef>
#include <filesystem>
#include <fstream>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <variant>

namespace hetsched {

namespace {

std::string inQuotes(std::string_view word) { return "'" + std::string(word) + "'"; }

}  // namespace

std::string_view toString(Role role) {
  switch (role) {
    case Role::Viewer: return "viewer";
    case Role::Agent: return "agent";
    case Role::Operator: return "operator";
  }
  return "viewer";
}

int TokenStore::strengthBits(std::string_view token) {
  const auto all = [&](auto pred) {
    return std::ranges::all_of(token, [&](char c) { return pred(static_cast<unsigned char>(c)); });
  };
  int bitsPerChar = 6;  // printable ASCII beyond base64: about 6.55, counted as 6
  if (all([](unsigned char c) { return std::isxdigit(c) != 0; })) bitsPerChar = 4;
  else if (all([](unsigned char c) {
             return std::isalnum(c) != 0 || c == '-' || c == '_' || c == '+' || c == '/' || c == '=';
           }))
    bitsPerChar = 6;
  return bitsPerChar * static_cast<int>(std::min<std::size_t>(token.size(), 1024));
}

std::variant<TokenStore, std::string> TokenStore::parse(std::string_view text, std::string_view fileName) {
  TokenStore store;
  std::istringstream in{std::string(text)};
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    const auto where = std::string(fileName) + ":" + std::to_string(number) + ": ";
    std::istringstream fields(line);
    std::string token, role, name, extra;
    if (!(fields >> token) || token.starts_with('#')) continue;
    if (!(fields >> role >> name)) return where + "expected 'TOKEN ROLE NAME'";
    if (fields >> extra) return where + "unexpected " + inQuotes(extra) + " after NAME";
    if (const int bits = strengthBits(token); bits < kMinTokenBits)
      return where + "token too short: about " + std::to_string(bits) + " bits, at least " +
             std::to_string(kMinTokenBits) + " needed (32 hex digits, e.g. from 'openssl rand -hex 32')";
    Role r = Role::Viewer;
    if (role == "operator") r = Role::Operator;
    else if (role == "agent") r = Role::Agent;
    else if (role != "viewer") return where + "role must be 'operator', 'agent' or 'viewer', not " + inQuotes(role);
    if (store.find(token)) return where + "duplicate token";
    store.add(std::move(token), r, std::move(name));
  }
  return store;
}

std::variant<TokenStore, std::string> TokenStore::load(const std::filesystem::path& path) {
  if (auto problem = checkPrivateFile(path)) return *problem;
  std::ifstream in(path);
  if (!in) return path.string() + ": cannot read";
  std::ostringstream text;
  text << in.rdbuf();
  return parse(text.str(), path.string());
}

std::string TokenStore::generateToken() {
  std::random_device entropy;
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  for (int i = 0; i < 32; ++i) {
    const auto byte = static_cast<unsigned>(entropy()) & 0xffu;
    out += kHex[byte >> 4];
    out += kHex[byte & 0xfu];
  }
  return out;
}

void TokenStore::add(std::string token, Role role, std::string name) {
  m_tokens[std::move(token)] = {role, std::move(name)};
}

std::optional<TokenHolder> TokenStore::find(std::string_view token) const {
  const auto it = m_tokens.find(token);
  if (it == m_tokens.end()) return std::nullopt;
  return it->second;
}

}  // namespace hetsched
