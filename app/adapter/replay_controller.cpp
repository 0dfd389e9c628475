#include "replay_controller.h"

#include "base/model/frame.h"
#include "data/store/snapshot_data.h"
#include "device_history_meta.h"
#include "replay_session.h"
#include "usecases/replay/replay_source.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

namespace hetsched {

namespace {

QString refusalText(ReplayRefusal refusal) {
  switch (refusal) {
    case ReplayRefusal::NoSnapshots: return ReplayController::tr("The file holds no snapshots.");
    case ReplayRefusal::NoFrames: return ReplayController::tr("The snapshot has no frame history to replay.");
  }
  return {};
}

}  // namespace

ReplayController::ReplayController(QObject* parent) : QObject(parent) {
  qRegisterMetaType<QList<SnapshotInfo>>();
  qRegisterMetaType<std::shared_ptr<const Frame>>();
  connect(&m_playTimer, &QTimer::timeout, this, &ReplayController::onTick);
}

ReplayController::~ReplayController() = default;

// Sessions are dropped from inside their own signals: detach now, delete
// once control is back in the event loop.
void ReplayController::discard(std::unique_ptr<ReplaySession>& session) {
  if (!session) return;
  session->disconnect(this);
  session.release()->deleteLater();
}

void ReplayController::openFile(const QString& path) {
  discard(m_pending);
  m_pending = std::make_unique<ReplaySession>();
  m_pendingFile = path;
  ++m_ticket;
  ReplaySession* pending = m_pending.get();
  connect(pending, &ReplaySession::failed, this, [this, pending](const QString& m) { fail(pending, m); });
  connect(pending, &ReplaySession::listed, this,
          [this, pending](const QList<SnapshotInfo>& list) { onListed(pending, list); });
  connect(pending, &ReplaySession::loaded, this,
          [this, pending](const std::shared_ptr<const SnapshotMeta>& meta) { onLoaded(pending, meta); });
  pending->open(path);
}

void ReplayController::choose(quint64 ticket, SnapshotId id) {
  if (ticket == m_ticket && m_pending) m_pending->load(id);
}

void ReplayController::cancelOpen(quint64 ticket) {
  if (ticket == m_ticket) discard(m_pending);
}

void ReplayController::fail(ReplaySession* session, const QString& message) {
  if (session != m_pending.get() && session != m_session.get()) return;
  const bool opening = session == m_pending.get();
  const QString file = opening ? m_pendingFile : m_file;
  if (opening) discard(m_pending);
  Q_EMIT openFailed(message, file, opening);
}

void ReplayController::onListed(ReplaySession* pending, const QList<SnapshotInfo>& snapshots) {
  if (pending != m_pending.get()) return;
  if (auto refusal = ReplaySource::refusal(std::vector<SnapshotInfo>(snapshots.begin(), snapshots.end())))
    return fail(pending, refusalText(*refusal));
  if (snapshots.size() == 1) return pending->load(snapshots.front().id);
  Q_EMIT snapshotChoiceNeeded(m_ticket, m_pendingFile, snapshots);
}

void ReplayController::onLoaded(ReplaySession* pending, const std::shared_ptr<const SnapshotMeta>& meta) {
  if (pending != m_pending.get()) return;
  if (auto refusal = ReplaySource::refusal(meta->info)) return fail(pending, refusalText(*refusal));
  discard(m_session);
  m_session = std::move(m_pending);
  m_file = m_pendingFile;
  m_meta = meta;
  m_framesApplied = 0;
  const bool wasPlaying = m_playback.playing();
  m_playback.reset(meta->info.frameCount, meta->info.firstSimTimeMs, meta->info.lastSimTimeMs);
  stopped(wasPlaying);
  connect(m_session.get(), &ReplaySession::frameReady, this, &ReplayController::onFrame);
  Q_EMIT entered();
  if (!meta->embedderProblem.empty())
    Q_EMIT notice(tr("The snapshot's job map weights are damaged; the map is trained again. (%1)")
                      .arg(QString::fromStdString(meta->embedderProblem)),
                  15000);
  m_session->seekIndex(0);
}

void ReplayController::onFrame(qulonglong index, const std::shared_ptr<const Frame>& frame) {
  if (!active() || !frame) return;
  m_playback.shown(static_cast<std::size_t>(index), frame->simTimeMs);
  ++m_framesApplied;
  Q_EMIT frameApplied(index, frame);
}

void ReplayController::leave() {
  discard(m_pending);
  if (!active()) return;
  discard(m_session);
  m_meta.reset();
  m_file.clear();
  const bool wasPlaying = m_playback.playing();
  m_playback.pause();
  stopped(wasPlaying);
  Q_EMIT left();
}

void ReplayController::setPlaying(bool playing) {
  if (!playing) {
    const bool wasPlaying = m_playback.playing();
    m_playback.pause();
    return stopped(wasPlaying);
  }
  if (!active()) return;
  m_playback.play();
  m_playClock.start();
  m_playTimer.start(ReplayPlayback::kTickMs);
  Q_EMIT playingChanged(true);
}

void ReplayController::step(int frames) {
  const bool wasPlaying = m_playback.playing();
  const auto target = m_playback.step(frames);
  stopped(wasPlaying);
  if (target) seekIndex(*target);
}

void ReplayController::setSpeed(int factor) {
  if (factor == m_playback.speed() || !m_playback.setSpeed(factor)) return;
  Q_EMIT speedChanged(factor);
}

void ReplayController::seekIndex(std::size_t index) {
  if (m_session) m_session->seekIndex(index);
}

void ReplayController::seekTime(std::int64_t simTimeMs) {
  if (m_session) m_session->seekTime(simTimeMs);
}

void ReplayController::onTick() {
  const ReplayPlayback::Tick tick = m_playback.advance(m_playClock.restart());
  if (tick.seek) seekIndex(*tick.seek);
  if (tick.ended) stopped(true);
}

void ReplayController::stopped(bool wasPlaying) {
  m_playTimer.stop();
  if (wasPlaying) Q_EMIT playingChanged(false);
}

}  // namespace hetsched
