#include "whatif_runner.h"

#include "usecases/whatif/whatif_comparison.h"
#include "whatif_workload_loader.h"
#include "usecases/whatif/whatif_replicas.h"
#include "data/store/snapshot_store.h"

#include <QDateTime>

#include <algorithm>

namespace hetsched {

namespace {

constexpr int kProgressMs = 100;

}  // namespace

std::variant<WhatifWorkload, std::string> WhatifRunner::loadWorkload(const WhatifSource& source) {
  return loadWhatifWorkload(source);
}

WhatifRunner::WhatifRunner(QObject* parent) : QObject(parent) {
  qRegisterMetaType<std::shared_ptr<const WhatifResults>>();
  qRegisterMetaType<std::shared_ptr<const ReplicaResults>>();
  connect(&m_progressTimer, &QTimer::timeout, this, &WhatifRunner::pollProgress);
}

WhatifRunner::~WhatifRunner() {
  cancel();
  join();
}

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
  if (busy()) return false;
  m_shared = std::make_shared<Shared>();
  m_shared->policyCount = std::max<std::size_t>(1, policies.size());
  m_shared->replicas = m_replicas > 1 ? m_replicas : 0;
  auto shared = m_shared;
  m_worker = std::thread([this, shared, source, policies = std::move(policies)] {
    const auto deliver = [this](auto fn) { QMetaObject::invokeMethod(this, std::move(fn), Qt::QueuedConnection); };
    auto loaded = loadWhatifWorkload(source);
    if (auto* e = std::get_if<std::string>(&loaded)) {
      deliver([this, msg = QString::fromStdString(*e)] {
        join();
        Q_EMIT failed(msg);
      });
      return;
    }
    const WhatifWorkload& workload = std::get<WhatifWorkload>(loaded);
    shared->jobCount = workload.jobs.size();
    WhatifComparisonOptions options;
    options.simulation.seed = source.seed;
    options.simulation.cancel = &shared->cancel;
    options.simulation.arrivals = &shared->arrivals;
    options.policyIndex = &shared->policyIndex;
    // Beside every what-if on a snapshot: how well the engine reproduces
    // that snapshot's own past (the same use case as hetsched validate); and
    // a comparison on a snapshot is kept in its file, as the CLI keeps its.
    options.fidelity = true;
    options.record = true;
    auto compared = runWhatifComparison(workload, policies, options);
    if (auto* e = std::get_if<WhatifComparisonError>(&compared)) {
      if (e->error.code == SimError::Cancelled) {
        deliver([this] {
          join();
          Q_EMIT cancelled();
        });
      } else {
        deliver([this, msg = QString::fromStdString(e->policy + ": " + e->error.message)] {
          join();
          Q_EMIT failed(msg);
        });
      }
      return;
    }
    // The intervals: every policy again on replicas of the workload, on
    // every core, after the one run the charts and the record come from.
    std::shared_ptr<const ReplicaResults> replicas;
    if (shared->replicas > 0) {
      shared->comparing = false;
      ReplicaOptions ro;
      ro.replicas = shared->replicas;
      ro.seed = source.seed;
      ro.simulation = options.simulation;
      ro.simulation.arrivals = nullptr;  // shared by the pool's runs: progress counts replicas instead
      ro.replicasDone = &shared->replicasDone;
      auto ran = runWhatifReplicas(workload, policies, ro);
      if (auto* e = std::get_if<WhatifComparisonError>(&ran)) {
        const bool wasCancelled = e->error.code == SimError::Cancelled;
        deliver([this, wasCancelled,
                 msg = tr("replicas: %1: %2")
                           .arg(QString::fromStdString(e->policy), QString::fromStdString(e->error.message))] {
          join();
          if (wasCancelled) Q_EMIT cancelled();
          else Q_EMIT failed(msg);
        });
        return;
      }
      replicas = std::make_shared<const ReplicaResults>(std::get<ReplicaResults>(std::move(ran)));
    }
    WhatifComparison& comparison = std::get<WhatifComparison>(compared);
    auto results = std::make_shared<WhatifResults>(std::move(comparison.results));
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
    deliver([this, results = std::shared_ptr<const WhatifResults>(std::move(results)), replicas, note, recordedOk] {
      join();
      Q_EMIT progress(100);
      Q_EMIT finished(results);
      if (replicas) Q_EMIT replicasFinished(replicas);
      if (!note.isEmpty()) Q_EMIT recorded(note, recordedOk);
    });
  });
  m_progressTimer.start(kProgressMs);
  Q_EMIT progress(0);
  return true;
}

void WhatifRunner::cancel() {
  if (m_shared) m_shared->cancel = true;
}

void WhatifRunner::join() {
  m_progressTimer.stop();
  if (m_worker.joinable()) m_worker.join();
}

void WhatifRunner::pollProgress() {
  if (!m_shared) return;
  const std::size_t jobs = std::max<std::size_t>(1, m_shared->jobCount.load());
  // The comparison is one run per policy, the replicas N more each.
  const double comparison =
      m_shared->comparing
          ? (static_cast<double>(m_shared->policyIndex.load()) +
             std::min(1.0, static_cast<double>(m_shared->arrivals.load()) / static_cast<double>(jobs))) /
                static_cast<double>(m_shared->policyCount)
          : 1.0;
  const double replicas = static_cast<double>(m_shared->replicas);
  const double done = (comparison + static_cast<double>(m_shared->replicasDone.load())) / (1.0 + replicas);
  Q_EMIT progress(static_cast<int>(99.0 * done));
}

}  // namespace hetsched
