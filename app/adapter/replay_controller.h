#pragma once

#include "base/model/frame.h"
#include "data/store/snapshot_data.h"
#include "replay_session.h"  // declares the signals' metatypes first
#include "usecases/replay/replay_playback.h"

#include <QElapsedTimer>
#include <QList>
#include <QObject>
#include <QString>
#include <QTimer>
#include <cstddef>
#include <cstdint>
#include <memory>

namespace hetsched {

// One workspace's replay of a snapshot file, and all of its state: the file
// and snapshot in force, the frame shown, playing or paused and how fast.
// A file opens into a pending session, and only a snapshot that loaded
// replaces the one in force, so a bad file leaves everything as it was.
// What to show when is the backend's ReplayPlayback; frames are decoded on
// the session's worker (latest wins). The window and its views observe the
// signals and ask through the calls below; nothing here knows them.
class ReplayController : public QObject {
  Q_OBJECT
 public:
  explicit ReplayController(QObject* parent = nullptr);
  ~ReplayController() override;

  // Ends in entered() or openFailed(). A file with several snapshots asks
  // which with snapshotChoiceNeeded(); answer with choose() or cancelOpen()
  // and the ticket it came with. A second open replaces a pending one.
  void openFile(const QString& path);
  void choose(quint64 ticket, SnapshotId id);
  void cancelOpen(quint64 ticket);
  // Back to live: left() when a replay was in force.
  void leave();

  bool active() const { return m_meta != nullptr; }
  std::shared_ptr<const SnapshotMeta> meta() const { return m_meta; }
  // The file replayed (as opened), empty when none.
  QString file() const { return m_file; }
  ReplaySession* session() const { return m_session.get(); }
  const ReplayPlayback& playback() const { return m_playback; }
  // Frames handed to the observers since the replay began.
  std::uint64_t framesApplied() const { return m_framesApplied; }

  void setPlaying(bool playing);
  void togglePlaying() { setPlaying(!m_playback.playing()); }
  // Pauses and moves `frames` frames (negative: back).
  void step(int frames);
  void setSpeed(int factor);
  void seekIndex(std::size_t index);
  void seekTime(std::int64_t simTimeMs);

 Q_SIGNALS:
  void snapshotChoiceNeeded(quint64 ticket, const QString& file, const QList<hetsched::SnapshotInfo>& snapshots);
  // `opening`: the file being opened failed and the replay in force (if
  // any) stays; otherwise the replay in force could not be read on.
  // `message` is the store's own words: the file, the check that failed.
  void openFailed(const QString& message, const QString& file, bool opening);
  // meta() and file() are the new replay's; its first frame follows.
  void entered();
  void frameApplied(qulonglong index, std::shared_ptr<const hetsched::Frame> frame);
  void playingChanged(bool playing);
  void speedChanged(int factor);
  void left();
  // Worth a line in the status bar, not a dialog.
  void notice(const QString& text, int timeoutMs);

 private:
  void onListed(ReplaySession* pending, const QList<SnapshotInfo>& snapshots);
  void onLoaded(ReplaySession* pending, const std::shared_ptr<const SnapshotMeta>& meta);
  void onFrame(qulonglong index, const std::shared_ptr<const Frame>& frame);
  void onTick();
  void fail(ReplaySession* pending, const QString& message);
  void discard(std::unique_ptr<ReplaySession>& session);
  // The playback paused (by a step, a reset, the end): the timer follows.
  void stopped(bool wasPlaying);

  std::unique_ptr<ReplaySession> m_session;  // the one in force
  std::unique_ptr<ReplaySession> m_pending;        // being opened; replaces it on success
  quint64 m_ticket = 0;  // the pending open's, for its answer
  std::shared_ptr<const SnapshotMeta> m_meta;
  QString m_file;
  QString m_pendingFile;
  ReplayPlayback m_playback;
  QTimer m_playTimer;
  QElapsedTimer m_playClock;
  std::uint64_t m_framesApplied = 0;
};

}  // namespace hetsched
