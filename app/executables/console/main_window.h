#pragma once

#include "model/frame.h"
#include "model/topology.h"

#include <QMainWindow>
#include <QPointer>
#include <QTimer>

#include <memory>

class QLabel;

namespace hetsched {

class ClusterConnection;
class ClusterDashboard;
class ConnectionIndicator;
class SubmitJobDialog;
struct ConnectionStatus;
struct JobList;

// The console's window: wires a ClusterConnection to the views. Frames are
// pulled on a repaint timer (coalesced), job names on a slower one.
class MainWindow : public QMainWindow {
  Q_OBJECT
 public:
  explicit MainWindow(ClusterConnection* connection, QWidget* parent = nullptr);

  ClusterDashboard* dashboard() const { return m_dashboard; }

 private:
  void buildMenus();
  void onStatus(const ConnectionStatus& status);
  void onTopology(const std::shared_ptr<const Topology>& topology);
  void onJobs(const std::shared_ptr<const JobList>& jobs);
  void repaintTick();
  void openSubmitDialog();
  void showAbout();

  ClusterConnection* m_connection;
  ClusterDashboard* m_dashboard;
  ConnectionIndicator* m_indicator;
  QLabel* m_frameInfo;
  QTimer m_repaintTimer;
  QTimer m_jobsTimer;
  QPointer<SubmitJobDialog> m_submitDialog;
  std::shared_ptr<const Topology> m_topology;
  std::uint64_t m_framesShown = 0;
};

}  // namespace hetsched
