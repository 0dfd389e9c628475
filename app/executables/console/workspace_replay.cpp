// ClusterWorkspace: entering, showing and leaving a replay.
#include "cluster_workspace.h"

#include "cluster_connection.h"
#include "job_map_worker.h"
#include "policy_pages.h"
#include "data/store/snapshot_data.h"
#include "widgets/cluster_dashboard.h"
#include "widgets/device_text.h"
#include "widgets/queue_page.h"
#include "widgets/queue_timeline_view.h"
#include "widgets/replay_bar.h"

#include <QFileInfo>

namespace hetsched {

void ClusterWorkspace::enterReplay(const QString& file, std::shared_ptr<const SnapshotMeta> meta) {
  m_replayMeta = std::move(meta);
  m_replayFile = QFileInfo(file).fileName();
  const SnapshotInfo& info = m_replayMeta->info;
  // First of all: no control, so nothing from here on can reach the gateway.
  setControl(false);
  m_policyPages->showRecordedPolicy(m_replayMeta->info, m_replayMeta->policy);
  m_policyPages->setLiveCluster(nullptr, nullptr);  // the live cluster is not what is shown
  const std::shared_ptr<const Topology> recorded(m_replayMeta, &m_replayMeta->topology);
  m_dashboard->setTopology(recorded);
  m_dashboard->setStale(false);
  m_dashboard->setPredictions(nullptr);  // a forecast of the live cluster, not of the record
  m_queuePage->timeline()->setTopology(recorded);
  applyJobs(m_replayMeta->jobs);
  m_replayJobs.clear();
  m_jobsDirty = true;
  m_lastFrame.reset();
  // The snapshot's own embedder, when it has one, so the map is the one the
  // console drew rather than a retrained one.
  m_jobMapWorker->requestReplay(std::shared_ptr<const std::vector<Job>>(m_replayMeta, &m_replayMeta->jobs), recorded,
                                m_replayMeta->embedder);
  m_replayBar->setSnapshot(m_replayFile, QString::fromStdString(info.name), info.frameCount, info.firstSimTimeMs,
                           info.lastSimTimeMs);
  m_replayBar->show();
  setFrameInfo(QString());
  requestHistory();  // the same devices over the snapshot's frames
}

void ClusterWorkspace::showReplayFrame(std::size_t index, std::shared_ptr<const Frame> frame) {
  if (!inReplay() || !frame) return;
  m_nowMs = frame->simTimeMs;
  m_lastFrame = frame;
  m_replayBar->setPosition(index, frame->simTimeMs);
  setFrameInfo(tr("Replay frame %1 of %2 · simulated time %3")
                   .arg(index + 1)
                   .arg(m_replayMeta->info.frameCount)
                   .arg(simTime(frame->simTimeMs)));
  // The arms the snapshot's frames recorded, for reading only.
  m_policyPages->showRecordedArms(frame->queue.arms);
  m_dashboard->setFrame(std::move(frame));
  Q_EMIT frameShown();
}

void ClusterWorkspace::leaveReplay() {
  if (!inReplay()) return;
  m_replayMeta.reset();
  m_replayFile.clear();
  m_replayJobs.clear();
  m_lastFrame.reset();
  m_replayBar->setPlaying(false);
  m_replayBar->hide();
  setFrameInfo(QString());
  if (m_topology) onTopology(m_topology);
  if (m_jobs) {
    applyJobs(m_jobs->jobs);
    m_policyPages->setLiveCluster(m_topology, std::shared_ptr<const std::vector<Job>>(m_jobs, &m_jobs->jobs));
  }
  m_dashboard->setPredictions(m_predictions);
  m_jobsDirty = true;
  m_sinceJobMap.invalidate();  // the map shows the replay's jobs: redraw the live one with the next list
  setControl(true);
  onStatus(m_connection->status());
  if (m_connection->status().state == ConnectionState::Live) m_policyPages->refresh();
  requestHistory();
}

}  // namespace hetsched
