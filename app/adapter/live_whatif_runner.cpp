#include "live_whatif_runner.h"

#include "engine/policy/policy_loader.h"
#include "engine/sim/sim_result.h"
#include "engine/sim/simulation_options.h"
#include "policy.pb.h"
#include "usecases/whatif/whatif_canary.h"
#include "usecases/whatif/whatif_run.h"
#include "usecases/whatif/whatif_source.h"
#include "whatif_runner.h"
#include "whatif_workload_loader.h"

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <variant>

namespace hetsched {

namespace {

// The strip shows summaries: a run's per-job timeline and time series
// (tens of MB on a large cut) are dropped before it crosses threads.
SimResult summaryOnly(SimResult&& result) {
  SimResult out;
  out.summary = std::move(result.summary);
  return out;
}

}  // namespace

LiveWhatifRunner::LiveWhatifRunner(QObject* parent) : QObject(parent) {
  qRegisterMetaType<std::shared_ptr<const WhatifResults>>();
  m_thread = std::thread([this] { work(); });
}

LiveWhatifRunner::~LiveWhatifRunner() {
  {
    std::lock_guard lock(m_mutex);
    m_stop = true;
    if (m_cancel) m_cancel->store(true);
  }
  m_wake.notify_one();
  m_thread.join();
}

quint64 LiveWhatifRunner::request(const WhatifSource& source, quint64 workloadGeneration, const v1::Policy& baseline,
                                  const v1::Policy& candidate, std::uint32_t canaryPercent) {
  // Both runs are judged by the edited policy's SLO targets (see serve), so
  // the baseline's run is reused only while those stay the same too.
  Request r{++m_latest,
            source,
            workloadGeneration,
            baseline,
            candidate,
            canaryPercent,
            baseline.SerializeAsString() + '\0' + candidate.slo().SerializeAsString()};
  const quint64 id = r.id;
  {
    std::lock_guard lock(m_mutex);
    // The run in progress is now pointless, unless it is the baseline this
    // request needs too: a slider dragged faster than a run would otherwise
    // cancel every baseline and never show anything.
    const bool sameBaseline =
        m_runningBaseline && m_runningGeneration == r.generation && m_runningBaselineKey == r.baselineKey;
    if (m_cancel && !sameBaseline) m_cancel->store(true);
    m_pending = std::move(r);
  }
  m_wake.notify_one();
  return id;
}

void LiveWhatifRunner::work() {
  for (;;) {
    Request r;
    std::shared_ptr<std::atomic<bool>> cancel;
    {
      std::unique_lock lock(m_mutex);
      m_wake.wait(lock, [this] { return m_stop || m_pending.has_value(); });
      if (m_stop) return;
      if (!m_pending) continue;  // cannot be: the wait returned for a request
      r = std::move(*m_pending);
      m_pending.reset();
      cancel = m_cancel = std::make_shared<std::atomic<bool>>(false);
      m_runningGeneration = r.generation;
      m_runningBaselineKey = r.baselineKey;
      // Set with the request taken, so no newer one slips in between and
      // cancels a workload or baseline it needs as well.
      m_runningBaseline =
          !m_workloadRead || r.generation != m_workloadGeneration || !m_baselineRun || m_baselineKey != r.baselineKey;
    }
    m_serving = r.id;
    serve(r, *cancel);
    m_serving = 0;
  }
}

void LiveWhatifRunner::serve(const Request& r, const std::atomic<bool>& cancel) {
  const auto t0 = std::chrono::steady_clock::now();
  const auto baselineDone = [this] {
    std::lock_guard lock(m_mutex);
    m_runningBaseline = false;
  };
  if (!m_workloadRead || r.generation != m_workloadGeneration) {
    m_baselineRun.reset();
    m_workload.reset();
    m_workloadError.clear();
    auto loaded = loadWhatifWorkload(r.source);
    if (auto* w = std::get_if<WhatifWorkload>(&loaded)) m_workload = std::make_unique<WhatifWorkload>(std::move(*w));
    else m_workloadError = std::get<std::string>(loaded);
    m_workloadRead = true;
    m_workloadGeneration = r.generation;
  }
  if (!m_workload) {
    baselineDone();
    deliverFailure(r.id, QString::fromStdString(m_workloadError));
    return;
  }
  // The options the What-if tab's Run gives runWhatifComparison.
  SimulationOptions options;
  options.seed = r.source.seed;
  options.cancel = &cancel;
  // One yardstick for every run shown: the edited policy's SLO targets, so
  // that moving a target's slider re-judges the policy in force and the
  // edit alike (a comparison's Run judges by the baseline's instead; the
  // editor is where a new promise is tried out).
  options.sloTargetWaitS = sloTargetsOf(r.candidate);
  const auto timed = [&](const v1::Policy& policy) {
    const auto start = std::chrono::steady_clock::now();
    auto run = runWhatifPolicy(*m_workload, policy, options);
    return std::make_pair(std::move(run),
                          std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  };
  const auto stopped = [&](const WhatifError& e, const v1::Policy& policy) {
    if (e.code == SimError::Cancelled) ++m_cancelledRuns;
    else deliverFailure(r.id, QString::fromStdString(policy.name() + ": " + e.message));
  };
  if (!m_baselineRun || m_baselineKey != r.baselineKey) {
    m_baselineRun.reset();
    auto [run, wall] = timed(r.baseline);
    baselineDone();
    if (auto* e = std::get_if<WhatifError>(&run)) {
      stopped(*e, r.baseline);
      return;
    }
    ++m_completedRuns;
    m_baselineRun = std::make_unique<WhatifOutcome>(
        WhatifOutcome{r.baseline.name(), summaryOnly(std::get<SimResult>(std::move(run))), wall});
    m_baselineKey = r.baselineKey;
  }
  baselineDone();
  {
    // A newer request came while the baseline ran: it is the one to serve.
    std::lock_guard lock(m_mutex);
    if (m_pending) {
      ++m_cancelledRuns;
      return;
    }
  }
  auto [run, wall] = timed(r.candidate);
  if (auto* e = std::get_if<WhatifError>(&run)) {
    stopped(*e, r.candidate);
    return;
  }
  ++m_completedRuns;
  auto results = std::make_shared<WhatifResults>();
  results->workload = m_workload->description;
  results->facts = m_workload->facts;
  results->runs.push_back(*m_baselineRun);
  results->runs.push_back({r.candidate.name(), summaryOnly(std::get<SimResult>(std::move(run))), wall});
  if (r.canaryPercent > 0) {
    const auto start = std::chrono::steady_clock::now();
    auto canary = runWhatifCanary(*m_workload, r.baseline, r.candidate, r.canaryPercent, options);
    if (auto* e = std::get_if<WhatifError>(&canary)) {
      stopped(*e, r.candidate);
      return;
    }
    ++m_completedRuns;
    results->runs.push_back({r.candidate.name() + " (canary " + std::to_string(r.canaryPercent) + " %)",
                             summaryOnly(std::get<SimResult>(std::move(canary))),
                             std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count()});
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  QMetaObject::invokeMethod(
      this,
      [this, id = r.id, results = std::shared_ptr<const WhatifResults>(std::move(results)), seconds] {
        if (id == m_latest) Q_EMIT finished(id, results, seconds);
      },
      Qt::QueuedConnection);
}

void LiveWhatifRunner::deliverFailure(quint64 id, const QString& message) {
  QMetaObject::invokeMethod(
      this,
      [this, id, message] {
        if (id == m_latest) Q_EMIT failed(id, message);
      },
      Qt::QueuedConnection);
}

}  // namespace hetsched
