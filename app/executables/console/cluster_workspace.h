#pragma once

#include "base/model/connection_state.h"
#include "base/model/frame.h"
#include "base/model/job.h"
#include "base/model/job_filter.h"
#include "base/model/job_prediction.h"
#include "base/model/job_search.h"
#include "base/model/job_story.h"
#include "base/model/topology.h"
#include "serve/alert/alert.h"
#include "widgets/job_story_dialog.h"
#include "widgets/team_colours.h"

#include <QElapsedTimer>
#include <QPointer>
#include <QTimer>
#include <QWidget>
#include <cstdint>
#include <memory>
#include <vector>

class QTabWidget;

namespace hetsched {

class AlertListView;
class AlertRulesDialog;
class ClusterConnection;
class ClusterDashboard;
class EmbeddingMapView;
class FilterBar;
class FindBar;
class GatewayControl;
class JobMapWorker;
class JobSelection;
class PolicyPages;
class QueuePage;
class ReplayBar;
class ReplayController;
class ReplaySession;
class SelectionLinker;
class SubmitJobDialog;
class WhatifLauncher;
struct JobList;
struct SnapshotInfo;
struct SnapshotMeta;

// One cluster's pages (Cluster, Queue timeline, Job map, Policies, What-if)
// over one connection, live or replaying a snapshot. Live, it holds a
// GatewayControl made from its connection; entering replay destroys it, so
// nothing reachable from a replay can act on a gateway, and every control
// that would is disabled with readOnlyReason() as its tooltip. Frames are
// pulled on a repaint timer (coalesced), job lists on a slower one. The
// window around it (menus, status bar, title) only reads what it reports.
class ClusterWorkspace : public QWidget {
  Q_OBJECT
 public:
  // Takes the connection and starts it; `name` is the saved connection's.
  ClusterWorkspace(std::unique_ptr<ClusterConnection> connection, const QString& name, QWidget* parent = nullptr);
  ~ClusterWorkspace() override;

  QString name() const { return m_name; }
  // What the window title says: the name, the cluster, its source and size.
  QString title() const;
  ClusterConnection* connection() const { return m_connection.get(); }
  // Null in replay and before the first status: no gateway to act on.
  GatewayControl* control() const { return m_control.get(); }
  // Empty while live; in replay, why gateway controls are off.
  QString readOnlyReason() const;
  std::shared_ptr<const Topology> topology() const { return m_topology; }
  // The newest frame shown (live or replay), null before one.
  std::shared_ptr<const Frame> lastFrame() const { return m_lastFrame; }

  QTabWidget* pages() const { return m_tabs; }
  ClusterDashboard* dashboard() const { return m_dashboard; }
  QueuePage* queuePage() const { return m_queuePage; }
  EmbeddingMapView* jobMap() const { return m_jobMap; }
  // A job map is being computed (the view may show it settling).
  bool jobMapBusy() const;
  JobSelection* selection() const { return m_selection; }
  JobMapWorker* jobMapWorker() const { return m_jobMapWorker; }
  PolicyPages* policyPages() const { return m_policyPages; }
  ReplayBar* replayBar() const { return m_replayBar; }
  ReplayController* replay() const { return m_replayController; }
  AlertListView* alertList() const { return m_alertList; }
  // The rules editor; it sends through the control (live only).
  void openAlertRules();
  AlertRulesDialog* alertRulesDialog() const;

  // "cluster", "timeline", "map", "policies", "whatif" or "alerts"; false for an
  // unknown name.
  bool showTab(const QString& name);
  static QStringList tabNames();
  // The status bar's texts: the frame and the source.
  QString frameInfo() const { return m_frameInfo; }
  QString sourceInfo() const { return m_sourceInfo; }
  QString sourceToolTip() const { return m_sourceToolTip; }

  void refreshJobs();
  void openSubmitDialog();
  // The What-if tab set up on this cluster's state now (WhatifLauncher).
  void startWhatifFromNow();
  WhatifLauncher* whatifLauncher() const { return m_launcher; }
  // The queue timeline is rebuilt on a timer; tests and benches ask now.
  void rebuildTimeline();

  // A job's whole story in a dialog that follows the job list; every view
  // that shows jobs opens it (double-click, Enter, a click on the map).
  // False if no listed job has that id.
  bool openJobStory(JobId job);
  JobStoryDialog* jobStoryDialog() const { return m_storyDialog; }

  // Find (Ctrl+F): jobs by id, name, kind, state, priority or node, nodes
  // and devices by name (SearchIndex). The jobs found become the selection
  // every job view highlights, their devices and the nodes found are
  // outlined on the heatmap; stepping jumps the views to one result.
  void openFind();
  FindBar* findBar() const { return m_findBar; }
  void find(const QString& query);
  void stepFind(int step);
  const SearchHits& findHits() const { return m_hits; }

  // Filters (kind, state, team, priority class, node group) narrow every
  // view at once: the heatmap veils the devices left out, the timeline,
  // the waiting list and the job map drop the jobs left out, and Find finds
  // within them. Each workspace keeps its own (saved with its views).
  FilterBar* filterBar() const { return m_filterBar; }
  const JobFilter& filter() const;
  void setFilter(const JobFilter& filter);
  // What the filter lets through now (all jobs and devices without one).
  const SearchHits& filterPass() const { return m_filterPass; }

