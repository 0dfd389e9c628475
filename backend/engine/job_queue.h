#pragma once

#include "policy/compiled_policy.h"
#include "model/job.h"

#include <array>
#include <cstdint>
#include <vector>

namespace hetsched {

// A waiting job as the queue sees it.
struct QueueEntry {
  std::uint32_t job = 0;
  double arrivalS = 0.0;  // first arrival: FCFS order and aging survive a requeue
  double sizeS = 0.0;     // SJF: expected runtime; SRTF: expected remaining time
  PriorityClass priority = PriorityClass::Middle;
  std::uint64_t seq = 0;  // enqueue order, the last tie-break, keeps runs deterministic
};

// The waiting queue under one discipline (seed §2.2, §2.3). FCFS, SJF and
// SRTF are binary heaps; PRIORITY keeps one FCFS heap per class and picks
// among the three heads by aged class, so selection stays O(log n) although
// effective priorities change with the clock.
class JobQueue {
 public:
  JobQueue(QueueKind kind, double agingIntervalS);

  void push(const QueueEntry& entry);
  bool empty() const { return m_size == 0; }
  std::size_t size() const { return m_size; }
  // The job served next at time `now`; the queue must not be empty.
  const QueueEntry& top(double nowS) const;
  QueueEntry pop(double nowS);
  // Every entry, in no particular order (stale ones included: the core
  // knows which are).
  template <typename F>
  void forEach(F&& visit) const {
    for (const auto& heap : m_heaps)
      for (const QueueEntry& e : heap) visit(e);
  }
  // Whether `a` is served before `b` at time `now` (the service order the
  // heaps keep, stated for two entries).
  bool servedBefore(const QueueEntry& a, const QueueEntry& b, double nowS) const;

  // A job that has waited `waitedS` rises one class per interval (never
  // above High), so a low job is served as high after two intervals.
  static PriorityClass agedClass(PriorityClass base, double waitedS, double intervalS);

 private:
  std::size_t heapOf(double nowS) const;

  QueueKind m_kind;
  double m_agingIntervalS;
  std::array<std::vector<QueueEntry>, kPriorityClassCount> m_heaps;  // one unless PRIORITY
  std::size_t m_size = 0;
};

}  // namespace hetsched
