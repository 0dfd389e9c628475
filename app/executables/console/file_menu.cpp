#include "file_menu.h"

#include "cluster_registry.h"
#include "cluster_workspace.h"
#include "main_window.h"
#include "snapshot_menu.h"

#include <QAction>
#include <QApplication>
#include <QMenu>

namespace hetsched {

FileMenu::FileMenu(MainWindow* window) : ConsoleMenu(tr("&File"), window) {
  m_connect = addAction(QStringLiteral("connect"), tr("&Connect…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O),
                        [this] { this->window()->connectToSaved(0, false); });
  m_connectWindow =
      addAction(QStringLiteral("connectInWindow"), tr("Connect in a new &window…"),
                QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_N), [this] { this->window()->connectToSaved(0, true); });
  m_move = addAction(QStringLiteral("moveToWindow"), tr("&Move cluster to a new window"), {}, [this] {
    if (ClusterWorkspace* w = this->window()->currentWorkspace()) this->window()->moveToNewWindow(w);
  });
  m_close = addAction(QStringLiteral("closeCluster"), tr("C&lose cluster"), QKeySequence(Qt::CTRL | Qt::Key_W), [this] {
    if (ClusterWorkspace* w = this->window()->currentWorkspace()) this->window()->closeWorkspace(w);
  });
  menu()->addSeparator();
  m_snapshots = new SnapshotMenu(menu(), window);
  m_snapshots->setParent(this);
  menu()->addSeparator();
  addAction(QStringLiteral("quit"), tr("&Quit"), QKeySequence::Quit, [] { QApplication::closeAllWindows(); });
}

void FileMenu::update(ClusterWorkspace* workspace) {
  const bool saved = window()->registry()->saved() != nullptr;
  const QString noSaved = saved ? QString() : tr("This console has no saved connections.");
  allow(m_connect, noSaved, tr("Open a saved cluster, or the embedded one, in a new tab"));
  allow(m_connectWindow, noSaved, tr("Open a saved cluster in a window of its own"));
  const QString noCluster = workspace ? QString() : tr("Show a cluster's tab first.");
  allow(m_close, noCluster);
  allow(m_move, noCluster);
  m_snapshots->update(workspace);
}

}  // namespace hetsched
