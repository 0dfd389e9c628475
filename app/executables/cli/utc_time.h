#pragma once

#include <cstdint>
#include <string>

namespace hetsched::cli {

// Unix milliseconds as UTC text, `strftime` format (seconds precision):
// "%Y-%m-%dT%H:%M:%SZ" for machines, "%Y-%m-%d %H:%M:%SZ" for tables.
std::string utcTime(std::int64_t epochMs, const char* format = "%Y-%m-%dT%H:%M:%SZ");

}  // namespace hetsched::cli
