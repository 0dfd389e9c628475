#pragma once

#include <QObject>
#include <QPointer>
#include <QStringList>

class QMenu;
class QProgressDialog;

namespace hetsched {

class ClusterConnection;
class JobMapWorker;
class ReplayController;
class SnapshotTaker;

// The File menu's snapshot actions: "Take snapshot…" of the live cluster
// (fetch and save on a worker, a progress dialog with Cancel), "Open
// snapshot…" and the recent files (QSettings), both handed to the replay.
class SnapshotMenu : public QObject {
  Q_OBJECT
 public:
  SnapshotMenu(QMenu* file, ClusterConnection* connection, ReplayController* replay, QWidget* window);

  // Starts a snapshot into `path` without asking for a file name.
  void takeSnapshot(const QString& path);
  void open(const QString& path);
  static QStringList recentFiles();
  // Snapshots are taken from this connection from now on (File → Connect…).
  void setConnection(ClusterConnection* connection) { m_connection = connection; }
  // Snapshots carry the embedder this worker's live map uses.
  void setJobMapWorker(JobMapWorker* worker);

 Q_SIGNALS:
  void snapshotSaved(const QString& path, qlonglong id);
  void snapshotFailed(const QString& message);

 private:
  void askAndTake();
  void askAndOpen();
  void remember(const QString& path);
  void rebuildRecent();

  ClusterConnection* m_connection;
  ReplayController* m_replay;
  QWidget* m_window;
  QMenu* m_recent;
  QPointer<SnapshotTaker> m_taker;
  QPointer<JobMapWorker> m_jobMapWorker;
  QPointer<QProgressDialog> m_progress;
};

}  // namespace hetsched
