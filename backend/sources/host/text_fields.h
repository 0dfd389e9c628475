#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace hetsched {

// Small helpers for the whitespace-separated text of /proc and /sys files.
std::vector<std::string_view> splitLines(std::string_view text);
std::vector<std::string_view> splitFields(std::string_view line);
std::string_view trim(std::string_view text);
std::optional<std::uint64_t> parseUnsigned(std::string_view text);

}  // namespace hetsched
