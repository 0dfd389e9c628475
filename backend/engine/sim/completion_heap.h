#pragma once

#include <cstdint>
#include <vector>

namespace hetsched {

// A job's scheduled end. Ordered by time, then by the sequence number it
// was scheduled with, a total order, so the simulation never depends on how
// a heap breaks ties.
struct Completion {
  double timeS;
  std::uint64_t seq;
  std::uint32_t job;
  std::uint32_t generation;
  bool before(const Completion& o) const { return timeS != o.timeS ? timeS < o.timeS : seq < o.seq; }
};

// Min-heap of completions with four children per node: half the depth of a
// binary heap, and the four children share a cache line or two, which is
// what a pop costs when a hundred thousand jobs run at once.
class CompletionHeap {
 public:
  bool empty() const { return m_items.empty(); }
  const Completion& top() const { return m_items.front(); }
  void push(const Completion& c);
  Completion pop();

 private:
  std::vector<Completion> m_items;
};

}  // namespace hetsched
