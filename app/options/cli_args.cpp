#include "cli_args.h"

#include <algorithm>
#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace hetsched::cli {

Args::Args(std::span<char* const> argv) {
  for (std::size_t i = 0; i < argv.size(); ++i) {
    const std::string_view arg = argv[i];
    if (!arg.starts_with("--")) {
      m_positional.emplace_back(arg);
      continue;
    }
    std::string name(arg.substr(2));
    if (const auto eq = name.find('='); eq != std::string::npos) {
      m_options.push_back({name.substr(0, eq), name.substr(eq + 1)});
    } else if (i + 1 < argv.size() && !std::string_view(argv[i + 1]).starts_with("--")) {
      m_options.push_back({std::move(name), std::string(argv[++i])});
    } else {
      m_options.push_back({std::move(name), std::nullopt});
    }
  }
}

std::optional<std::string> Args::value(std::string_view name) const {
  for (const Option& o : m_options) {
    if (o.name == name && o.value) return o.value;
  }
  return std::nullopt;
}

std::vector<std::string> Args::values(std::string_view name) const {
  std::vector<std::string> out;
  for (const Option& o : m_options) {
    if (o.name == name && o.value) out.push_back(*o.value);
  }
  return out;
}

bool Args::flag(std::string_view name) const {
  return std::ranges::any_of(m_options, [&](const Option& o) { return o.name == name; });
}

std::vector<std::string> Args::unknownOptions(std::span<const std::string_view> known) const {
  std::vector<std::string> out;
  for (const Option& o : m_options) {
    if (std::ranges::find(known, o.name) == known.end()) out.push_back("--" + o.name);
  }
  return out;
}

}  // namespace hetsched::cli
