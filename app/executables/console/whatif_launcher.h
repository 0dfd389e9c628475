#pragma once

#include <QObject>
#include <QPointer>

namespace hetsched {

class ClusterWorkspace;
class SnapshotTaker;

// "What-if from now" in one step: the cluster's state (a snapshot of the
// live gateway into the console's data folder, or the snapshot being
// replayed) becomes the What-if tab's workload from its cut, with the
// policy in force as the baseline and the editor's policy, when it
// differs, as the candidate; what is left is Run.
class WhatifLauncher : public QObject {
  Q_OBJECT
 public:
  explicit WhatifLauncher(ClusterWorkspace* workspace);

  void start();
  bool busy() const;
  // Where live snapshots for what-ifs go.
  static QString scratchFolder();

 Q_SIGNALS:
  void message(const QString& text, int timeoutMs);
  // The What-if tab is set up: `policies` compared so far.
  void ready(int policies);
  void failed(const QString& reason);

 private:
  void configure(const QString& path, qlonglong snapshotId);

  ClusterWorkspace* m_workspace;
  QPointer<SnapshotTaker> m_taker;
};

}  // namespace hetsched
