#include "queue_forecast.h"

#include "base/model/job.h"
#include "base/model/job_prediction.h"
#include "engine/core/capacity_state.h"
#include "engine/core/decision_sink.h"
#include "engine/core/scheduling_core.h"
#include "engine/core/wait_facts.h"
#include "engine/sim/event_driver.h"
#include "wait_reason_of.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <unordered_map>
#include <utility>
#include <vector>

namespace hetsched {

namespace {

std::int64_t millis(double s) { return std::llround(s * 1000.0); }

// Synthetic arrivals' ids: far above any live job's, so the canary split
// hashes them like new jobs.
constexpr std::uint64_t kSyntheticIdBase = std::uint64_t{1} << 62;

}  // namespace

QueueForecast::QueueForecast(const EventDriver& live, std::vector<ForecastJob> jobs, double nowS)
    : m_jobs(std::make_move_iterator(jobs.begin()), std::make_move_iterator(jobs.end())),
      m_fork(live, *this),
      m_nowS(nowS) {
  // Only copies here (under the source's lock); the reasons and the run
  // forward wait for run().
  const SchedulingCore& core = m_fork.core();
  m_out.atMs = millis(nowS);
  for (ForecastJob& j : m_jobs) {
    m_fork.rebind(j.slot, j.core);
    if (core.isRunning(j.slot)) continue;
    JobPrediction p;
    p.job = j.id;
    m_watch.emplace(j.slot, m_out.jobs.size());
    m_waiting.push_back(j.slot);
    m_submitted.push_back(j.core.spec.priority);
    m_out.jobs.push_back(std::move(p));
  }
  m_unstarted = m_out.jobs.size();
}

void QueueForecast::explain() {
  // A job submitted since the driver's last instant has not reached the
  // core: no facts yet (Unknown), but the forecast still starts it.
  const std::vector<WaitFacts> facts = m_fork.core().waitFacts(m_waiting, m_nowS);
  for (std::size_t i = 0; i < facts.size(); ++i)
    if (facts[i].waiting) m_out.jobs[i].reason = waitReasonOf(facts[i], m_submitted[i]);
}

void QueueForecast::bound(JobSlot slot, const Placement& placement, double t) {
  const auto it = m_watch.find(slot);
  if (it == m_watch.end()) return;
  JobPrediction& p = m_out.jobs[it->second];
  p.startMs = millis(t);
  p.endMs = millis(t + m_fork.core().remainingS(slot));
  p.node = static_cast<std::int32_t>(placement.node);
  p.devices.assign(placement.devices.begin(), placement.devices.end());
  m_watch.erase(it);
  --m_unstarted;
}

void QueueForecast::refused(JobSlot slot, Refusal why) {
  // A job submitted since the last round that no node could ever hold.
  const auto it = m_watch.find(slot);
  if (it == m_watch.end() || why != Refusal::NeverFits) return;
  m_out.jobs[it->second].reason.cause = WaitCause::NeverFits;
}

QueuePredictions QueueForecast::run(const ForecastOptions& options) {
  explain();
  m_fork.setCancel(options.cancel);
  const double horizon = m_nowS + options.horizonS;
  const bool arrivals = options.arrivalRatePerS > 0.0 && !options.arrivalTemplates.empty();
  const double gap = arrivals ? 1.0 / options.arrivalRatePerS : INFINITY;
  std::uint64_t added = 0;
  // Ever larger windows: most queues drain within minutes, and a window
  // that ends once every waiting job started does no work past it.
  double span = 60.0;
  double limit = std::min(horizon, m_nowS + span);
  while (m_unstarted > 0) {
    if (arrivals) {
      for (double t = m_nowS + static_cast<double>(added + 1) * gap; t < limit;
           t = m_nowS + static_cast<double>(added + 1) * gap) {
        CoreJob& job = m_synthetic.emplace_back(options.arrivalTemplates[added % options.arrivalTemplates.size()]);
        job.arrivalS = t;
        job.pinnedNode.reset();
        job.pinnedDevice.reset();
        job.id = kSyntheticIdBase + added;
        m_fork.add(options.firstFreeSlot + static_cast<JobSlot>(added), job);
        ++added;
      }
    }
    // Cancelled (within a window, or between two): the caller discards it.
    const bool cancelled = !m_fork.advanceTo(limit) || (options.cancel && options.cancel->load());
    if (cancelled) return std::move(m_out);
    if (m_unstarted == 0 || limit >= horizon) break;
    if (!arrivals && !std::isfinite(m_fork.nextEventS())) break;  // nothing left that could start them
    span *= 2.0;
    limit = std::min(horizon, m_nowS + span);
  }
  // In the order they start; the rest (never fits, past the horizon) last.
  std::unordered_map<JobId, std::int64_t> submitted;
  for (const ForecastJob& j : m_jobs) submitted.emplace(j.id, j.submitMs);
  std::ranges::stable_sort(m_out.jobs, [&](const JobPrediction& a, const JobPrediction& b) {
    const bool as = a.startMs >= 0, bs = b.startMs >= 0;
    if (as != bs) return as;
    if (as && a.startMs != b.startMs) return a.startMs < b.startMs;
    return std::pair(submitted[a.job], a.job) < std::pair(submitted[b.job], b.job);
  });
  m_out.availability = PredictionAvailability::Available;
  return std::move(m_out);
}

}  // namespace hetsched
