#pragma once

#include "cli_args.h"

#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace hetsched::cli {

// A program's long options read from a file, so that a service's settings
// live in /etc rather than in its unit's command line. One option a line:
//
//   # a comment
//   listen = 127.0.0.1:50051     (the option --listen with its value)
//   agent                        (a flag)
//
// Keys are the long options without their dashes; a key may repeat where the
// option may (policy = a.json). The command line wins over the file: its
// options come first and Args::value() answers the first one.
//
// argsWithConfig reads --config FILE from argv, if given, and returns the
// command line followed by the file's options, or an error naming FILE:LINE
// (an unknown key, a line without a key, a nested config).
std::variant<Args, std::string> argsWithConfig(std::span<char* const> argv, std::span<const std::string_view> known);

// The option list a config file's text stands for ("--key=value", "--flag"),
// or the first error, naming fileName:line.
std::variant<std::vector<std::string>, std::string> parseConfig(std::string_view text, std::string_view fileName,
                                                                std::span<const std::string_view> known);

}  // namespace hetsched::cli
