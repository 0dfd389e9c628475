#pragma once

#include "host_error.h"

#include <cstdint>
#include <string_view>
#include <variant>

namespace hetsched {

struct MemInfo {
  std::uint64_t totalBytes = 0;
  // MemAvailable where the kernel has it (3.14+); before that an estimate of
  // MemFree + Buffers + Cached, which is what free(1) did.
  std::uint64_t availableBytes = 0;
  std::uint64_t freeBytes = 0;
};

std::variant<MemInfo, HostError> parseMeminfo(std::string_view text);

}  // namespace hetsched
