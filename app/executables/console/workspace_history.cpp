// ClusterWorkspace: the Cluster page's device history, from the gateway's
// frame ring live and from the snapshot's frames in replay; both are read by
// the backend's one device history use case.
#include "base/history/device_history.h"
#include "base/model/connection_state.h"
#include "cluster_connection.h"
#include "cluster_workspace.h"
#include "replay_controller.h"
#include "replay_session.h"
#include "widgets/cluster_dashboard.h"
#include "widgets/device_history_panel.h"

#include <cstdint>
#include <memory>

namespace hetsched {

namespace {
// Points per series: more than the charts' width in pixels at a usual size,
// and 8 devices × 600 stays far below the gateway's bound.
constexpr std::uint32_t kHistoryPoints = 600;
// Live, the history grows by a frame every agent period; a refresh this
// often keeps the charts current without asking per frame.
constexpr int kHistoryRefreshMs = 5000;
}  // namespace

void ClusterWorkspace::wireHistory() {
  DeviceHistoryPanel* panel = m_dashboard->history();
  connect(panel, &DeviceHistoryPanel::historyWanted, this, &ClusterWorkspace::requestHistory);
  connect(m_connection.get(), &ClusterConnection::historyReady, this,
          [this](const std::shared_ptr<const DeviceHistory>& history) {
            if (!inReplay()) m_dashboard->history()->setHistory(history);
          });
  connect(m_connection.get(), &ClusterConnection::historyFailed, this, [this](const QString& message) {
    if (!inReplay()) m_dashboard->history()->setFailure(message);
  });
  connect(&m_historyTimer, &QTimer::timeout, this, [this] {
    if (!inReplay() && m_dashboard->history()->isVisible()) requestHistory();
  });
  m_historyTimer.start(kHistoryRefreshMs);
}

void ClusterWorkspace::requestHistory() {
  HistoryRequest request;
  request.devices = m_dashboard->history()->devices();
  if (request.devices.empty()) return;
  request.points = kHistoryPoints;  // the whole ring (live) or the whole snapshot (replay)
  if (!inReplay()) {
    if (m_connection->status().state == ConnectionState::Live) m_connection->requestHistory(request);
    return;
  }
  ReplaySession* session = m_replayController->session();
  if (!session) return;
  if (session != m_historySession) {
    m_historySession = session;
    connect(session, &ReplaySession::historyReady, this, [this](const std::shared_ptr<const DeviceHistory>& h) {
      if (inReplay()) m_dashboard->history()->setHistory(h);
    });
    connect(session, &ReplaySession::historyFailed, this, [this](const QString& message) {
      if (inReplay()) m_dashboard->history()->setFailure(message);
    });
  }
  session->requestHistory(request);
}

}  // namespace hetsched
