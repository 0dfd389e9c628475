#pragma once

#include <cstdint>
#include <string>

namespace hetsched::trace {

// One row of openb_node_list_*.csv: a machine with CPU, memory and a number
// of identical GPUs of one model (none for CPU-only machines).
struct TraceNode {
  std::string name;
  std::uint32_t cpuMilli = 0;
  std::uint64_t memoryMib = 0;
  std::uint32_t gpuCount = 0;
  std::string gpuModel;

  bool operator==(const TraceNode&) const = default;
};

}  // namespace hetsched::trace
