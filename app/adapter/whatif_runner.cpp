#include "whatif_runner.h"

#include "data/store/snapshot_data.h"
#include "data/store/snapshot_store.h"
#include "data/store/store_error.h"
#include "engine/sim/sim_result.h"
#include "policy.pb.h"
#include "usecases/whatif/snapshot_files.h"
#include "usecases/whatif/whatif_comparison.h"
#include "usecases/whatif/whatif_replicas.h"
#include "usecases/whatif/whatif_run.h"
#include "usecases/whatif/whatif_source.h"
#include "whatif_workload_loader.h"

#include <QDateTime>
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace hetsched {

namespace {

constexpr int kProgressMs = 100;

}  // namespace

WhatifRunner::WhatifRunner(QObject* parent) : QObject(parent), m_run(this, kProgressMs, [this] { pollProgress(); }) {
  qRegisterMetaType<std::shared_ptr<const WhatifResults>>();
  qRegisterMetaType<std::shared_ptr<const ReplicaResults>>();
}

WhatifRunner::~WhatifRunner() { cancel(); }

std::variant<v1::Policy, QString> WhatifRunner::snapshotPolicy(const std::string& path, std::int64_t id) {
  auto policy = loadSnapshotPolicy(path, id);
  if (auto* p = std::get_if<v1::Policy>(&policy)) return std::move(*p);
  return QString::fromStdString(std::get<std::string>(policy));
}

QList<WhatifSnapshotEntry> WhatifRunner::listSnapshots(const QString& path, QString* error) {
  QList<WhatifSnapshotEntry> out;
  auto opened = SnapshotStore::open(path.toStdString(), OpenMode::ReadOnly);
  if (auto* e = std::get_if<StoreError>(&opened)) {
    if (error) *error = QString::fromStdString(e->message);
    return out;
  }
  auto list = std::get<SnapshotStore>(opened).list();
  if (auto* e = std::get_if<StoreError>(&list)) {
    if (error) *error = QString::fromStdString(e->message);
    return out;
  }
  for (const SnapshotInfo& info : std::get<std::vector<SnapshotInfo>>(list))
    out.push_back({info.id, QStringLiteral("#%1 %2 — %3 jobs, %4")
                                .arg(info.id)
                                .arg(QString::fromStdString(info.name))
                                .arg(info.jobCount)
                                .arg(QDateTime::fromMSecsSinceEpoch(info.takenAtMs).toString(Qt::ISODate))});
  return out;
}

bool WhatifRunner::start(const WhatifSource& source, std::vector<v1::Policy> policies) {
  if (busy() || policies.empty()) return false;
  m_shared = std::make_shared<Shared>();
  m_shared->policyCount = policies.size();
  m_shared->replicas = m_replicas > 1 ? m_replicas : 0;
  m_run.start([this, shared = m_shared, source, policies = std::move(policies)] { run(shared, source, policies); });
  Q_EMIT progress(0);
  return true;
}

// On the worker thread.
void WhatifRunner::run(const std::shared_ptr<Shared>& shared, const WhatifSource& source,
                       const std::vector<v1::Policy>& policies) {
  auto loaded = loadWhatifWorkload(source);
  if (auto* e = std::get_if<std::string>(&loaded)) {
    m_run.deliver([this, msg = QString::fromStdString(*e)] { Q_EMIT failed(msg); });
    return;
  }
  const WhatifWorkload& workload = std::get<WhatifWorkload>(loaded);
  shared->jobCount = workload.jobs.size();
  WhatifComparisonOptions options;
  options.simulation.seed = source.seed;
  options.simulation.cancel = &shared->cancel;
  options.simulation.arrivals = &shared->arrivals;
  options.policyIndex = &shared->policyIndex;
  // The intervals: every policy again on replicas of the workload, on every
  // core, after the one run the charts and the record come from.
  options.replicas = shared->replicas;
  options.replicasDone = &shared->replicasDone;
  // Beside every what-if on a snapshot: how well the engine reproduces
  // that snapshot's own past (the same use case as hetsched validate); and
  // a comparison on a snapshot is kept in its file, as the CLI keeps its.
  options.fidelity = true;
  options.record = true;
  auto compared =
      runWhatifComparison(workload, policies.front(), std::span<const v1::Policy>(policies).subspan(1), options);
  if (auto* e = std::get_if<WhatifComparisonError>(&compared)) {
    if (e->error.code == SimError::Cancelled) {
      m_run.deliver([this] { Q_EMIT cancelled(); });
      return;
    }
    const QString policy = QString::fromStdString(e->policy), message = QString::fromStdString(e->error.message);
    const QString text =
        e->replica ? tr("replicas: %1: %2").arg(policy, message) : policy + QStringLiteral(": ") + message;
    m_run.deliver([this, text] { Q_EMIT failed(text); });
    return;
  }
  WhatifComparison& comparison = std::get<WhatifComparison>(compared);
  std::shared_ptr<const ReplicaResults> replicas;
  if (comparison.replicas) replicas = std::make_shared<const ReplicaResults>(std::move(*comparison.replicas));
  auto results = std::make_shared<const WhatifResults>(std::move(comparison.results));
  QString note;
  bool recordedOk = false;
  if (comparison.recorded) {
    recordedOk = std::holds_alternative<std::vector<std::int64_t>>(*comparison.recorded);
    note = recordedOk
               ? tr("Recorded %n what-if run(s) in snapshot #%1 of %2", nullptr, static_cast<int>(policies.size()))
                     .arg(workload.snapshotId)
                     .arg(QString::fromStdString(source.path))
               : tr("The what-if runs were not recorded in %1: %2")
                     .arg(QString::fromStdString(source.path),
                          QString::fromStdString(std::get<std::string>(*comparison.recorded)));
  }
  m_run.deliver([this, results, replicas, note, recordedOk] {
    Q_EMIT progress(100);
    Q_EMIT finished(results);
    if (replicas) Q_EMIT replicasFinished(replicas);
    if (!note.isEmpty()) Q_EMIT recorded(note, recordedOk);
  });
}

void WhatifRunner::cancel() {
  if (m_shared) m_shared->cancel = true;
}

void WhatifRunner::pollProgress() {
  if (!m_shared) return;
  const std::size_t jobs = std::max<std::size_t>(1, m_shared->jobCount.load());
  // The comparison is one run per policy, the replicas N more each.
  const double comparison =
      m_shared->policyIndex.load() < m_shared->policyCount
          ? (static_cast<double>(m_shared->policyIndex.load()) +
             std::min(1.0, static_cast<double>(m_shared->arrivals.load()) / static_cast<double>(jobs))) /
                static_cast<double>(m_shared->policyCount)
          : 1.0;
  const double replicas = static_cast<double>(m_shared->replicas);
  const double done = (comparison + static_cast<double>(m_shared->replicasDone.load())) / (1.0 + replicas);
  Q_EMIT progress(static_cast<int>(99.0 * done));
}

}  // namespace hetsched
