#include "replay_controller.h"

#include "cluster_workspace.h"
#include "replay_session.h"
#include "widgets/replay_bar.h"

#include <QFileInfo>
#include <QInputDialog>
#include <QMessageBox>

namespace hetsched {

ReplayController::ReplayController(ClusterWorkspace* workspace) : QObject(workspace), m_workspace(workspace) {
  ReplayBar* bar = workspace->replayBar();
  connect(bar, &ReplayBar::seekIndexRequested, this, [this](qulonglong index) {
    if (m_session) m_session->seekIndex(static_cast<std::size_t>(index));
  });
  connect(bar, &ReplayBar::seekTimeRequested, this, [this](qint64 ms) {
    if (m_session) m_session->seekTime(ms);
  });
  connect(bar, &ReplayBar::backToLiveRequested, this, &ReplayController::leave);
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
  // A second open while one is pending replaces it.
  discard(m_pending);
  m_pending = std::make_unique<ReplaySession>();
  m_pendingFile = path;
  ReplaySession* pending = m_pending.get();
  connect(pending, &ReplaySession::failed, this, [this, pending](const QString& m) { fail(pending, m); });
  connect(pending, &ReplaySession::listed, this,
          [this, pending](const QList<SnapshotInfo>& list) { onListed(pending, list); });
  connect(pending, &ReplaySession::loaded, this,
          [this, pending](const std::shared_ptr<const SnapshotMeta>& meta) { onLoaded(pending, meta); });
  pending->open(path);
}

void ReplayController::fail(ReplaySession* pending, const QString& message) {
  if (pending != m_pending.get() && pending != m_session.get()) return;
  const bool opening = pending == m_pending.get();
  const QString file = opening ? m_pendingFile : m_file;
  if (opening) discard(m_pending);
  auto* box = new QMessageBox(QMessageBox::Warning, tr("Snapshot"),
                              opening ? tr("Cannot open %1.").arg(QFileInfo(file).fileName())
                                      : tr("Cannot read the replay from %1.").arg(QFileInfo(file).fileName()),
                              QMessageBox::Ok, m_workspace);
  box->setInformativeText(message);  // the store's own words: the file, the check that failed
  box->setAttribute(Qt::WA_DeleteOnClose);
  box->open();
  Q_EMIT openFailed(message);
}

void ReplayController::onListed(ReplaySession* pending, const QList<SnapshotInfo>& snapshots) {
  if (pending != m_pending.get()) return;
  if (snapshots.isEmpty()) return fail(pending, tr("The file holds no snapshots."));
  if (snapshots.size() == 1) return pending->load(snapshots.front().id);
  QStringList items;
  for (const SnapshotInfo& s : snapshots)
    items << tr("%1 — %2 devices, %3 frames (#%4)")
                 .arg(QString::fromStdString(s.name))
                 .arg(s.deviceCount)
                 .arg(s.frameCount)
                 .arg(s.id);
  auto* dialog = new QInputDialog(m_workspace);
  dialog->setAttribute(Qt::WA_DeleteOnClose);
  dialog->setWindowTitle(tr("Open snapshot"));
  dialog->setLabelText(tr("%1 holds several snapshots. Replay which one?").arg(QFileInfo(m_pendingFile).fileName()));
  dialog->setComboBoxItems(items);
  dialog->setComboBoxEditable(false);
  connect(dialog, &QInputDialog::textValueSelected, this, [this, pending, items, snapshots](const QString& text) {
    if (pending != m_pending.get()) return;
    const auto i = items.indexOf(text);
    if (i >= 0) pending->load(snapshots[i].id);
  });
  connect(dialog, &QInputDialog::rejected, this, [this, pending] {
    if (pending == m_pending.get()) discard(m_pending);
  });
  dialog->open();
}

void ReplayController::onLoaded(ReplaySession* pending, const std::shared_ptr<const SnapshotMeta>& meta) {
  if (pending != m_pending.get()) return;
  if (meta->info.frameCount == 0) return fail(pending, tr("The snapshot has no frame history to replay."));
  discard(m_session);
  m_session = std::move(m_pending);
  m_file = m_pendingFile;
  m_framesApplied = 0;
  connect(m_session.get(), &ReplaySession::frameReady, this, &ReplayController::onFrame);
  m_workspace->enterReplay(m_file, meta);
  if (!meta->embedderProblem.empty())
    Q_EMIT notice(tr("The snapshot's job map weights are damaged; the map is trained again. (%1)")
                      .arg(QString::fromStdString(meta->embedderProblem)),
                  15000);
  m_session->seekIndex(0);
  Q_EMIT entered();
}

void ReplayController::onFrame(qulonglong index, const std::shared_ptr<const Frame>& frame) {
  if (!m_workspace->inReplay()) return;
  m_workspace->showReplayFrame(static_cast<std::size_t>(index), frame);
  ++m_framesApplied;
  Q_EMIT frameApplied(index);
}

void ReplayController::leave() {
  discard(m_session);
  discard(m_pending);
  m_workspace->leaveReplay();
}

}  // namespace hetsched
