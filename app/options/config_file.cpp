#include "config_file.h"

#include "cli_args.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <span>
#include <sstream>
#include <string>
#include <string_view>
#include <system_error>
#include <utility>
#include <variant>
#include <vector>

namespace hetsched::cli {

namespace {

std::string_view trimmed(std::string_view text) {
  const auto first = text.find_first_not_of(" \t\r");
  if (first == std::string_view::npos) return {};
  const auto last = text.find_last_not_of(" \t\r");
  return text.substr(first, last - first + 1);
}

}  // namespace

std::variant<std::vector<std::string>, std::string> parseConfig(std::string_view text, std::string_view fileName,
                                                                std::span<const std::string_view> known) {
  std::vector<std::string> options;
  std::size_t lineNo = 0;
  while (!text.empty()) {
    ++lineNo;
    const auto end = text.find('\n');
    std::string_view line = text.substr(0, end);
    text = end == std::string_view::npos ? std::string_view{} : text.substr(end + 1);
    // Values never hold '#': addresses, paths, names and numbers.
    if (const auto hash = line.find('#'); hash != std::string_view::npos) line = line.substr(0, hash);
    line = trimmed(line);
    if (line.empty()) continue;

    const auto where = std::string(fileName) + ":" + std::to_string(lineNo) + ": ";
    const auto eq = line.find('=');
    std::string_view key = trimmed(line.substr(0, eq));
    if (key.starts_with("--")) key.remove_prefix(2);
    if (key.empty()) return where + "expected 'key = value' or a flag name";
    if (key.find_first_of(" \t") != std::string_view::npos)
      return where + "'" + std::string(key) + "': a key is one word (write 'key = value')";
    if (key == "config") return where + "'config' cannot name another file";
    if (std::ranges::find(known, key) == known.end())
      return where + "unknown key '" + std::string(key) + "' (the keys are the long options of --help)";
    if (eq == std::string_view::npos) {
      options.push_back("--" + std::string(key));
      continue;
    }
    const std::string_view value = trimmed(line.substr(eq + 1));
    if (value.empty()) return where + "'" + std::string(key) + "' has no value";
    options.push_back("--" + std::string(key) + "=" + std::string(value));
  }
  return options;
}

std::variant<Args, std::string> argsWithConfig(std::span<char* const> argv, std::span<const std::string_view> known) {
  Args commandLine(argv);  // not const: returned by move when there is no --config
  const auto file = commandLine.value("config");
  if (!file) {
    if (commandLine.flag("config")) return std::string("--config needs a file");
    return commandLine;
  }
  std::error_code ec;
  if (std::filesystem::is_directory(*file, ec)) return "--config " + *file + ": is a directory";
  std::ifstream in(*file);
  if (!in) return "--config " + *file + ": " + std::strerror(errno);
  std::ostringstream text;
  text << in.rdbuf();
  auto parsed = parseConfig(text.str(), *file, known);
  if (auto* e = std::get_if<std::string>(&parsed)) return *e;

  std::vector<std::string> words;
  for (char* arg : argv) words.emplace_back(arg);
  for (std::string& option : std::get<std::vector<std::string>>(parsed)) words.push_back(std::move(option));
  std::vector<char*> pointers;
  pointers.reserve(words.size());
  for (std::string& word : words) pointers.push_back(word.data());
  return Args(pointers);
}

}  // namespace hetsched::cli
