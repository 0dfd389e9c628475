#pragma once

#include "model/frame.h"
#include "model/job_timeline.h"
#include "model/topology.h"

#include <QElapsedTimer>
#include <QMainWindow>
#include <QPointer>
#include <QTimer>

#include <memory>

class QAction;
class QLabel;
class QTabWidget;

namespace hetsched {

class ClusterConnection;
class ClusterDashboard;
class ConnectionIndicator;
class EmbeddingMapView;
class JobMapWorker;
class JobSelection;
class PolicyPages;
class QueuePage;
class ReplayBar;
class ReplayController;
class SelectionLinker;
class SnapshotMenu;
struct SnapshotMeta;
class SavedConnectionModel;
class SubmitJobDialog;
struct ConnectionStatus;
struct JobList;

// The console's window: wires a ClusterConnection to the views. Frames are
// pulled on a repaint timer (coalesced), job names on a slower one.
class MainWindow : public QMainWindow {
  Q_OBJECT
 public:
  explicit MainWindow(ClusterConnection* connection, QWidget* parent = nullptr);
  ~MainWindow() override;

  ClusterDashboard* dashboard() const { return m_dashboard; }
  QueuePage* queuePage() const { return m_queuePage; }
  // Points arrive here once the embedding engine runs; until then the map
  // shows its empty state.
  EmbeddingMapView* jobMap() const { return m_jobMap; }
  // A job map is being computed (the view may show it settling).
  bool jobMapBusy() const;
  JobSelection* selection() const { return m_selection; }
  // The "Policies" and "What-if" tabs.
  PolicyPages* policyPages() const { return m_policyPages; }
  // "cluster", "timeline", "map", "policies" or "whatif"; false for an
  // unknown name.
  bool showTab(const QString& name);
  ClusterConnection* connection() const { return m_connection; }
  // Enables File → Connect…, which edits these saved connections.
  void setConnectionModel(SavedConnectionModel* model, int currentRow);
  // Views follow `next` from now on; the window owns it. The previous
  // connection is stopped (and deleted if the window owned it).
  void switchConnection(ClusterConnection* next, int row);


  // Replay: the views show a stored snapshot's history instead of the
  // connection (which keeps running underneath for "Back to live").
  ReplayBar* replayBar() const { return m_replayBar; }
  ReplayController* replay() const { return m_replayController; }
  SnapshotMenu* snapshotMenu() const { return m_snapshotMenu; }
  bool inReplay() const { return m_replayMeta != nullptr; }
  void enterReplay(const QString& file, std::shared_ptr<const SnapshotMeta> meta);
  void showReplayFrame(std::size_t index, std::shared_ptr<const Frame> frame);
  void leaveReplay();
  // The queue timeline is rebuilt on a timer; tests and benches ask now.
  void rebuildTimeline();

 Q_SIGNALS:
  // The operator chose a row of the connection model in File → Connect….
  void connectRequested(int row);

 private:
  void buildMenus();
  void wire();
  void openConnectDialog();
  void onStatus(const ConnectionStatus& status);
  void onTopology(const std::shared_ptr<const Topology>& topology);
  void onJobs(const std::shared_ptr<const JobList>& jobs);
  void repaintTick();
  void requestJobMap(const std::vector<Job>& jobs);
  void applyJobs(const std::vector<Job>& jobs);
  void refreshJobs();
  void openSubmitDialog();
  void showAbout();

  ClusterConnection* m_connection;
  ClusterDashboard* m_dashboard;
  ConnectionIndicator* m_indicator;
  QLabel* m_frameInfo;
  QLabel* m_sourceInfo;
  std::unique_ptr<ClusterConnection> m_owned;  // a connection chosen at run time
  SavedConnectionModel* m_connectionModel = nullptr;
  QAction* m_connectAction = nullptr;
  int m_connectionRow = 0;
  QTimer m_repaintTimer;
  QTimer m_jobsTimer;
  QTimer m_timelineTimer;
  QTabWidget* m_tabs;
  QueuePage* m_queuePage;
  EmbeddingMapView* m_jobMap;
  JobMapWorker* m_jobMapWorker;
  JobSelection* m_selection;
  SelectionLinker* m_linker;
  std::shared_ptr<const JobList> m_jobs;
  std::shared_ptr<const QueuePredictions> m_predictions;  // the gateway's live forecast
  QElapsedTimer m_sinceJobMap;
  std::int64_t m_nowMs = 0;  // cluster time of the newest frame
  bool m_jobsDirty = false;
  QPointer<SubmitJobDialog> m_submitDialog;
  std::shared_ptr<const Topology> m_topology;
  std::uint64_t m_framesShown = 0;
  ReplayBar* m_replayBar;
  QLabel* m_replayStatus;
  PolicyPages* m_policyPages;
  ReplayController* m_replayController = nullptr;
  SnapshotMenu* m_snapshotMenu = nullptr;
  std::shared_ptr<const SnapshotMeta> m_replayMeta;
  std::vector<Job> m_replayJobs;  // the snapshot's jobs as of the frame shown
};

}  // namespace hetsched