  // Replay: the views show a stored snapshot's history instead of the
  // connection (which keeps running underneath for "Back to live"). The
  // replay() controller holds it; the workspace follows its signals.
  bool inReplay() const;
  std::shared_ptr<const SnapshotMeta> replayMeta() const;
  // The replayed file's name, empty while live.
  QString replayFile() const;

  // The History tab's devices over the gateway's ring (live) or the
  // snapshot's frames (replay); the answer goes to the tab.
  void requestHistory();

 Q_SIGNALS:
  void connectionStatusChanged(const hetsched::ConnectionStatus& status);
  // title(), frameInfo() or sourceInfo() changed.
  void infoChanged();
  // Live ↔ replay, or the control came or went.
  void modeChanged();
  // A transient message for the status bar.
  void message(const QString& text, int timeoutMs);
  // A new frame was shown (the overview's row follows it).
  void frameShown();
  // Alerts began to fire (not acknowledged here): for a desktop notification.
  void alertsFired(const QString& title, const QString& text);

 protected:
  void showEvent(QShowEvent* event) override;

 private:
  void wire();
  void wireHistory();
  void wireReplay();
  // What the replay controller reports, on the views.
  void enterReplay();
  void showReplayFrame(qulonglong index, std::shared_ptr<const Frame> frame);
  void leaveReplay();
  void showReplayFailure(const QString& message, const QString& file, bool opening);
  void askWhichSnapshot(quint64 ticket, const QString& file, const QList<SnapshotInfo>& snapshots);
  void onStatus(const ConnectionStatus& status);
  void onTopology(const std::shared_ptr<const Topology>& topology);
  void onJobs(const std::shared_ptr<const JobList>& jobs);
  void repaintTick();
  void applyFrame(std::shared_ptr<const Frame> frame);
  void requestJobMap(std::shared_ptr<const std::vector<Job>> jobs);
  void applyJobs(const std::vector<Job>& jobs);
  // Who holds each device and the GPU fragmentation, on the dashboard.
  void showHolders(const std::vector<Job>& jobs);
  // The jobs the views show: the live list, or the replay's as of its frame.
  const std::vector<Job>* shownJobs() const;
  void refreshJobStory();
  JobStory storyOf(const Job& job) const;
  void closeFind();
  // The filter over the current job list, applied to every view.
  void applyFilter();
  // What the filter lets through, on the heatmap and the map; the timeline
  // and the waiting list take it when next rebuilt.
  void updateFilterPass();
  bool passesFilter(JobId job) const;
  void setControl(bool live);
  void setFrameInfo(const QString& text);
  void onAlerts(const std::shared_ptr<const AlertReport>& report);
  void showAlertCount(int unacknowledged);
  void acknowledgeAlerts(const std::vector<std::uint64_t>& ids);
  void onAlertsAcknowledged(int added, int unknown);
  static QString simTime(std::int64_t ms);

  QString m_name;
  std::unique_ptr<ClusterConnection> m_connection;
  std::unique_ptr<GatewayControl> m_control;
  QTabWidget* m_tabs;
  ClusterDashboard* m_dashboard;
  QueuePage* m_queuePage;
  EmbeddingMapView* m_jobMap;
  JobMapWorker* m_jobMapWorker;
  JobSelection* m_selection;
  SelectionLinker* m_linker;
  PolicyPages* m_policyPages;
  ReplayBar* m_replayBar;
  ReplayController* m_replayController;
  WhatifLauncher* m_launcher;
  AlertListView* m_alertList;
  QPointer<AlertRulesDialog> m_rulesDialog;
  QTimer m_repaintTimer;
  QTimer m_jobsTimer;
  QTimer m_timelineTimer;
  QTimer m_historyTimer;
  QPointer<ReplaySession> m_historySession;  // the replay whose answers the History tab takes
  QTimer m_alertsTimer;
  std::shared_ptr<const JobList> m_jobs;
  std::shared_ptr<const QueuePredictions> m_predictions;  // the gateway's live forecast
  std::shared_ptr<const Topology> m_topology;
  std::shared_ptr<const Frame> m_lastFrame;
  bool m_frameWaiting = false;  // taken while hidden, not yet on the views
  QElapsedTimer m_sinceJobMap;
  std::int64_t m_nowMs = 0;  // cluster time of the newest frame
  bool m_jobsDirty = false;
  QPointer<SubmitJobDialog> m_submitDialog;
  QPointer<JobStoryDialog> m_storyDialog;
  FindBar* m_findBar;
  FilterBar* m_filterBar;
  SearchHits m_filterPass;
  SearchIndex m_searchIndex;
  TeamPalette m_teamPalette;  // a team keeps its colour for the session
  SearchHits m_hits;
  int m_hitCursor = -1;  // jobs first, then nodes
  QString m_frameInfo;
  QString m_sourceInfo;
  QString m_sourceToolTip;
  std::vector<Job> m_replayJobs;  // the snapshot's jobs as of the frame shown
};

}  // namespace hetsched
