#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <thread>
#include <type_traits>
#include <vector>

namespace hetsched {

// Calls work(i) for every i < count on `threads` threads, the caller's
// among them (0: one per core; never more than count), each index once and
// in no fixed order, so what work(i) writes goes to slot i and a result
// does not depend on the number of threads. A work taking (i, stop) may
// call stop() to have every thread take no new index (after a failure).
template <typename Work>
void forEachIndex(std::size_t count, unsigned threads, Work&& work) {
  std::atomic<std::size_t> next{0};
  const auto stop = [&] { next = count; };
  const auto loop = [&] {
    for (std::size_t i = next++; i < count; i = next++) {
      if constexpr (std::is_invocable_v<Work&, std::size_t, const decltype(stop)&>) work(i, stop);
      else work(i);
    }
  };
  const unsigned n = std::max(1u, std::min<unsigned>(threads ? threads : std::thread::hardware_concurrency(),
                                                     static_cast<unsigned>(std::max<std::size_t>(1, count))));
  std::vector<std::jthread> pool;
  for (unsigned t = 1; t < n; ++t) pool.emplace_back(loop);
  loop();
}

}  // namespace hetsched
