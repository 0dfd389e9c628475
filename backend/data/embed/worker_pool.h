#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <thread>
#include <utility>
#include <vector>

namespace hetsched::embed {

// A fixed set of threads that run one task at a time, the caller taking part
// as worker 0. t-SNE dispatches several short parallel phases per iteration,
// so threads are kept alive instead of being spawned per phase; work is split
// statically so that results depend only on the thread count.
class WorkerPool {
 public:
  // `threads` counts the caller; 0 means std::thread::hardware_concurrency().
  // The environment variable HETSCHED_THREADS, when set, overrides both:
  // results depend on the thread count (partial sums are per worker), so it
  // lets tests run on 1 or 4 workers and a machine's runs match another's.
  explicit WorkerPool(unsigned threads);
  ~WorkerPool();
  WorkerPool(const WorkerPool&) = delete;
  WorkerPool& operator=(const WorkerPool&) = delete;

  unsigned size() const { return static_cast<unsigned>(m_threads.size()) + 1; }

  // Runs task(worker) once on every worker and returns when all are done.
  void run(const std::function<void(unsigned)>& task);

  // Contiguous share [begin, end) of `count` items for `worker`.
  std::pair<std::size_t, std::size_t> share(std::size_t count, unsigned worker) const {
    const std::size_t n = size();
    return {count * worker / n, count * (worker + 1) / n};
  }

  static unsigned resolve(unsigned requested);

 private:
  void loop(unsigned worker);

  std::vector<std::thread> m_threads;
  const std::function<void(unsigned)>* m_task = nullptr;
  std::atomic<std::uint64_t> m_generation{0};
  std::atomic<unsigned> m_remaining{0};
  std::atomic<bool> m_stop{false};
};

}  // namespace hetsched::embed
