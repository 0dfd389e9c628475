#pragma once

#include <QObject>
#include <QPointer>
#include <QSet>
#include <QStringList>

class QAction;
class QMenu;
class QProgressDialog;

namespace hetsched {

class ClusterWorkspace;
class MainWindow;
class SnapshotTaker;

// The File menu's snapshot actions, on the window's current cluster: "Take
// snapshot…" of its live gateway (fetch and save on a worker, a progress
// dialog with Cancel), "Open snapshot…" and the recent files (QSettings),
// both replayed in that cluster's tab.
class SnapshotMenu : public QObject {
  Q_OBJECT
 public:
  SnapshotMenu(QMenu* file, MainWindow* window);

  // Starts a snapshot of the current cluster into `path` without asking
  // for a file name; nothing when there is none live (the action is
  // disabled then, saying why).
  void takeSnapshot(const QString& path);
  void open(const QString& path);
  static QStringList recentFiles();
  // Replay has no gateway to take a snapshot of: the action says why.
  void update(ClusterWorkspace* workspace);

 Q_SIGNALS:
  void snapshotSaved(const QString& path, qlonglong id);

 private:
  void askAndTake();
  void askAndOpen();
  void remember(const QString& path);
  void rebuildRecent();
  void watch(ClusterWorkspace* workspace);

  MainWindow* m_window;
  QAction* m_take;
  QAction* m_open;
  QMenu* m_recent;
  QPointer<SnapshotTaker> m_taker;
  QPointer<QProgressDialog> m_progress;
  QSet<ClusterWorkspace*> m_watched;
};

}  // namespace hetsched
