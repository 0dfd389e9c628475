#include "sweep_runner.h"

#include "engine/sim/sim_result.h"
#include "policy.pb.h"
#include "usecases/whatif/policy_parameter.h"
#include "usecases/whatif/sweep_results.h"
#include "usecases/whatif/whatif_run.h"
#include "usecases/whatif/whatif_source.h"
#include "usecases/whatif/whatif_sweep.h"
#include "whatif_workload_loader.h"

#include <chrono>
#include <cstddef>
#include <memory>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace hetsched {

namespace {

constexpr int kProgressMs = 100;

}  // namespace

SweepRunner::SweepRunner(QObject* parent)
    : QObject(parent), m_run(this, kProgressMs, [this] {
        if (m_shared) Q_EMIT progress(static_cast<int>(m_shared->done.load()), static_cast<int>(m_shared->total));
      }) {
  qRegisterMetaType<std::shared_ptr<const SweepResults>>();
}

SweepRunner::~SweepRunner() { cancel(); }

bool SweepRunner::start(const WhatifSource& source, std::vector<v1::Policy> policies, std::vector<SweepAxis> axes,
                        std::size_t replicas) {
  if (busy()) return false;
  m_shared = std::make_shared<Shared>();
  std::size_t points = policies.size();
  for (const SweepAxis& a : axes) points *= a.values.size();
  m_shared->total = sweepRuns(points, replicas);
  m_run.start([this, shared = m_shared, source, policies = std::move(policies), axes = std::move(axes), replicas] {
    run(shared, source, policies, axes, replicas);
  });
  Q_EMIT progress(0, static_cast<int>(m_shared->total));
  return true;
}

// On the worker thread.
void SweepRunner::run(const std::shared_ptr<Shared>& shared, const WhatifSource& source,
                      const std::vector<v1::Policy>& policies, const std::vector<SweepAxis>& axes,
                      std::size_t replicas) {
  const auto t0 = std::chrono::steady_clock::now();
  auto loaded = loadWhatifWorkload(source);
  if (auto* e = std::get_if<std::string>(&loaded)) {
    m_run.deliver([this, msg = QString::fromStdString(*e)] { Q_EMIT failed(msg); });
    return;
  }
  const WhatifWorkload& workload = std::get<WhatifWorkload>(loaded);
  SweepOptions options;  // threads: one per core
  // As WhatifRunner and `hetsched sweep --seed` seed every run.
  options.simulation.seed = source.seed;
  options.simulation.cancel = &shared->cancel;
  options.pointsDone = &shared->done;
  options.replicas = replicas;
  options.replicaSeed = source.seed;
  auto swept = runWhatifSweep(workload, policies, axes, options);
  if (auto* e = std::get_if<WhatifComparisonError>(&swept)) {
    if (e->error.code == SimError::Cancelled)
      m_run.deliver(
          [this, shared] { Q_EMIT cancelled(static_cast<int>(shared->done.load()), static_cast<int>(shared->total)); });
    else
      m_run.deliver([this, msg = QString::fromStdString(e->policy + ": " + e->error.message)] { Q_EMIT failed(msg); });
    return;
  }
  auto results = std::make_shared<SweepResults>();
  results->policies = policies;
  results->axes = axes;
  results->replicas = replicas > 1 ? replicas : 0;
  results->points = std::get<std::vector<SweepPoint>>(std::move(swept));
  results->workload = workload.description;
  results->wallS = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  m_run.deliver([this, shared, results = std::shared_ptr<const SweepResults>(std::move(results))] {
    Q_EMIT progress(static_cast<int>(shared->total), static_cast<int>(shared->total));
    Q_EMIT finished(results);
  });
}

void SweepRunner::cancel() {
  if (m_shared) m_shared->cancel = true;
}

}  // namespace hetsched
