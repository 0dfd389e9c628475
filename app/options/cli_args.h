#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace hetsched::cli {

// Minimal "--name value" / "--flag" parser shared by the CLI's subcommands.
// Options may repeat (--policy a.json --policy b.json); unknown options are
// reported by the subcommand through unknownOptions().
class Args {
 public:
  explicit Args(std::span<char* const> argv);

  std::optional<std::string> value(std::string_view name) const;
  std::vector<std::string> values(std::string_view name) const;
  bool flag(std::string_view name) const;
  const std::vector<std::string>& positional() const { return m_positional; }
  // Options not among `known`, for a clear "unknown option" error.
  std::vector<std::string> unknownOptions(std::span<const std::string_view> known) const;

 private:
  struct Option {
    std::string name;
    std::optional<std::string> value;
  };
  std::vector<Option> m_options;
  std::vector<std::string> m_positional;
};

}  // namespace hetsched::cli
