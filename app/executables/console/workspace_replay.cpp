// ClusterWorkspace: observing its replay. The ReplayController owns the
// replay and decides; here the views follow it (entering, each frame,
// leaving, playing and speed on the bar), the bar's requests go to it, and
// its questions and errors become dialogs.
#include "base/model/connection_state.h"
#include "base/model/frame.h"
#include "base/model/job.h"
#include "base/model/topology.h"
#include "cluster_connection.h"
#include "cluster_workspace.h"
#include "data/store/snapshot_data.h"
#include "job_map_worker.h"
#include "policy_pages.h"
#include "replay_controller.h"
#include "usecases/replay/replay_playback.h"
#include "widgets/cluster_dashboard.h"
#include "widgets/queue_page.h"
#include "widgets/queue_timeline_view.h"
#include "widgets/replay_bar.h"

#include <QFileInfo>
#include <QInputDialog>
#include <QMessageBox>
#include <cstddef>
#include <memory>
#include <utility>
#include <vector>

namespace hetsched {

void ClusterWorkspace::wireReplay() {
  ReplayController* replay = m_replayController;
  ReplayBar* bar = m_replayBar;
  bar->setSpeeds(QList<int>(ReplayPlayback::kSpeeds.begin(), ReplayPlayback::kSpeeds.end()));
  bar->showSpeed(replay->playback().speed());
  connect(bar, &ReplayBar::seekIndexRequested, replay,
          [replay](qulonglong index) { replay->seekIndex(static_cast<std::size_t>(index)); });
  connect(bar, &ReplayBar::seekTimeRequested, replay, [replay](qint64 ms) { replay->seekTime(ms); });
  connect(bar, &ReplayBar::playRequested, replay, &ReplayController::setPlaying);
  connect(bar, &ReplayBar::stepRequested, replay, &ReplayController::step);
  connect(bar, &ReplayBar::speedRequested, replay, &ReplayController::setSpeed);
  connect(bar, &ReplayBar::backToLiveRequested, replay, &ReplayController::leave);
  connect(replay, &ReplayController::playingChanged, bar, &ReplayBar::showPlaying);
  connect(replay, &ReplayController::speedChanged, bar, &ReplayBar::showSpeed);
  connect(replay, &ReplayController::entered, this, &ClusterWorkspace::enterReplay);
  connect(replay, &ReplayController::frameApplied, this, &ClusterWorkspace::showReplayFrame);
  connect(replay, &ReplayController::left, this, &ClusterWorkspace::leaveReplay);
  connect(replay, &ReplayController::openFailed, this, &ClusterWorkspace::showReplayFailure);
  connect(replay, &ReplayController::snapshotChoiceNeeded, this, &ClusterWorkspace::askWhichSnapshot);
  connect(replay, &ReplayController::notice, this, &ClusterWorkspace::message);
}

bool ClusterWorkspace::inReplay() const { return m_replayController->active(); }

std::shared_ptr<const SnapshotMeta> ClusterWorkspace::replayMeta() const { return m_replayController->meta(); }

QString ClusterWorkspace::replayFile() const { return QFileInfo(m_replayController->file()).fileName(); }

void ClusterWorkspace::enterReplay() {
  const std::shared_ptr<const SnapshotMeta> meta = replayMeta();
  const SnapshotInfo& info = meta->info;
  // First of all: no control, so nothing from here on can reach the gateway.
  setControl(false);
  m_policyPages->showRecordedPolicy(info, meta->policy);
  m_policyPages->setLiveCluster(nullptr, nullptr);  // the live cluster is not what is shown
  const std::shared_ptr<const Topology> recorded(meta, &meta->topology);
  m_dashboard->setTopology(recorded);
  m_dashboard->setStale(false);
  m_dashboard->setPredictions(nullptr);  // a forecast of the live cluster, not of the record
  m_queuePage->timeline()->setTopology(recorded);
  applyJobs(meta->jobs);
  m_replayJobs.clear();
  m_jobsDirty = true;
  m_lastFrame.reset();
  // The snapshot's own embedder, when it has one, so the map is the one the
  // console drew rather than a retrained one.
  m_jobMapWorker->requestReplay(std::shared_ptr<const std::vector<Job>>(meta, &meta->jobs), recorded, meta->embedder);
  m_replayBar->setSnapshot(replayFile(), QString::fromStdString(info.name), info.frameCount, info.firstSimTimeMs);
  m_replayBar->show();
  setFrameInfo(QString());
  requestHistory();  // the same devices over the snapshot's frames
}

void ClusterWorkspace::showReplayFrame(qulonglong index, std::shared_ptr<const Frame> frame) {
  if (!inReplay() || !frame) return;
  m_nowMs = frame->simTimeMs;
  m_lastFrame = frame;
  m_replayBar->setPosition(static_cast<std::size_t>(index), frame->simTimeMs);
  setFrameInfo(tr("Replay frame %1 of %2 · simulated time %3")
                   .arg(index + 1)
                   .arg(replayMeta()->info.frameCount)
                   .arg(simTime(frame->simTimeMs)));
  // The arms the snapshot's frames recorded, for reading only.
  m_policyPages->showRecordedArms(frame->queue.arms);
  m_dashboard->setFrame(std::move(frame));
  Q_EMIT frameShown();
}

void ClusterWorkspace::leaveReplay() {
  m_replayJobs.clear();
  m_lastFrame.reset();
  m_replayBar->hide();
  setFrameInfo(QString());
  if (m_topology) onTopology(m_topology);
  if (m_jobs) {
    applyJobs(m_jobs->jobs);
    m_policyPages->setLiveCluster(m_topology, std::shared_ptr<const std::vector<Job>>(m_jobs, &m_jobs->jobs));
  }
  m_dashboard->setPredictions(m_predictions);
  m_jobsDirty = true;
  m_sinceJobMap.invalidate();  // the map shows the replay's jobs: redraw the
                              // live one with the next list
  setControl(true);
  onStatus(m_connection->status());
  if (m_connection->status().state == ConnectionState::Live) m_policyPages->refresh();
  requestHistory();
}

void ClusterWorkspace::showReplayFailure(const QString& message, const QString& file, bool opening) {
  auto* box = new QMessageBox(QMessageBox::Warning, tr("Snapshot"),
                              opening ? tr("Cannot open %1.").arg(QFileInfo(file).fileName())
                                      : tr("Cannot read the replay from %1.").arg(QFileInfo(file).fileName()),
                              QMessageBox::Ok, this);
  box->setInformativeText(message);  // the store's own words: the file, the check that failed
  box->setAttribute(Qt::WA_DeleteOnClose);
  box->open();
}

void ClusterWorkspace::askWhichSnapshot(quint64 ticket, const QString& file, const QList<SnapshotInfo>& snapshots) {
  QStringList items;
  for (const SnapshotInfo& s : snapshots)
    items << tr("%1 — %2 devices, %3 frames (#%4)")
                 .arg(QString::fromStdString(s.name))
                 .arg(s.deviceCount)
                 .arg(s.frameCount)
                 .arg(s.id);
  auto* dialog = new QInputDialog(this);
  dialog->setAttribute(Qt::WA_DeleteOnClose);
  dialog->setWindowTitle(tr("Open snapshot"));
  dialog->setLabelText(tr("%1 holds several snapshots. Replay which one?").arg(QFileInfo(file).fileName()));
  dialog->setComboBoxItems(items);
  dialog->setComboBoxEditable(false);
  ReplayController* replay = m_replayController;
  connect(dialog, &QInputDialog::textValueSelected, replay, [replay, ticket, items, snapshots](const QString& text) {
    const auto i = items.indexOf(text);
    if (i >= 0) replay->choose(ticket, snapshots[i].id);
  });
  connect(dialog, &QInputDialog::rejected, replay, [replay, ticket] { replay->cancelOpen(ticket); });
  dialog->open();
}

}  // namespace hetsched
