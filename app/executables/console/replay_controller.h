#pragma once

#include "data/store/snapshot_data.h"

#include <QObject>
#include <QPointer>
#include <QString>

#include <memory>

namespace hetsched {

class ClusterWorkspace;
class ReplaySession;
struct Frame;

// Opens snapshot files for a workspace and drives its replay: file errors
// and the choice among several snapshots are asked here, and only a
// snapshot that loaded switches the workspace into replay, so a bad file
// leaves it as it was. Seeks from the replay bar go to the
// session's worker (latest wins); decoded frames come back to the workspace.
class ReplayController : public QObject {
  Q_OBJECT
 public:
  explicit ReplayController(ClusterWorkspace* workspace);
  ~ReplayController() override;

  // Shows an error dialog (non-blocking) and emits openFailed on failure.
  void openFile(const QString& path);
  void leave();
  ReplaySession* session() const { return m_session.get(); }
  QString file() const { return m_file; }
  // Frames applied to the views since the replay began.
  std::uint64_t framesApplied() const { return m_framesApplied; }

 Q_SIGNALS:
  void openFailed(const QString& message);
  void entered();
  void frameApplied(qulonglong index);
  // Worth a line in the status bar, not a dialog.
  void notice(const QString& text, int timeoutMs);

 private:
  void onListed(ReplaySession* pending, const QList<SnapshotInfo>& snapshots);
  void onLoaded(ReplaySession* pending, const std::shared_ptr<const SnapshotMeta>& meta);
  void onFrame(qulonglong index, const std::shared_ptr<const Frame>& frame);
  void fail(ReplaySession* pending, const QString& message);
  void discard(std::unique_ptr<ReplaySession>& session);

  ClusterWorkspace* m_workspace;
  std::unique_ptr<ReplaySession> m_session;  // the one in force
  std::unique_ptr<ReplaySession> m_pending;  // being opened; replaces it on success
  QString m_file;
  QString m_pendingFile;
  std::uint64_t m_framesApplied = 0;
};

}  // namespace hetsched
