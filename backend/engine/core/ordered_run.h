#pragma once

#include "base/model/job.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace hetsched {

// A waiting job as the queue sees it.
struct QueueEntry {
  std::uint32_t job = 0;
  double arrivalS = 0.0;  // first arrival: FCFS order and aging survive a requeue
  double sizeS = 0.0;     // SJF: expected runtime; SRTF: expected remaining time
  PriorityClass priority = PriorityClass::Middle;
  // The job's request shape (UnplaceableShapes), where its arm records
  // them: dispatch passes a job that fits nowhere without reading its slot.
  std::uint32_t shape = ~std::uint32_t{0};
  std::uint64_t seq = 0;  // enqueue order, the last tie-break, keeps runs deterministic
};

// Queue entries sorted by a key that does not change while they wait
// (arrival, or expected size then arrival; the sequence number last), read
// in that order without taking them out. Kept in blocks of at most kBlock
// entries, so that an insertion or removal anywhere moves one block, not
// the whole run (SJF inserts anywhere), and reading is a walk over arrays.
class OrderedRun {
 public:
  // Where an entry is; valid() says whether one is there.
  struct Pos {
    std::uint32_t block = 0;
    std::uint32_t index = 0;
  };

  explicit OrderedRun(bool bySize) : m_bySize(bySize) {}

  // Whether `a` comes before `b` in this run.
  bool before(const QueueEntry& a, const QueueEntry& b) const;

  void insert(const QueueEntry& entry);
  bool empty() const { return m_size == 0; }
  std::size_t size() const { return m_size; }

  Pos first() const { return {}; }
  bool valid(Pos p) const { return p.block < m_blocks.size() && p.index < m_blocks[p.block].size(); }
  const QueueEntry& at(Pos p) const { return m_blocks[p.block][p.index]; }
  Pos next(Pos p) const {
    if (p.index + 1 < m_blocks[p.block].size()) return {p.block, p.index + 1};
    return {p.block + 1, 0};
  }
  // Removes the entry at `p`; the position of the one after it.
  Pos erase(Pos p);

  template <typename F>
  void forEach(F&& visit) const {
    for (const auto& block : m_blocks)
      for (const QueueEntry& e : block) visit(e);
  }

 private:
  static constexpr std::size_t kBlock = 128;

  bool m_bySize;
  // Consecutive, each sorted; none empty, except a lone first block (kept so
  // that a queue that fills and drains one job at a time does not allocate).
  std::vector<std::vector<QueueEntry>> m_blocks;
  std::size_t m_size = 0;
};

}  // namespace hetsched
