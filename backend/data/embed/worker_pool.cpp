#include "worker_pool.h"

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <system_error>
#include <thread>

namespace hetsched::embed {

namespace {

constexpr unsigned kMaxThreads = 1024;

// HETSCHED_THREADS, read once: 0 when unset or not a count.
unsigned fixedThreads() {
  static const unsigned fixed = [] {
    const char* text = std::getenv("HETSCHED_THREADS");
    if (!text || !*text) return 0u;
    unsigned n = 0;
    const char* end = text + std::strlen(text);
    const auto [ptr, ec] = std::from_chars(text, end, n);
    if (ec != std::errc{} || ptr != end || n < 1 || n > kMaxThreads) {
      std::fprintf(stderr, "HETSCHED_THREADS=%s is not a number of threads from 1 to %u; ignored\n", text, kMaxThreads);
      return 0u;
    }
    return n;
  }();
  return fixed;
}

}  // namespace

unsigned WorkerPool::resolve(unsigned requested) {
  if (const unsigned fixed = fixedThreads()) return fixed;
  if (requested > 0) return requested;
  return std::max(1u, std::thread::hardware_concurrency());
}

WorkerPool::WorkerPool(unsigned threads) {
  const unsigned total = resolve(threads);
  m_threads.reserve(total - 1);
  for (unsigned w = 1; w < total; ++w) m_threads.emplace_back([this, w] { loop(w); });
}

WorkerPool::~WorkerPool() {
  m_stop.store(true);
  m_generation.fetch_add(1);
  m_generation.notify_all();
  for (std::thread& t : m_threads) t.join();
}

void WorkerPool::run(const std::function<void(unsigned)>& task) {
  if (m_threads.empty()) {
    task(0);
    return;
  }
  m_task = &task;
  m_remaining.store(static_cast<unsigned>(m_threads.size()));
  m_generation.fetch_add(1);
  m_generation.notify_all();
  task(0);
  // atomic::wait spins briefly before sleeping, which suits phases of a few
  // hundred microseconds without burning a core when the machine is busy.
  for (unsigned left = m_remaining.load(); left != 0; left = m_remaining.load()) m_remaining.wait(left);
}

void WorkerPool::loop(unsigned worker) {
  std::uint64_t seen = 0;
  for (;;) {
    m_generation.wait(seen);
    seen = m_generation.load();
    if (m_stop.load()) return;
    (*m_task)(worker);
    if (m_remaining.fetch_sub(1) == 1) m_remaining.notify_one();
  }
}

}  // namespace hetsched::embed
