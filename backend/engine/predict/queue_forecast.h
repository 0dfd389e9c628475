#pragma once

#include "base/model/job.h"
#include "base/model/job_prediction.h"
#include "engine/core/capacity_state.h"
#include "engine/core/core_job.h"
#include "engine/core/decision_sink.h"
#include "engine/sim/event_driver.h"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <unordered_map>
#include <vector>

namespace hetsched {

// A live source's job as the forecast copies it: its slot in the core, its
// id, and the core's view of it.
struct ForecastJob {
  JobSlot slot = 0;
  JobId id = 0;
  std::int64_t submitMs = 0;
  CoreJob core;
};

struct ForecastOptions {
  // Stop looking this far ahead: a job not started by then has no predicted
  // start (with synthetic arrivals the queue may never drain).
  double horizonS = 7 * 24 * 3600.0;
  // The recent arrival rate as an option: synthetic arrivals every
  // 1/arrivalRatePerS seconds from now, cycling through `arrivalTemplates`
  // (the recent arrivals). 0: no new arrivals.
  double arrivalRatePerS = 0.0;
  std::vector<CoreJob> arrivalTemplates;
  // Slots from here on are free for synthetic arrivals.
  JobSlot firstFreeSlot = 0;
  // Set to stop run() early (a gateway shutting down): what it returns then
  // is incomplete, for the caller to discard.
  const std::atomic<bool>* cancel = nullptr;
};

// Live predictions: the live cluster's scheduling core, run forward by the
// same event driver (docs/engine.md). Constructed under the source's lock,
// it forks the driver (core state, scheduled completions at the running
// jobs' expected ends, pending arrivals, node events, tick grid) and keeps
// its own copy of every job the fork points at; run() then needs no lock
// and never touches the live source. The topology the driver was built on
// must outlive the forecast.
class QueueForecast final : private EventObserver {
 public:
  // `jobs`: every job the driver holds now (waiting, running, not yet
  // arrived); `nowS`: the driver's clock (the instant it has advanced to).
  QueueForecast(const EventDriver& live, std::vector<ForecastJob> jobs, double nowS);
  QueueForecast(const QueueForecast&) = delete;
  QueueForecast& operator=(const QueueForecast&) = delete;

  // A down node the source expects back at `t` (its repair time).
  void nodeReturns(std::uint32_t node, double t) { m_fork.scheduleNodeEvent(node, true, t); }

  // Each waiting job's reason now and its predicted start, node, devices
  // and end, in the order of predicted start (jobs with none last, by
  // submission). Deterministic: the same state gives the same forecast.
  QueuePredictions run(const ForecastOptions& options = {});

 private:
  void advancing(double, std::uint32_t, std::uint32_t) override {}
  void completed(JobSlot, double) override {}
  void refused(JobSlot job, Refusal why) override;
  void bound(JobSlot job, const Placement& placement, double t) override;
  void released(JobSlot, Placement&, double) override {}
  void preempted(JobSlot, JobSlot, std::uint32_t, double) override {}
  void migrated(JobSlot, std::uint32_t, std::uint32_t, double, double) override {}
  void lost(JobSlot, std::uint32_t, double) override {}

  void explain();

  std::deque<ForecastJob> m_jobs;  // stable addresses: the fork points at their cores
  std::deque<CoreJob> m_synthetic;
  EventDriver m_fork;
  double m_nowS;
  // Waiting jobs' slots -> index into m_out.jobs; -1 once started.
  std::unordered_map<JobSlot, std::size_t> m_watch;
  std::vector<JobSlot> m_waiting;          // parallel to m_out.jobs until run() sorts it
  std::vector<PriorityClass> m_submitted;  // likewise
  std::size_t m_unstarted = 0;
  QueuePredictions m_out;
};

}  // namespace hetsched
