#pragma once

#include "base/model/job.h"
#include "engine/policy/compiled_policy.h"
#include "ordered_run.h"

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>

namespace hetsched {

// The waiting queue under one discipline (seed §2.2, §2.3). FCFS, SJF and
// SRTF keep one run sorted by their key; PRIORITY keeps one FCFS run per
// class and merges them by aged class as it is read, so the order follows
// the clock although nothing is re-sorted when a job ages.
//
// Dispatch reads the queue in service order with a Walk, taking out only
// the jobs that start: jobs it passes over stay where they are.
class JobQueue {
 public:
  class Walk;

  JobQueue(QueueKind kind, double agingIntervalS);

  void push(const QueueEntry& entry);
  bool empty() const { return m_size == 0; }
  std::size_t size() const { return m_size; }
  // The job served next at time `now`; the queue must not be empty.
  const QueueEntry& top(double nowS) const;
  QueueEntry pop(double nowS);
  // Reads the queue in service order at time `now`. Nothing else may change
  // the queue while a walk is under way.
  Walk walk(double nowS);
  // Every entry, in no particular order (stale ones included: the core
  // knows which are).
  template <typename F>
  void forEach(F&& visit) const {
    for (const OrderedRun& run : m_runs) run.forEach(visit);
  }
  // Whether `a` is served before `b` at time `now`.
  bool servedBefore(const QueueEntry& a, const QueueEntry& b, double nowS) const;

  // A job that has waited `waitedS` rises one class per interval (never
  // above High), so a low job is served as high after two intervals.
  static PriorityClass agedClass(PriorityClass base, double waitedS, double intervalS) {
    if (intervalS <= 0.0 || waitedS <= 0.0) return base;
    // floor() of a non-negative number is its truncation (read for every
    // job a dispatch passes: no libm call). Three steps lift any class to
    // High, and so does a NaN (as max(0, floor(NaN)) did).
    const double steps = waitedS / intervalS;
    if (!(steps < static_cast<double>(kPriorityClassCount))) return PriorityClass::High;
    return static_cast<PriorityClass>(std::max(0, static_cast<int>(base) - static_cast<int>(steps)));
  }

 private:
  std::size_t headRun(double nowS) const;

  QueueKind m_kind;
  double m_agingIntervalS;
  std::array<OrderedRun, kPriorityClassCount> m_runs;  // one unless PRIORITY
  std::size_t m_size = 0;
};

// A reading of the queue in service order: the entry served next, then the
// one after it, and so on. For PRIORITY the heads of the class runs are
// merged by (aged class, arrival, seq): within a class the oldest has aged
// most, so the merge is the queue sorted by that key.
class JobQueue::Walk {
 public:
  bool done() const { return m_current == kNone; }
  const QueueEntry& entry() const { return m_queue->m_runs[m_current].at(m_pos[m_current]); }
  // The entry stays queued; on to the next.
  void next() {
    m_pos[m_current] = m_queue->m_runs[m_current].next(m_pos[m_current]);
    keyOf(m_current);
    pick();
  }
  // The entry leaves the queue; on to the next.
  QueueEntry take();

 private:
  friend class JobQueue;
  struct Key {
    int aged = 0;
    double arrivalS = 0.0;
    std::uint64_t seq = 0;
    auto operator<=>(const Key&) const = default;
  };
  static constexpr std::size_t kNone = std::numeric_limits<std::size_t>::max();

  Walk(JobQueue& queue, double nowS);
  void keyOf(std::size_t run);
  void pick();

  JobQueue* m_queue;
  double m_nowS;
  std::array<OrderedRun::Pos, kPriorityClassCount> m_pos{};
  std::array<Key, kPriorityClassCount> m_key{};
  std::size_t m_current = kNone;
};

// Read for every entry a walk passes: inline.
inline void JobQueue::Walk::keyOf(std::size_t r) {
  if (m_queue->m_kind != QueueKind::Priority) return;
  const OrderedRun& run = m_queue->m_runs[r];
  if (!run.valid(m_pos[r])) return;
  const QueueEntry& e = run.at(m_pos[r]);
  m_key[r] = {static_cast<int>(agedClass(e.priority, m_nowS - e.arrivalS, m_queue->m_agingIntervalS)), e.arrivalS,
              e.seq};
}

inline void JobQueue::Walk::pick() {
  m_current = kNone;
  const auto& runs = m_queue->m_runs;
  if (m_queue->m_kind != QueueKind::Priority) {
    if (runs[0].valid(m_pos[0])) m_current = 0;
    return;
  }
  for (std::size_t r = 0; r < runs.size(); ++r) {
    if (!runs[r].valid(m_pos[r])) continue;
    if (m_current == kNone || m_key[r] < m_key[m_current]) m_current = r;
  }
}

}  // namespace hetsched
