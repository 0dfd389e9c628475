#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace hetsched::frag {

// Where a pod went: the node's index in the scheduler's (name-sorted) node
// list and the GPUs it took there.
struct Placement {
  std::size_t node = 0;
  std::vector<std::uint32_t> gpus;
};

}  // namespace hetsched::frag
