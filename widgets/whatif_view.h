#pragma once

#include "policy.pb.h"
#include "usecases/whatif/whatif_source.h"

#include <QWidget>
#include <memory>
#include <utility>
#include <vector>

class QComboBox;
class QCustomPlot;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QStackedWidget;
class QTableView;
class QTableWidget;

namespace hetsched {

struct ReplicaResults;
struct SweepAxis;
struct WhatifResults;

class SweepView;
class WhatifMetricsModel;

// The "What-if" tab: a workload (synthetic, a stored snapshot, or an
// Alibaba trace excerpt) and two or more policies in; the metrics side by
// side, the wait CDF, utilisation over time and the jobs whose fate changed
// most out. It runs nothing itself: runRequested goes to a runner on a
// worker thread (WhatifRunner) and results come back through setResults,
// with replicas (the Replicas box above 1) the intervals through
// setReplicas. Its Sweep sub-tab (SweepView) sweeps one of the listed
// policies over a grid of its parameters, or a list of policies, on the
// same workload.
class WhatifView : public QWidget {
  Q_OBJECT
 public:
  explicit WhatifView(QWidget* parent = nullptr);

  // Also counts as the operator's choice: the live cluster no longer
  // becomes the workload by default.
  void setSource(const WhatifSource& source);
  // The source chosen; a live one without its data (the host fills it in).
  WhatifSource source() const;
  // A live cluster is connected (`description` says what it holds), or none
  // (empty). The first one becomes the workload unless the operator chose
  // another.
  void setLiveCluster(const QString& description);
  // Adds a policy to the compared list; `origin` says where it came from.
  void addPolicy(const v1::Policy& policy, const QString& origin);
  // First in the list: the baseline every other policy's deltas refer to.
  void addBaselinePolicy(const v1::Policy& policy, const QString& origin);
  void clearPolicies();
  std::vector<v1::Policy> policies() const;
  // Filled by whoever reads the store, after snapshotFileChosen.
  void setSnapshots(const QList<std::pair<qint64, QString>>& snapshots);
  // Same as the Run button; false (with a message shown) when fewer than
  // two policies are chosen.
  bool run();
  // Same as the Cancel button.
  void cancel();
  // The Browse dialog's filter for snapshot files.
  static QString snapshotFilter();
  // Replicas a Run asks for; 1: the single run only.
  int replicas() const;
  void setReplicas(int replicas);
  // Enough replicas that the 95 % interval's ends are the 5th and 195th of
  // 200 values rather than interpolated extremes, and few enough that a
  // 10,000-job snapshot still takes a few seconds on two cores (hetsched
  // bench sweep: 30 replicas in 0.48 s); a cut of the default simulated
  // cluster takes well under one (tests/app/console/bench_sweep_view).
  static constexpr int kDefaultReplicas = 200;
  SweepView* sweepView() const { return m_sweep; }

  WhatifMetricsModel* metricsModel() const { return m_metrics; }
  QTableWidget* changedJobs() const { return m_changed; }
  QTableWidget* teamsTable() const { return m_teams; }
  QCustomPlot* cdfPlot() const { return m_cdf; }
  QCustomPlot* utilisationPlot() const { return m_utilisation; }
  std::shared_ptr<const WhatifResults> results() const { return m_results; }
  // The line above the results: what is missing, what runs, what ran.
  QString statusShown() const;
  // The fidelity line shown under the status (empty when none).
  QString fidelityShown() const;
  bool exportCsv(const QString& path) const;
  // Both charts as <base>-wait-cdf.<ext> and <base>-utilisation.<ext>, ext
  // png or pdf.
  bool exportCharts(const QString& base, const QString& ext) const;

 public Q_SLOTS:
  void setProgress(int percent);
  void setResults(std::shared_ptr<const hetsched::WhatifResults> results);
  // After setResults: the intervals over replicas of the same run.
  void setReplicaResults(const std::shared_ptr<const hetsched::ReplicaResults>& replicas);
  void setFailed(const QString& message);
  void setCancelled();

 Q_SIGNALS:
  void runRequested(const hetsched::WhatifSource& source, const std::vector<hetsched::v1::Policy>& policies);
  // The Sweep sub-tab's Run: each of `policies` over `axes` (none: a list of
  // policies) on this tab's workload, each point on `replicas` replicas
  // when above 1.
  void sweepRequested(const hetsched::WhatifSource& source, const std::vector<hetsched::v1::Policy>& policies,
                      const std::vector<hetsched::SweepAxis>& axes, int replicas);
  void cancelRequested();
  void snapshotFileChosen(const QString& path);
  void editorPolicyRequested();
  // "Policy in force": the snapshot's, or the gateway's active one.
  void inForcePolicyRequested();
  // "From the cluster now": the host snapshots its cluster and sets this up.
  void fromNowRequested();

 protected:
  void changeEvent(QEvent* event) override;

 private:
  QWidget* buildInputs();
  void setRunning(bool running);
  void addFilePolicy();
  // The list changed: the sweep offers the same policies.
  void policiesEdited();
  // Before the first run, the line above the results says what is missing.
  void showWhatIsMissing();
  static QString fidelityText(const WhatifResults& results);

  QComboBox* m_sourceKind;
  QStackedWidget* m_sourcePages;
  QSpinBox* m_nodes;
  QSpinBox* m_jobs;
  QDoubleSpinBox* m_load;
  QSpinBox* m_seed;
  QLineEdit* m_snapshotFile;
  QComboBox* m_snapshotId;
  QComboBox* m_snapshotMode;
  QSpinBox* m_horizonMin;
  QLineEdit* m_nodeCsv;
  QLineEdit* m_podCsv;
  QLabel* m_liveText;
  bool m_kindChosen = false;  // by the operator or setSource()
  QListWidget* m_policyList;
  std::vector<v1::Policy> m_policies;
  QPushButton* m_run;
  QPushButton* m_cancel;
  QSpinBox* m_replicas;
  QProgressBar* m_progress;
  QLabel* m_status;
  QLabel* m_fidelity;  // on a snapshot: how well the engine reproduces its past
  WhatifMetricsModel* m_metrics;
  QTableView* m_metricsView;
  QCustomPlot* m_cdf;
  QCustomPlot* m_utilisation;
  QTableWidget* m_changed;
  QTableWidget* m_teams;  // per team: wait, share, hold against guarantee
  SweepView* m_sweep;
  std::shared_ptr<const WhatifResults> m_results;
};

}  // namespace hetsched
