#include "main_window.h"

#include "cluster_connection.h"
#include "job_map_worker.h"
#include "job_selection.h"
#include "model/jobs_as_of.h"
#include "policy_pages.h"
#include "replay_controller.h"
#include "selection_linker.h"
#include "snapshot_menu.h"
#include "store/snapshot_data.h"
#include "connect_dialog.h"
#include "saved_connection_model.h"
#include "widgets/cluster_dashboard.h"
#include "widgets/connection_indicator.h"
#include "widgets/embedding_map_view.h"
#include "widgets/policy_editor.h"
#include "widgets/queue_page.h"
#include "widgets/queue_panel.h"
#include "widgets/queue_timeline_view.h"
#include "widgets/replay_bar.h"
#include "widgets/submit_job_dialog.h"
#include "widgets/whatif_view.h"

#include <QApplication>
#include <QFileInfo>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QStatusBar>
#include <QTabWidget>
#include <QVBoxLayout>

namespace hetsched {

namespace {

// Views repaint at most this often, whatever the frame rate (PlotJuggler's
// habit): coalesced frames keep the GUI thread idle between ticks.
constexpr int kRepaintMs = 100;
constexpr int kJobRefreshMs = 5000;
// The timeline value is rebuilt on its own slower timer, never per message:
// a rebuild sorts every segment (10,000 completed jobs and more).
constexpr int kTimelineRebuildMs = 1000;
// The gateway keeps the last 10,000 completed jobs; with running and queued
// ones the list stays under this.
constexpr std::uint32_t kJobListLimit = 100000;

QString simTime(std::int64_t ms) {
  const std::int64_t s = std::abs(ms) / 1000;
  return QStringLiteral("%1%2:%3:%4")
      .arg(ms < 0 ? QStringLiteral("-") : QString())
      .arg(s / 3600)
      .arg((s / 60) % 60, 2, 10, QLatin1Char('0'))
      .arg(s % 60, 2, 10, QLatin1Char('0'));
}

}  // namespace

MainWindow::MainWindow(ClusterConnection* connection, QWidget* parent)
    : QMainWindow(parent),
      m_connection(connection),
      m_dashboard(new ClusterDashboard(this)),
      m_indicator(new ConnectionIndicator(this)),
      m_frameInfo(new QLabel(this)),
      m_sourceInfo(new QLabel(this)),
      m_tabs(new QTabWidget(this)),
      m_queuePage(new QueuePage(this)),
      m_jobMap(new EmbeddingMapView(this)),
      m_jobMapWorker(new JobMapWorker(this)),
      m_selection(new JobSelection(this)),
      m_linker(new SelectionLinker(m_selection, m_dashboard, m_queuePage->timeline(), m_queuePage->queuePanel(),
                                   m_jobMap, this)),
      m_replayBar(new ReplayBar(this)),
      m_replayStatus(new QLabel(this)),
      m_policyPages(new PolicyPages(connection, this)) {
  setWindowTitle(tr("HetSched console"));
  m_tabs->addTab(m_dashboard, tr("Cluster"));
  m_tabs->addTab(m_queuePage, tr("Queue timeline"));
  m_tabs->addTab(m_jobMap, tr("Job map"));
  m_tabs->addTab(m_policyPages->policiesTab(), tr("Policies"));
  m_tabs->addTab(m_policyPages->whatif(), tr("What-if"));
  connect(m_policyPages, &PolicyPages::statusMessage, statusBar(), &QStatusBar::showMessage);
  m_tabs->setDocumentMode(true);
  auto* central = new QWidget(this);
  auto* layout = new QVBoxLayout(central);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(0);
  layout->addWidget(m_replayBar);
  layout->addWidget(m_tabs, 1);
  setCentralWidget(central);
  m_replayBar->hide();
  statusBar()->addWidget(m_indicator, 1);
  statusBar()->addWidget(m_replayStatus, 1);
  m_replayStatus->setStyleSheet(QStringLiteral("QLabel { background: %1; color: black; font-weight: bold; padding: 0 6px; }")
                                    .arg(ReplayBar::replayColor().name()));
  m_replayStatus->hide();
  statusBar()->addPermanentWidget(m_sourceInfo);
  statusBar()->addPermanentWidget(m_frameInfo);
  m_dashboard->setStale(true);
  m_replayController = new ReplayController(this);
  buildMenus();

  wire();
  connect(m_jobMap, &EmbeddingMapView::cancelRequested, m_jobMapWorker, &JobMapWorker::cancel);
  connect(m_jobMap, &EmbeddingMapView::relayoutRequested, this, [this] {
    m_jobMapWorker->relayoutNext();
    m_sinceJobMap.invalidate();  // asked for: not held back to once a minute
    refreshJobs();
  });
  connect(m_jobMapWorker, &JobMapWorker::progress, m_jobMap, [this](int percent, const QString& stage) {
    m_jobMap->setProgress(percent, tr("Mapping jobs: %1").arg(stage));
  });
  // The progress bar stays up while a previewed map settles.
  connect(m_jobMapWorker, &JobMapWorker::preview, m_jobMap,
          [this](const std::vector<EmbeddedPoint>& points) { m_jobMap->setPoints(points); });
  connect(m_jobMapWorker, &JobMapWorker::ready, m_jobMap,
          [this](const std::vector<EmbeddedPoint>& points, double kl) {
            m_jobMap->setProgress(-1, QString());
            m_jobMap->setPoints(points);
            statusBar()->showMessage(tr("Job map: %1 jobs, KL divergence %2").arg(points.size()).arg(kl, 0, 'f', 2),
                                     5000);
          });
  connect(m_jobMapWorker, &JobMapWorker::failed, m_jobMap,
          [this](const QString& message) { m_jobMap->setProgress(-1, message); });
  connect(&m_repaintTimer, &QTimer::timeout, this, &MainWindow::repaintTick);
  connect(&m_jobsTimer, &QTimer::timeout, this, [this] {
    if (m_connection->status().state == ConnectionState::Live) refreshJobs();
  });
  connect(&m_timelineTimer, &QTimer::timeout, this, &MainWindow::rebuildTimeline);
  m_repaintTimer.start(kRepaintMs);
  m_jobsTimer.start(kJobRefreshMs);
  m_timelineTimer.start(kTimelineRebuildMs);
  onStatus(connection->status());
}

MainWindow::~MainWindow() = default;

void MainWindow::wire() {
  connect(m_connection, &ClusterConnection::statusChanged, this, &MainWindow::onStatus);
  connect(m_connection, &ClusterConnection::topologyChanged, this, &MainWindow::onTopology);
  connect(m_connection, &ClusterConnection::jobsListed, this, &MainWindow::onJobs);
  connect(m_connection, &ClusterConnection::predictionsListed, this,
          [this](const std::shared_ptr<const QueuePredictions>& predictions) {
            m_predictions = predictions;
            m_jobsDirty = true;
            if (!inReplay()) m_dashboard->setPredictions(predictions);
          });
}

void MainWindow::setConnectionModel(SavedConnectionModel* model, int currentRow) {
  m_connectionModel = model;
  m_connectionRow = currentRow;
  m_connectAction->setEnabled(model != nullptr);
}

void MainWindow::switchConnection(ClusterConnection* next, int row) {
  m_connection->disconnect(this);
  m_connection->stop();
  if (m_submitDialog) m_submitDialog->close();
  std::unique_ptr<ClusterConnection> previous = std::move(m_owned);
  m_owned.reset(next);
  m_connection = next;
  m_connectionRow = row;
  m_snapshotMenu->setConnection(next);
  m_policyPages->setConnection(next);
  m_topology.reset();
  m_jobs.reset();
  m_predictions.reset();
  m_jobsDirty = false;
  m_nowMs = 0;
  m_sourceInfo->clear();
  m_frameInfo->clear();
  if (!inReplay()) m_dashboard->setStale(true);
  wire();
  onStatus(m_connection->status());
  m_connection->start();
  // The old one may still have queued signals; it goes once they are drained.
  if (previous) previous.release()->deleteLater();
}

void MainWindow::openConnectDialog() {
  if (!m_connectionModel) return;
  ConnectDialog dialog(m_connectionModel, m_connectionRow, this);
  if (dialog.exec() == QDialog::Accepted) Q_EMIT connectRequested(dialog.chosenRow());
}

void MainWindow::buildMenus() {
  QMenu* file = menuBar()->addMenu(tr("&File"));
  m_connectAction = file->addAction(tr("&Connect…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O), this,
                                    &MainWindow::openConnectDialog);
  m_connectAction->setEnabled(false);
  file->addSeparator();
  m_snapshotMenu = new SnapshotMenu(file, m_connection, m_replayController, this);
  m_snapshotMenu->setJobMapWorker(m_jobMapWorker);
  file->addSeparator();
  file->addAction(tr("&Quit"), QKeySequence::Quit, qApp, &QApplication::quit);
  QMenu* cluster = menuBar()->addMenu(tr("&Cluster"));
  cluster->addAction(tr("&Submit job…"), QKeySequence(Qt::CTRL | Qt::Key_J), this, &MainWindow::openSubmitDialog);
  cluster->addAction(tr("&Refresh jobs"), QKeySequence::Refresh, this, &MainWindow::refreshJobs);
  QMenu* help = menuBar()->addMenu(tr("&Help"));
  help->addAction(tr("&About HetSched"), this, &MainWindow::showAbout);
}

void MainWindow::onStatus(const ConnectionStatus& status) {
  m_indicator->setStatus(status, m_connection->target());
  if (!inReplay()) m_dashboard->setStale(status.state != ConnectionState::Live);
  if (m_topology) {
    // The source's health is the stream's: a real-cluster source that stops
    // answering marks its nodes down, which the views show per node.
    const bool live = status.state == ConnectionState::Live;
    m_sourceInfo->setText(live ? tr("Source: %1").arg(QString::fromStdString(m_topology->source))
                               : tr("Source: %1 (not live)").arg(QString::fromStdString(m_topology->source)));
  }
}

void MainWindow::onTopology(const std::shared_ptr<const Topology>& topology) {
  m_topology = topology;
  if (inReplay()) return;  // applied on "Back to live"
  m_dashboard->setTopology(*topology);
  setWindowTitle(tr("HetSched console — %1 (%2, %3 devices)")
                     .arg(QString::fromStdString(topology->clusterName), QString::fromStdString(topology->source))
                     .arg(topology->devices.size()));
  m_queuePage->timeline()->setTopology(*topology);
  std::vector<QString> nodeNames;
  for (const NodeInfo& node : topology->nodes) nodeNames.push_back(QString::fromStdString(node.name));
  m_queuePage->queuePanel()->setNodeNames(std::move(nodeNames));
  const QString source = QString::fromStdString(topology->source);
  m_sourceInfo->setText(tr("Source: %1").arg(source));
  // The API server has no usage metrics: say what the colours mean.
  m_sourceInfo->setToolTip(source == QLatin1String("kubernetes")
                               ? tr("Use is allocation: pod requests over node allocatable, not measured load")
                               : QString());
  refreshJobs();
}

void MainWindow::refreshJobs() {
  // Asynchronous: the answer comes back as jobsListed on the GUI thread.
  m_connection->refreshJobs({JobState::Running, JobState::Queued, JobState::Completed}, kJobListLimit);
  m_connection->refreshPredictions();
}

void MainWindow::onJobs(const std::shared_ptr<const JobList>& jobs) {
  m_jobs = jobs;
  if (inReplay()) return;
  applyJobs(jobs->jobs);
  m_jobsDirty = true;
  requestJobMap(jobs->jobs);
}

bool MainWindow::jobMapBusy() const { return m_jobMapWorker->busy(); }

// The map is recomputed at most once a minute: embedding and t-SNE of a few
// thousand jobs take seconds of a worker thread. Each update keeps the jobs
// already shown in place (JobMapWorker).
void MainWindow::requestJobMap(const std::vector<Job>& jobs) {
  constexpr qint64 kJobMapEveryMs = 60000;
  if (!m_topology || m_jobMapWorker->busy()) return;
  if (m_sinceJobMap.isValid() && m_sinceJobMap.elapsed() < kJobMapEveryMs) return;
  m_sinceJobMap.start();
  m_jobMapWorker->request(jobs, *m_topology);
}

void MainWindow::applyJobs(const std::vector<Job>& jobs) {
  JobNames names;
  names.reserve(jobs.size());
  for (const Job& job : jobs)
    names.emplace(job.id, QStringLiteral("%1 · %2").arg(QString::fromStdString(job.spec.name),
                                                          QString::fromLatin1(toString(job.spec.kind))));
  m_dashboard->setJobNames(names);
}

void MainWindow::rebuildTimeline() {
  if (!m_jobs && !inReplay()) return;
  // Open bars grow with the clock even without new jobs, so a live view is
  // rebuilt every tick; an unchanged list at an unchanged time is not.
  if (!m_jobsDirty && m_nowMs == m_queuePage->timeline()->timeline().nowMs) return;
  m_jobsDirty = false;
  // A replay shows the queue as it was at the frame's time, not at the cut;
  // rebuilt here on the timer, not per frame, so scrubbing stays quick.
  if (inReplay()) m_replayJobs = jobsAsOf(m_replayMeta->jobs, m_nowMs);
  const std::vector<Job>& jobs = inReplay() ? m_replayJobs : m_jobs->jobs;
  JobTimeline timeline = timelineFromJobs(jobs, m_nowMs);
  m_linker->setTimeline(timeline);
  // The live forecast (GetPredictions): predicted runs on the timeline, and
  // the queue in order of predicted start with the reasons. A replay shows
  // the record only; a gateway without predictions, the service order.
  const bool forecast = !inReplay() && m_predictions;
  if (forecast) addPredictedRuns(timeline, *m_predictions);
  m_queuePage->timeline()->setTimeline(std::move(timeline));
  m_queuePage->queuePanel()->setQueue(forecast ? queueWithPredictions(jobs, *m_predictions)
                                               : queueByPriorityThenSubmit(jobs));
  // The table was reset; put the shared selection back on it.
  m_queuePage->queuePanel()->setSelectedJobs(m_selection->jobs());
}

bool MainWindow::showTab(const QString& name) {
  static const QStringList names{QStringLiteral("cluster"), QStringLiteral("timeline"), QStringLiteral("map"),
                                 QStringLiteral("policies"), QStringLiteral("whatif")};
  const auto index = names.indexOf(name.toLower());
  if (index < 0) return false;
  m_tabs->setCurrentIndex(static_cast<int>(index));
  return true;
}

void MainWindow::repaintTick() {
  if (inReplay()) return;  // the connection keeps only its latest frame meanwhile
  std::uint64_t coalesced = 0;
  const auto frame = m_connection->takeFrame(&coalesced);
  if (!frame || !m_topology) return;
  m_dashboard->setFrame(frame);  // shares the snapshot, no copy
  m_policyPages->setFrame(*frame);
  m_nowMs = frame->simTimeMs;
  ++m_framesShown;
  m_frameInfo->setText(tr("Frame %1 · simulated time %2 · %3 frames merged")
                           .arg(frame->sequence)
                           .arg(simTime(frame->simTimeMs))
                           .arg(coalesced));
}

void MainWindow::openSubmitDialog() {
  if (!m_submitDialog) {
    m_submitDialog = new SubmitJobDialog(this);
    m_submitDialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(m_submitDialog, &SubmitJobDialog::submitRequested, m_connection, &ClusterConnection::submitJob);
    connect(m_connection, &ClusterConnection::jobSubmitFailed, m_submitDialog, &SubmitJobDialog::showError);
    connect(m_connection, &ClusterConnection::jobSubmitted, m_submitDialog, [this](quint64 id) {
      statusBar()->showMessage(tr("Job %1 submitted").arg(id), 5000);
      m_submitDialog->accept();
    });
  }
  m_submitDialog->show();
  m_submitDialog->raise();
}

void MainWindow::showAbout() {
  QMessageBox::about(this, tr("About HetSched"),
                     tr("<b>HetSched console</b> %1<br>Operations console for clusters that mix CPUs, GPUs "
                        "and TPUs.<br>Workload shapes: Alibaba cluster-trace-gpu-v2023.")
                         .arg(QApplication::applicationVersion()));
}

void MainWindow::enterReplay(const QString& file, std::shared_ptr<const SnapshotMeta> meta) {
  m_replayMeta = std::move(meta);
  const SnapshotInfo& info = m_replayMeta->info;
  m_dashboard->setTopology(m_replayMeta->topology);
  m_dashboard->setStale(false);
  m_queuePage->timeline()->setTopology(m_replayMeta->topology);
  applyJobs(m_replayMeta->jobs);
  m_replayJobs.clear();
  m_jobsDirty = true;
  // The snapshot's own embedder, when it has one, so the map is the one the
  // console drew rather than a retrained one.
  m_jobMapWorker->requestReplay(m_replayMeta->jobs, m_replayMeta->topology, m_replayMeta->embedder);
  m_replayBar->setSnapshot(QFileInfo(file).fileName(), QString::fromStdString(info.name), info.frameCount,
                           info.firstSimTimeMs, info.lastSimTimeMs);
  m_replayBar->show();
  m_indicator->hide();
  m_replayStatus->show();
  m_replayStatus->setText(m_replayBar->bannerText());
  setWindowTitle(tr("HetSched console — REPLAY of %1 (%2, %3 devices)")
                     .arg(QString::fromStdString(info.name), QFileInfo(file).fileName())
                     .arg(info.deviceCount));
}

void MainWindow::showReplayFrame(std::size_t index, std::shared_ptr<const Frame> frame) {
  if (!inReplay() || !frame) return;
  m_nowMs = frame->simTimeMs;
  m_replayBar->setPosition(index, frame->simTimeMs);
  m_replayStatus->setText(m_replayBar->bannerText());
  m_frameInfo->setText(tr("Replay frame %1 of %2 · simulated time %3")
                           .arg(index + 1)
                           .arg(m_replayMeta->info.frameCount)
                           .arg(simTime(frame->simTimeMs)));
  m_dashboard->setFrame(std::move(frame));
}

void MainWindow::leaveReplay() {
  if (!inReplay()) return;
  m_replayMeta.reset();
  m_replayJobs.clear();
  m_replayBar->setPlaying(false);
  m_replayBar->hide();
  m_replayStatus->hide();
  m_indicator->show();
  m_frameInfo->clear();
  if (m_topology) onTopology(m_topology);
  if (m_jobs) applyJobs(m_jobs->jobs);
  m_jobsDirty = true;
  m_sinceJobMap.invalidate();  // the map shows the replay's jobs: redraw the live one with the next list
  onStatus(m_connection->status());
}

}  // namespace hetsched
