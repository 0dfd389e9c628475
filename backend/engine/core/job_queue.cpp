#include "job_queue.h"

#include "engine/policy/compiled_policy.h"
#include "ordered_run.h"

#include <algorithm>
#include <cstddef>
#include <tuple>

namespace hetsched {

JobQueue::JobQueue(QueueKind kind, double agingIntervalS)
    : m_kind(kind),
      m_agingIntervalS(agingIntervalS),
      m_runs{OrderedRun(kind == QueueKind::Sjf || kind == QueueKind::Srtf), OrderedRun(false), OrderedRun(false)} {}

void JobQueue::push(const QueueEntry& entry) {
  m_runs[m_kind == QueueKind::Priority ? static_cast<std::size_t>(entry.priority) : 0].insert(entry);
  ++m_size;
}

bool JobQueue::servedBefore(const QueueEntry& a, const QueueEntry& b, double nowS) const {
  if (m_kind == QueueKind::Priority) {
    const auto key = [&](const QueueEntry& e) {
      return std::tuple{static_cast<int>(agedClass(e.priority, nowS - e.arrivalS, m_agingIntervalS)), e.arrivalS,
                        e.seq};
    };
    return key(a) < key(b);
  }
  return m_runs[0].before(a, b);
}

JobQueue::Walk JobQueue::walk(double nowS) { return Walk(*this, nowS); }

std::size_t JobQueue::headRun(double nowS) const {
  if (m_kind != QueueKind::Priority) return 0;
  std::size_t best = m_runs.size();
  for (std::size_t r = 0; r < m_runs.size(); ++r) {
    if (m_runs[r].empty()) continue;
    if (best == m_runs.size() || servedBefore(m_runs[r].at({}), m_runs[best].at({}), nowS)) best = r;
  }
  return best;
}

const QueueEntry& JobQueue::top(double nowS) const { return m_runs[headRun(nowS)].at({}); }

QueueEntry JobQueue::pop(double nowS) {
  OrderedRun& run = m_runs[headRun(nowS)];
  const QueueEntry e = run.at({});
  run.erase({});
  --m_size;
  return e;
}

JobQueue::Walk::Walk(JobQueue& queue, double nowS) : m_queue(&queue), m_nowS(nowS) {
  for (std::size_t r = 0; r < m_pos.size(); ++r) keyOf(r);
  pick();
}

QueueEntry JobQueue::Walk::take() {
  const QueueEntry e = entry();
  m_pos[m_current] = m_queue->m_runs[m_current].erase(m_pos[m_current]);
  --m_queue->m_size;
  keyOf(m_current);
  pick();
  return e;
}

}  // namespace hetsched
