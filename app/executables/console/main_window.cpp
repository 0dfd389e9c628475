#include "main_window.h"

#include "alert_notifier.h"
#include "cluster_connection.h"
#include "cluster_registry.h"
#include "cluster_workspace.h"
#include "connect_dialog.h"
#include "console_menus.h"
#include "saved_connection_model.h"  // IWYU pragma: keep (its model converts to QAbstractItemModel*)
#include "snapshot_menu.h"
#include "status_area.h"
#include "view_settings.h"
#include "widgets/overview_page.h"

#include <QCloseEvent>
#include <QDialog>
#include <QMenuBar>
#include <QMessageBox>
#include <QStatusBar>
#include <QTabBar>
#include <QTabWidget>
#include <algorithm>
#include <memory>
#include <utility>

namespace hetsched {

MainWindow::MainWindow(ClusterRegistry* registry, QWidget* parent)
    : QMainWindow(parent),
      m_registry(registry ? registry : new ClusterRegistry(nullptr, {}, this)),
      m_tabs(new QTabWidget(this)),
      m_overview(new OverviewPage(m_registry->saved(), m_registry->overview(), this)),
      m_status(new StatusArea(statusBar(), this)),
      m_notifier(new AlertNotifier(this)) {
  m_registry->addWindow(this);
  m_tabs->setObjectName(QStringLiteral("clusterTabs"));
  m_tabs->setAccessibleName(tr("Clusters"));
  m_tabs->addTab(m_overview, tr("Overview"));
  m_tabs->setTabsClosable(true);
  m_tabs->tabBar()->setTabButton(0, QTabBar::RightSide, nullptr);  // the Overview stays
  m_tabs->tabBar()->setTabButton(0, QTabBar::LeftSide, nullptr);
  m_tabs->setMovable(false);
  setCentralWidget(m_tabs);
  m_menus = buildConsoleMenus(this);
  for (ConsoleMenu* menu : m_menus)
    if (auto* snapshots = menu->findChild<SnapshotMenu*>()) m_snapshotMenu = snapshots;

  connect(m_tabs, &QTabWidget::currentChanged, this, &MainWindow::onCurrentChanged);
  connect(m_tabs, &QTabWidget::tabCloseRequested, this, [this](int index) {
    if (auto* w = qobject_cast<ClusterWorkspace*>(m_tabs->widget(index))) closeWorkspace(w);
  });
  connect(m_overview, &OverviewPage::openRequested, this,
          [this](int row, bool newWindow) { openSaved(row, newWindow, tr("Open cluster")); });
  connect(m_overview, &OverviewPage::editRequested, this, [this](int savedRow) { connectToSaved(savedRow, false); });
  connect(m_overview, &OverviewPage::showRequested, this, [this](int row) {
    if (ClusterWorkspace* w = m_registry->workspaceAt(row)) m_registry->show(w);
  });
  connect(m_registry, &ClusterRegistry::workspacesChanged, this, &MainWindow::updateTitle);
  ViewSettings::restoreWindow(this);
  onCurrentChanged();
}

MainWindow::~MainWindow() {
  // The workspaces die with the tabs after this body: nothing they or the
  // registry signal on the way may reach this half-destroyed window.
  if (m_registry) m_registry->disconnect(this);
  m_tabs->disconnect(this);
  for (ClusterWorkspace* w : workspaces()) w->disconnect(this);
}

ClusterRegistry* MainWindow::registry() const { return m_registry; }

void MainWindow::connectToSaved(int savedRow, bool newWindow) {
  if (!m_registry->saved()) return;
  ConnectDialog dialog(m_registry->saved(), std::max(savedRow, 0), this);
  if (dialog.exec() == QDialog::Accepted) openSaved(dialog.chosenRow(), newWindow, tr("Connect"));
}

void MainWindow::openSaved(int row, bool newWindow, const QString& title) {
  QString error;
  if (!m_registry->open(row, newWindow ? nullptr : this, &error) && !error.isEmpty())
    QMessageBox::warning(this, title, error);
}

ClusterWorkspace* MainWindow::addCluster(std::unique_ptr<ClusterConnection> connection, const QString& name,
                                         int savedRow) {
  auto* workspace = new ClusterWorkspace(std::move(connection), name, m_tabs);
  ViewSettings::restoreWorkspace(workspace);
  adopt(workspace);
  m_registry->add(workspace, savedRow);
  m_tabs->setCurrentWidget(workspace);
  return workspace;
}

void MainWindow::adopt(ClusterWorkspace* workspace) {
  const int index = m_tabs->addTab(workspace, workspace->name());
  m_tabs->setTabToolTip(index, workspace->connection()->target());
  if (QWidget* close = m_tabs->tabBar()->tabButton(index, QTabBar::RightSide)) {
    close->setAccessibleName(tr("Close %1").arg(workspace->name()));
    close->setToolTip(tr("Close %1").arg(workspace->name()));
  }
  connect(workspace, &ClusterWorkspace::infoChanged, this, [this, workspace] {
    if (workspace == currentWorkspace()) updateTitle();
  });
  connect(workspace, &ClusterWorkspace::modeChanged, this, [this, workspace] {
    if (workspace == currentWorkspace()) onCurrentChanged();
  });
  connect(workspace, &ClusterWorkspace::message, this, [this, workspace](const QString& text, int timeoutMs) {
    // A background cluster's message names it.
    m_status->showMessage(workspace == currentWorkspace() ? text : tr("%1: %2").arg(workspace->name(), text),
                          timeoutMs);
  });
  connect(
      workspace, &ClusterWorkspace::alertsFired, this, [this, workspace](const QString& title, const QString& text) {
        m_notifier->notify(title, text);
        m_status->showMessage(title, 10000);
    // A click on the notification shows that cluster's alerts.
        m_notifier->disconnect(this);
        connect(m_notifier, &AlertNotifier::activated, this, [this, workspace = QPointer<ClusterWorkspace>(workspace)] {
          if (!workspace) return;
          showWorkspace(workspace);
          workspace->showTab(QStringLiteral("alerts"));
          raise();
          activateWindow();
        });
      });
}

ClusterWorkspace* MainWindow::currentWorkspace() const {
  return qobject_cast<ClusterWorkspace*>(m_tabs->currentWidget());
}

ClusterWorkspace* MainWindow::workspace() const {
  if (ClusterWorkspace* current = currentWorkspace()) return current;
  const auto all = workspaces();
  return all.isEmpty() ? nullptr : all.front();
}

QList<ClusterWorkspace*> MainWindow::workspaces() const {
  QList<ClusterWorkspace*> out;
  for (int i = 0; i < m_tabs->count(); ++i)
    if (auto* w = qobject_cast<ClusterWorkspace*>(m_tabs->widget(i))) out.push_back(w);
  return out;
}

void MainWindow::showWorkspace(ClusterWorkspace* workspace) { m_tabs->setCurrentWidget(workspace); }

void MainWindow::showOverview() { m_tabs->setCurrentWidget(m_overview); }

bool MainWindow::showTab(const QString& name) {
  if (name.compare(QLatin1String("overview"), Qt::CaseInsensitive) == 0) {
    showOverview();
    return true;
  }
  ClusterWorkspace* w = workspace();
  if (!w || !ClusterWorkspace::tabNames().contains(name.toLower())) return false;
  showWorkspace(w);
  return w->showTab(name);
}

void MainWindow::closeWorkspace(ClusterWorkspace* workspace) {
  const int index = m_tabs->indexOf(workspace);
  if (index < 0) return;
  ViewSettings::saveWorkspace(workspace);
  m_tabs->removeTab(index);
  workspace->deleteLater();  // it may be inside one of its own signals
}

MainWindow* MainWindow::moveToNewWindow(ClusterWorkspace* workspace) {
  const int index = m_tabs->indexOf(workspace);
  if (index < 0) return nullptr;
  MainWindow* window = m_registry->newWindow();
  m_tabs->removeTab(index);
  workspace->disconnect(this);
  window->adopt(workspace);
  window->showWorkspace(workspace);
  window->show();
  return window;
}

void MainWindow::onCurrentChanged() {
  ClusterWorkspace* current = currentWorkspace();
  m_status->setWorkspace(current);
  for (ConsoleMenu* menu : m_menus) menu->update(current);
  updateTitle();
  Q_EMIT currentWorkspaceChanged(current);
}

void MainWindow::updateTitle() {
  if (ClusterWorkspace* current = currentWorkspace()) {
    setWindowTitle(tr("HetSched — %1").arg(current->title()));
    return;
  }
  setWindowTitle(
      tr("HetSched — Overview (%n open cluster(s))", nullptr, static_cast<int>(m_registry->workspaces().size())));
}

void MainWindow::closeEvent(QCloseEvent* event) {
  ViewSettings::saveWindow(this);
  for (ClusterWorkspace* w : workspaces()) ViewSettings::saveWorkspace(w);
  QMainWindow::closeEvent(event);
}

}  // namespace hetsched
