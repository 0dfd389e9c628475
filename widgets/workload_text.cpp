#include "workload_text.h"

#include "usecases/whatif/whatif_run.h"

#include <QCoreApplication>
#include <QFileInfo>

namespace hetsched {

namespace {
// lupdate files tr() calls in namespace hetsched under the context "hetsched".
QString tr(const char* text) { return QCoreApplication::translate("hetsched", text); }
}  // namespace

QString workloadText(const WorkloadFacts& f) {
  const QString cluster = QString::fromStdString(f.cluster);
  const QString file = QFileInfo(QString::fromStdString(f.path)).fileName();
  switch (f.kind) {
    case WorkloadFacts::Kind::Synthetic:
      return tr("synthetic cluster of %1 nodes, %2 synthetic jobs (seed %3)").arg(f.nodes).arg(f.jobs).arg(f.seed);
    case WorkloadFacts::Kind::Snapshot:
      return tr("%1 jobs of snapshot #%2 of %3 (%4)").arg(f.jobs).arg(f.snapshotId).arg(cluster, file);
    case WorkloadFacts::Kind::SnapshotCut:
      return tr("the cut of snapshot #%1 of %2 (%3): %4 running, %5 queued, then the last %6 s of arrivals again "
                "(%7 jobs)")
          .arg(f.snapshotId)
          .arg(cluster, file)
          .arg(f.running)
          .arg(f.queued)
          .arg(static_cast<long long>(f.horizonS))
          .arg(f.again);
    case WorkloadFacts::Kind::LiveCut:
      return tr("the cluster “%1” now, cut in memory: %2 running, %3 queued, then the last %4 s of arrivals again "
                "(%5 jobs)")
          .arg(cluster)
          .arg(f.running)
          .arg(f.queued)
          .arg(static_cast<long long>(f.horizonS))
          .arg(f.again);
    case WorkloadFacts::Kind::Trace:
      return tr("Alibaba trace excerpt: %1, %2")
          .arg(QFileInfo(QString::fromStdString(f.path)).fileName(),
               QFileInfo(QString::fromStdString(f.podPath)).fileName());
  }
  return {};
}

QString workloadText(const WhatifResults& results) {
  const WorkloadFacts& f = results.facts;
  const bool filled = f.kind != WorkloadFacts::Kind::Synthetic || f.nodes > 0 || f.jobs > 0;
  return filled ? workloadText(f) : QString::fromStdString(results.workload);
}

}  // namespace hetsched
