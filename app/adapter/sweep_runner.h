#pragma once

#include "policy.pb.h"
#include "run_thread.h"
#include "usecases/whatif/policy_parameter.h"
#include "usecases/whatif/whatif_source.h"

#include <QObject>
#include <QString>
#include <atomic>
#include <cstddef>
#include <memory>
#include <vector>

namespace hetsched {

struct SweepResults;

// Runs a sweep (runWhatifSweep: every point of a grid of one or two policy
// parameters, or a list of policies, on one workload, with replicas when
// asked) off the GUI thread, on a pool of one thread per core, the workload
// read as WhatifRunner reads it. Progress is the runs done, polled on a
// timer; cancel() stops every point's simulation within a few thousand
// events.
class SweepRunner : public QObject {
  Q_OBJECT
 public:
  explicit SweepRunner(QObject* parent = nullptr);
  ~SweepRunner() override;

  // Starts a sweep; false (and nothing happens) while one is running.
  // `policies` each over the grid of `axes` (none: a list of policies);
  // `replicas` above 1 adds each point's intervals over that many replicas,
  // seeded as the What-if tab's Replicas are (the source's seed).
  bool start(const WhatifSource& source, std::vector<v1::Policy> policies, std::vector<SweepAxis> axes,
             std::size_t replicas = 0);
  void cancel();
  bool busy() const { return m_run.busy(); }

 Q_SIGNALS:
  void progress(int done, int total);
  void finished(std::shared_ptr<const hetsched::SweepResults> results);
  void failed(const QString& message);
  // Also says how many points had finished when it stopped.
  void cancelled(int done, int total);

 private:
  struct Shared {
    std::atomic<bool> cancel{false};
    std::atomic<std::size_t> done{0};
    std::size_t total = 0;
  };
  void run(const std::shared_ptr<Shared>& shared, const WhatifSource& source, const std::vector<v1::Policy>& policies,
           const std::vector<SweepAxis>& axes, std::size_t replicas);

  std::shared_ptr<Shared> m_shared;
  RunThread m_run;  // last: joined before the rest goes
};

}  // namespace hetsched

Q_DECLARE_METATYPE(std::shared_ptr<const hetsched::SweepResults>)
