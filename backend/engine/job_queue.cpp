#include "job_queue.h"

#include <algorithm>
#include <cmath>
#include <tuple>

namespace hetsched {

namespace {

// std heaps are max-heaps: `after(a, b)` is true when a is served after b.
struct ServedAfter {
  QueueKind kind;
  bool operator()(const QueueEntry& a, const QueueEntry& b) const {
    if (kind == QueueKind::Sjf || kind == QueueKind::Srtf)
      return std::tie(a.sizeS, a.arrivalS, a.seq) > std::tie(b.sizeS, b.arrivalS, b.seq);
    return std::tie(a.arrivalS, a.seq) > std::tie(b.arrivalS, b.seq);
  }
};

}  // namespace

JobQueue::JobQueue(QueueKind kind, double agingIntervalS) : m_kind(kind), m_agingIntervalS(agingIntervalS) {}

PriorityClass JobQueue::agedClass(PriorityClass base, double waitedS, double intervalS) {
  if (intervalS <= 0.0 || waitedS <= 0.0) return base;
  const double steps = std::floor(waitedS / intervalS);
  const double level = std::max(0.0, static_cast<double>(base) - steps);
  return static_cast<PriorityClass>(static_cast<int>(level));
}

void JobQueue::push(const QueueEntry& entry) {
  auto& heap = m_heaps[m_kind == QueueKind::Priority ? static_cast<std::size_t>(entry.priority) : 0];
  heap.push_back(entry);
  std::ranges::push_heap(heap, ServedAfter{m_kind});
  ++m_size;
}

std::size_t JobQueue::heapOf(double nowS) const {
  if (m_kind != QueueKind::Priority) return 0;
  std::size_t best = m_heaps.size();
  std::tuple<int, double, std::uint64_t> bestKey{};
  for (std::size_t c = 0; c < m_heaps.size(); ++c) {
    if (m_heaps[c].empty()) continue;
    const QueueEntry& head = m_heaps[c].front();
    const auto aged = agedClass(head.priority, nowS - head.arrivalS, m_agingIntervalS);
    const std::tuple<int, double, std::uint64_t> key{static_cast<int>(aged), head.arrivalS, head.seq};
    if (best == m_heaps.size() || key < bestKey) {
      best = c;
      bestKey = key;
    }
  }
  return best;
}

bool JobQueue::servedBefore(const QueueEntry& a, const QueueEntry& b, double nowS) const {
  if (m_kind == QueueKind::Priority) {
    // Within a class the oldest goes first, and the oldest has aged most,
    // so merging the class heaps by (aged class, arrival) is sorting by it.
    const auto key = [&](const QueueEntry& e) {
      return std::tuple{static_cast<int>(agedClass(e.priority, nowS - e.arrivalS, m_agingIntervalS)), e.arrivalS, e.seq};
    };
    return key(a) < key(b);
  }
  return ServedAfter{m_kind}(b, a);
}

const QueueEntry& JobQueue::top(double nowS) const { return m_heaps[heapOf(nowS)].front(); }

QueueEntry JobQueue::pop(double nowS) {
  auto& heap = m_heaps[heapOf(nowS)];
  std::ranges::pop_heap(heap, ServedAfter{m_kind});
  const QueueEntry entry = heap.back();
  heap.pop_back();
  --m_size;
  return entry;
}

}  // namespace hetsched
