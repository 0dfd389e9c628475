#include "cluster_registry.h"

#include "base/model/topology.h"
#include "cluster_connection.h"
#include "cluster_workspace.h"
// Kept: members read through a shared_ptr, which include-cleaner does not count.
#include "data/store/snapshot_data.h"  // IWYU pragma: keep
#include "main_window.h"
#include "saved_connection_model.h"
#include "widgets/alert_list_model.h"
#include "widgets/alert_list_view.h"
#include "widgets/cluster_overview_model.h"
#include "widgets/kind_stats.h"
#include "widgets/metric.h"

#include <cstdint>
#include <memory>
#include <utility>

namespace hetsched {

namespace {
constexpr int kOverviewRefreshMs = 1000;
}  // namespace

ClusterRegistry::ClusterRegistry(SavedConnectionModel* saved, Opener opener, QObject* parent)
    : QObject(parent), m_saved(saved), m_opener(std::move(opener)), m_overview(new ClusterOverviewModel(this)) {
  qRegisterMetaType<ClusterWorkspace*>();  // for queued and spied `opened` signals
  connect(&m_timer, &QTimer::timeout, this, &ClusterRegistry::refresh);
  m_timer.start(kOverviewRefreshMs);
}

ClusterRegistry::~ClusterRegistry() {
  // A window this registry made does not outlive it (it would reach back).
  for (const QPointer<MainWindow>& window : m_made) delete window.data();
}

QList<ClusterWorkspace*> ClusterRegistry::workspaces() const {
  QList<ClusterWorkspace*> out;
  for (const auto& w : m_workspaces)
    if (w) out.push_back(w);
  return out;
}

QList<MainWindow*> ClusterRegistry::windows() const {
  QList<MainWindow*> out;
  for (const auto& w : m_windows)
    if (w) out.push_back(w);
  return out;
}

ClusterWorkspace* ClusterRegistry::open(int row, MainWindow* window, QString* error) {
  for (int i = 0; i < m_workspaces.size(); ++i) {
    if (m_workspaces[i] && m_rows[i] == row) {
      show(m_workspaces[i]);
      return m_workspaces[i];
    }
  }
  if (!m_opener || !m_saved) {
    if (error) *error = tr("No saved connections to open.");
    return nullptr;
  }
  if (m_opening.contains(row)) return nullptr;  // asked twice: the first answer opens it
  m_opening.push_back(row);
  // What the opener answered, when it answered before returning.
  struct Answer {
    bool given = false;
    ClusterWorkspace* workspace = nullptr;
    QString error;
  };
  auto answer = std::make_shared<Answer>();
  const bool ownWindow = window == nullptr;
  m_opener(row, window,
           [self = QPointer<ClusterRegistry>(this), row, target = QPointer<MainWindow>(window), ownWindow, answer](
               std::unique_ptr<ClusterConnection> connection, const QString& why) {
             if (!self) return;
             self->m_opening.removeAll(row);
             answer->given = true;
             answer->error = why;
             // A window closed while its cluster was opening: a window of its own.
             if (connection)
               answer->workspace = self->attach(row, std::move(connection), ownWindow ? nullptr : target.data());
           });
  if (!answer->given) return nullptr;
  if (!answer->workspace && error) *error = answer->error;
  return answer->workspace;
}

ClusterWorkspace* ClusterRegistry::attach(int row, std::unique_ptr<ClusterConnection> connection, MainWindow* window) {
  if (!window) window = newWindow();
  const QString name = m_saved->data(m_saved->index(row), Qt::DisplayRole).toString();
  ClusterWorkspace* workspace = window->addCluster(std::move(connection), name, row);
  window->show();
  show(workspace);
  Q_EMIT opened(workspace);
  return workspace;
}

void ClusterRegistry::add(ClusterWorkspace* workspace, int savedRow) {
  m_workspaces.push_back(workspace);
  m_rows.push_back(savedRow);
  const auto key = reinterpret_cast<quintptr>(workspace);
  connect(workspace, &QObject::destroyed, this, [this, key] {
    m_overview->remove(key);
    for (int i = static_cast<int>(m_workspaces.size()) - 1; i >= 0; --i) {
      if (!m_workspaces[i]) {
        m_workspaces.removeAt(i);
        m_rows.removeAt(i);
      }
    }
    Q_EMIT workspacesChanged();
  });
  connect(workspace, &ClusterWorkspace::connectionStatusChanged, this, [this, workspace] { update(workspace); });
  connect(workspace, &ClusterWorkspace::modeChanged, this, [this, workspace] { update(workspace); });
  update(workspace);
  Q_EMIT workspacesChanged();
}

void ClusterRegistry::addWindow(MainWindow* window) { m_windows.push_back(window); }

MainWindow* ClusterRegistry::newWindow() {
  auto* window = new MainWindow(this);
  window->setAttribute(Qt::WA_DeleteOnClose);
  m_made.push_back(window);
  window->resize(1280, 800);
  return window;
}

MainWindow* ClusterRegistry::windowOf(ClusterWorkspace* workspace) const {
  for (MainWindow* w : windows())
    if (w->workspaces().contains(workspace)) return w;
  return nullptr;
}

void ClusterRegistry::show(ClusterWorkspace* workspace) {
  MainWindow* window = windowOf(workspace);
  if (!window) return;
  window->showWorkspace(workspace);
  window->raise();
  window->activateWindow();
}

ClusterWorkspace* ClusterRegistry::workspaceAt(int overviewRow) const {
  const quintptr key = m_overview->keyAt(overviewRow);
  for (ClusterWorkspace* w : workspaces())
    if (reinterpret_cast<quintptr>(w) == key) return w;
  return nullptr;
}

void ClusterRegistry::refresh() {
  for (ClusterWorkspace* w : workspaces()) update(w);
}

void ClusterRegistry::update(ClusterWorkspace* workspace) {
  ClusterSummary s;
  s.name = workspace->name();
  s.target = workspace->connection()->target();
  s.state = workspace->connection()->status().state;
  s.replay = workspace->inReplay();
  const auto frame = workspace->lastFrame();
  const Topology* topology = s.replay ? &workspace->replayMeta()->topology : workspace->topology().get();
  if (topology) {
    s.haveFrame = frame && frameMatches(*topology, *frame);
    s.kinds = computeKindStats(*topology, s.haveFrame ? frame.get() : nullptr);
    s.devices = 0;  // as the kinds count them: MIG instances are not more devices
    for (const KindStats& k : s.kinds) s.devices += k.devices;
  }
  if (!s.replay) s.alertsFiring = static_cast<std::uint32_t>(workspace->alertList()->model()->report().firingCount());
  m_overview->setSummary(reinterpret_cast<quintptr>(workspace), s);
}

}  // namespace hetsched
