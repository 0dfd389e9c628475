#include "event_driver.h"

#include "engine/core/huge_pages.h"
#include "engine/core/prefetch.h"

#include "base/model/topology.h"
#include "engine/core/capacity_state.h"
#include "engine/core/core_job.h"
#include "engine/core/core_options.h"
#include "engine/core/decision_sink.h"
#include "engine/core/scheduling_core.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstddef>
#include <cstdint>

namespace hetsched {

namespace {
constexpr std::size_t kArrivalLookahead = 4;
}  // namespace

EventDriver::EventDriver(const Topology& topology, CoreOptions coreOptions, EventDriverOptions options,
                         EventObserver& observer)
    : m_core(topology, coreOptions), m_options(options), m_observer(observer), m_tickOriginS(options.tickOriginS) {
  m_core.setSink(this);
}

EventDriver::EventDriver(const EventDriver& o, EventObserver& observer)
    : m_core(o.m_core),
      m_options(o.m_options),
      m_observer(observer),
      m_order(o.m_order),
      m_pending(o.m_pending),
      m_next(o.m_next),
      m_sorted(o.m_sorted),
      m_lastAdded(o.m_lastAdded),
      m_nowS(o.m_nowS),
      m_nodeEvents(o.m_nodeEvents),
      m_completions(o.m_completions),
      m_seq(o.m_seq),
      m_nextTickS(o.m_nextTickS),
      m_tickOriginS(o.m_tickOriginS),
      m_tickIndex(o.m_tickIndex),
      m_arrivalsDone(o.m_arrivalsDone) {
  m_core.setSink(this);
  // The original's cancel flag and progress counter are not the fork's.
  m_options.cancel = nullptr;
  m_options.arrivals = nullptr;
}

void EventDriver::rebind(JobSlot slot, const CoreJob& job) {
  if (slot < m_pending.size() && m_pending[slot] != nullptr) m_pending[slot] = &job;
  m_core.rebind(slot, job);
}

void EventDriver::reserve(std::size_t slots) {
  m_core.reserve(slots);
  reserveOnHugePages(m_order, slots);
  if (m_pending.size() < slots) resizeOnHugePages(m_pending, slots);
}

void EventDriver::add(JobSlot slot, const CoreJob& job) {
  if (!std::isfinite(job.arrivalS)) {
    m_observer.refused(slot, Refusal::InvalidRuntime);
    return;
  }
  if (job.arrivalS < m_lastAdded) m_sorted = false;
  m_lastAdded = std::max(m_lastAdded, job.arrivalS);
  m_order.push_back(slot);
  if (m_pending.size() <= slot) m_pending.resize(std::max<std::size_t>(slot + 1, m_pending.size() * 3 / 2), nullptr);
  m_pending[slot] = &job;
  m_arrivalsDone = false;
}

void EventDriver::sortPending() {
  // Traces and generators already come in arrival order; sorting them again
  // costs a tenth of a large run.
  if (m_sorted) return;
  const auto byArrival = [&](JobSlot j) { return m_pending[j]->arrivalS; };
  std::ranges::stable_sort(m_order.begin() + static_cast<std::ptrdiff_t>(m_next), m_order.end(), {}, byArrival);
  m_sorted = true;
}

void EventDriver::withdraw(JobSlot slot) {
  if (slot < m_pending.size() && m_pending[slot] != nullptr) {
    const auto it = std::find(m_order.begin() + static_cast<std::ptrdiff_t>(m_next), m_order.end(), slot);
    if (it != m_order.end()) {
      m_order.erase(it);
      m_pending[slot] = nullptr;
      return;
    }
  }
  m_core.withdraw(slot);
}

void EventDriver::bound(JobSlot job, const Placement& placement, double t) {
  m_completions.push({t + m_core.remainingS(job), ++m_seq, job, m_core.generation(job)});
  m_observer.bound(job, placement, t);
}

void EventDriver::scheduleNodeEvent(std::uint32_t node, bool up, double t) {
  const NodeEvent e{std::max(t, m_nowS), ++m_seq, node, up};
  const auto at = std::ranges::upper_bound(m_nodeEvents, e.timeS, {}, &NodeEvent::timeS);
  m_nodeEvents.insert(at, e);
}

double EventDriver::nextEventS() const {
  double t = m_next < m_order.size() ? m_pending[m_order[m_next]]->arrivalS : INFINITY;
  if (!m_nodeEvents.empty()) t = std::min(t, m_nodeEvents.front().timeS);
  if (!m_completions.empty()) t = std::min(t, m_completions.top().timeS);
  if (m_core.running() > 0) t = std::min(t, m_nextTickS);
  return t;
}

void EventDriver::tickDue(double t) {
  // Tick k is at origin + k * interval; stepping k (not the time) keeps
  // rounding from ever landing the next tick on this one.
  const double step = m_options.tickIntervalS;
  m_tickIndex =
      std::max(m_tickIndex + 1, static_cast<std::uint64_t>(std::max(0.0, std::floor((t - m_tickOriginS) / step))));
  while ((m_nextTickS = m_tickOriginS + static_cast<double>(m_tickIndex) * step) <= t) ++m_tickIndex;
}

bool EventDriver::advanceTo(double limitS) {
  sortPending();
  std::uint32_t poll = 0;
  for (;;) {
    // Polled every few thousand events: an atomic load per event would
    // show in the bench; a few thousand events take well under 10 ms.
    if (++poll == 4096) {
      poll = 0;
      if (m_options.arrivals) m_options.arrivals->store(m_next, std::memory_order_relaxed);
      if (m_options.cancel && m_options.cancel->load(std::memory_order_relaxed)) return false;
    }
    // Ticks start with the first arrival unless the grid was given.
    if (!std::isfinite(m_nextTickS) && m_core.wantsTicks()) {
      if (std::isnan(m_tickOriginS)) {
        if (m_next >= m_order.size()) break;
        m_tickOriginS = m_pending[m_order[m_next]]->arrivalS;
      }
      m_nextTickS = m_tickOriginS;
      m_tickIndex = 0;
      if (m_nextTickS < m_nowS) tickDue(m_nowS);
    }
    double t = m_next < m_order.size() ? m_pending[m_order[m_next]]->arrivalS : INFINITY;
    if (!m_completions.empty()) t = std::min(t, m_completions.top().timeS);
    if (!m_nodeEvents.empty()) t = std::min(t, m_nodeEvents.front().timeS);
    // Nothing can move while nothing runs, so idle stretches skip ticks.
    if (m_core.running() > 0) t = std::min(t, m_nextTickS);
    if (!(t < limitS)) break;
    m_nowS = t;
    m_observer.advancing(t, m_core.queued(), m_core.running());

    std::size_t changed = 0;
    for (; changed < m_nodeEvents.size() && m_nodeEvents[changed].timeS <= t; ++changed)
      m_core.setNodeUp(m_nodeEvents[changed].node, m_nodeEvents[changed].up, t);
    if (changed > 0)
      m_nodeEvents.erase(m_nodeEvents.begin(), m_nodeEvents.begin() + static_cast<std::ptrdiff_t>(changed));

    while (!m_completions.empty() && m_completions.top().timeS <= t) {
      const Completion c = m_completions.pop();
      // Only a cut-short run voids a completion; until one happens, skip
      // the (cache-missing) look-up, which shows on a million jobs.
      if (m_core.runsCut() && (c.generation != m_core.generation(c.job) || !m_core.isRunning(c.job))) continue;
      m_core.complete(c.job, t);
      m_observer.completed(c.job, t);
    }
    for (; m_next < m_order.size() && m_pending[m_order[m_next]]->arrivalS <= t; ++m_next) {
      const JobSlot slot = m_order[m_next];
      const CoreJob& job = *m_pending[slot];
      m_pending[slot] = nullptr;
      if (!std::isfinite(job.runtimeS) || job.runtimeS <= 0.0) {
        m_observer.refused(slot, Refusal::InvalidRuntime);
        continue;
      }
      const Admission admission = m_core.arrive(slot, job, t);
      if (admission == Admission::NeverFits) m_observer.refused(slot, Refusal::NeverFits);
      else m_observer.arrived(slot, admission);
    }
    if (m_next == m_order.size() && !m_arrivalsDone) {
      m_arrivalsDone = true;
      m_observer.arrivalsDone();
    }
    m_core.decide(t);
    if (t >= m_nextTickS) {
      tickDue(t);
      m_core.tick(t);
    }
    // The next completion's slot, placement and timeline are cache misses
    // in arrays of 10^6 jobs; loading them now overlaps the misses with the
    // events before it (a seventh of a million-job run, docs/engine.md).
    if (!m_completions.empty()) {
      m_core.prefetchCompletion(m_completions.top().job);
      m_observer.completesNext(m_completions.top().job);
    }
    // Arrivals come in order, but a job is a few hundred bytes: the one a
    // few arrivals ahead is not in cache by itself.
    if (m_next + kArrivalLookahead < m_order.size()) {
      const CoreJob* ahead = m_pending[m_order[m_next + kArrivalLookahead]];
      prefetch(ahead);
      prefetch(&ahead->arrivalS);
    }
  }
  if (m_options.arrivals) m_options.arrivals->store(m_next, std::memory_order_relaxed);
  return true;
}

}  // namespace hetsched
