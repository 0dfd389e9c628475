#pragma once

#include "policy.pb.h"
#include "usecases/whatif/whatif_source.h"
// The results' metatype is declared there; it must be seen before this
// class's signals name it.
#include "whatif_runner.h"

#include <QObject>
#include <QString>

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

namespace hetsched {

struct WhatifOutcome;
struct WhatifWorkload;

// The Policies tab's live what-if: each request runs an edited policy
// against a baseline (the policy in force) on a workload, on one worker
// thread that outlives the requests. A newer request cancels an older run
// still going (the simulator's cancel flag), and only the newest request's
// result is delivered, so a stale result never overwrites a newer one. The
// workload is loaded once per workload generation and the baseline's run is
// kept while the baseline and the workload stay the same: a slider's move
// costs one simulation, of the edited policy. Both runs are exactly what
// runWhatifComparison (the What-if tab's Run, `hetsched whatif`) runs: the
// same workload, seed and runWhatifPolicy.
class LiveWhatifRunner : public QObject {
  Q_OBJECT
 public:
  explicit LiveWhatifRunner(QObject* parent = nullptr);
  ~LiveWhatifRunner() override;

  // Runs `candidate` against `baseline` on `source`'s workload, read again
  // only when `workloadGeneration` differs from the last request's, then,
  // when `canaryPercent` is above 0, the cluster during a canary of the
  // candidate at that share (runWhatifCanary). Returns the request's
  // number, which the signals carry.
  quint64 request(const WhatifSource& source, quint64 workloadGeneration, const v1::Policy& baseline,
                  const v1::Policy& candidate, std::uint32_t canaryPercent = 0);
  quint64 latestRequest() const { return m_latest; }
  // Runs stopped unfinished because a newer request came.
  quint64 cancelledRuns() const { return m_cancelledRuns.load(); }
  // Simulations run to the end (baselines and candidates).
  quint64 completedRuns() const { return m_completedRuns.load(); }
  // The request the worker is serving now, 0 when idle.
  quint64 servingRequest() const { return m_serving.load(); }

 Q_SIGNALS:
  // The newest request's outcome: runs[0] the baseline, runs[1] the
  // candidate, runs[2] the canary when one was asked for, summaries only; `seconds` from the worker taking the request
  // to the result.
  void finished(quint64 request, std::shared_ptr<const hetsched::WhatifResults> results, double seconds);
  void failed(quint64 request, const QString& message);

 private:
  struct Request {
    quint64 id = 0;
    WhatifSource source;
    quint64 generation = 0;
    v1::Policy baseline;
    v1::Policy candidate;
    std::uint32_t canaryPercent = 0;
    std::string baselineKey;
  };
  void work();
  void serve(const Request& request, const std::atomic<bool>& cancel);
  void deliverFailure(quint64 id, const QString& message);

  quint64 m_latest = 0; // GUI thread only
  std::atomic<quint64> m_cancelledRuns{0};
  std::atomic<quint64> m_completedRuns{0};
  std::atomic<quint64> m_serving{0};

  std::mutex m_mutex; // guards the members down to the worker's own
  std::condition_variable m_wake;
  std::optional<Request> m_pending;
  bool m_stop = false;
  std::shared_ptr<std::atomic<bool>> m_cancel; // the run in progress
  bool m_runningBaseline = false;
  quint64 m_runningGeneration = 0;
  std::string m_runningBaselineKey;

  // The worker thread's own.
  std::unique_ptr<WhatifWorkload> m_workload;
  std::string m_workloadError;
  quint64 m_workloadGeneration = 0;
  bool m_workloadRead = false;
  std::unique_ptr<WhatifOutcome> m_baselineRun;
  std::string m_baselineKey;

  std::thread m_thread; // last: started once everything above exists
};

} // namespace hetsched
