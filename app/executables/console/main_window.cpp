#include "main_window.h"

#include "cluster_connection.h"
#include "job_selection.h"
#include "selection_linker.h"
#include "widgets/cluster_dashboard.h"
#include "widgets/connection_indicator.h"
#include "widgets/embedding_map_view.h"
#include "widgets/queue_page.h"
#include "widgets/queue_panel.h"
#include "widgets/queue_timeline_view.h"
#include "widgets/submit_job_dialog.h"

#include <QApplication>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QStatusBar>
#include <QTabWidget>

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
  const std::int64_t s = ms / 1000;
  return QStringLiteral("%1:%2:%3")
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
      m_tabs(new QTabWidget(this)),
      m_queuePage(new QueuePage(this)),
      m_jobMap(new EmbeddingMapView(this)),
      m_selection(new JobSelection(this)),
      m_linker(new SelectionLinker(m_selection, m_dashboard, m_queuePage->timeline(), m_queuePage->queuePanel(),
                                   m_jobMap, this)) {
  setWindowTitle(tr("HetSched console"));
  m_tabs->addTab(m_dashboard, tr("Cluster"));
  m_tabs->addTab(m_queuePage, tr("Queue timeline"));
  m_tabs->addTab(m_jobMap, tr("Job map"));
  m_tabs->setDocumentMode(true);
  setCentralWidget(m_tabs);
  statusBar()->addWidget(m_indicator, 1);
  statusBar()->addPermanentWidget(m_frameInfo);
  m_dashboard->setStale(true);
  buildMenus();

  connect(connection, &ClusterConnection::statusChanged, this, &MainWindow::onStatus);
  connect(connection, &ClusterConnection::topologyChanged, this, &MainWindow::onTopology);
  connect(connection, &ClusterConnection::jobsListed, this, &MainWindow::onJobs);
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

void MainWindow::buildMenus() {
  QMenu* file = menuBar()->addMenu(tr("&File"));
  file->addAction(tr("&Quit"), QKeySequence::Quit, qApp, &QApplication::quit);
  QMenu* cluster = menuBar()->addMenu(tr("&Cluster"));
  cluster->addAction(tr("&Submit job…"), QKeySequence(Qt::CTRL | Qt::Key_J), this, &MainWindow::openSubmitDialog);
  cluster->addAction(tr("&Refresh jobs"), QKeySequence::Refresh, this, &MainWindow::refreshJobs);
  QMenu* help = menuBar()->addMenu(tr("&Help"));
  help->addAction(tr("&About HetSched"), this, &MainWindow::showAbout);
}

void MainWindow::onStatus(const ConnectionStatus& status) {
  m_indicator->setStatus(status, m_connection->target());
  m_dashboard->setStale(status.state != ConnectionState::Live);
}

void MainWindow::onTopology(const std::shared_ptr<const Topology>& topology) {
  m_topology = topology;
  m_dashboard->setTopology(*topology);
  setWindowTitle(tr("HetSched console — %1 (%2, %3 devices)")
                     .arg(QString::fromStdString(topology->clusterName), QString::fromStdString(topology->source))
                     .arg(topology->devices.size()));
  m_queuePage->timeline()->setTopology(*topology);
  refreshJobs();
}

void MainWindow::refreshJobs() {
  // Asynchronous: the answer comes back as jobsListed on the GUI thread.
  m_connection->refreshJobs({JobState::Running, JobState::Queued, JobState::Completed}, kJobListLimit);
}

void MainWindow::onJobs(const std::shared_ptr<const JobList>& jobs) {
  JobNames names;
  names.reserve(jobs->jobs.size());
  for (const Job& job : jobs->jobs)
    names.emplace(job.id, QStringLiteral("%1 · %2").arg(QString::fromStdString(job.spec.name),
                                                          QString::fromLatin1(toString(job.spec.kind))));
  m_dashboard->setJobNames(names);
  m_jobs = jobs;
  m_jobsDirty = true;
}

void MainWindow::rebuildTimeline() {
  if (!m_jobs) return;
  // Open bars grow with the clock even without new jobs, so a live view is
  // rebuilt every tick; an unchanged list at an unchanged time is not.
  if (!m_jobsDirty && m_nowMs == m_queuePage->timeline()->timeline().nowMs) return;
  m_jobsDirty = false;
  JobTimeline timeline = timelineFromJobs(m_jobs->jobs, m_nowMs);
  m_linker->setTimeline(timeline);
  m_queuePage->timeline()->setTimeline(std::move(timeline));
  // No what-if predictor yet: the order is the gateway's (priority class,
  // then submit time) and every predicted start is -1, shown as unknown.
  m_queuePage->queuePanel()->setQueue(queueByPriorityThenSubmit(m_jobs->jobs));
  // The table was reset; put the shared selection back on it.
  m_queuePage->queuePanel()->setSelectedJobs(m_selection->jobs());
}

bool MainWindow::showTab(const QString& name) {
  static const QStringList names{QStringLiteral("cluster"), QStringLiteral("timeline"), QStringLiteral("map")};
  const auto index = names.indexOf(name.toLower());
  if (index < 0) return false;
  m_tabs->setCurrentIndex(static_cast<int>(index));
  return true;
}

void MainWindow::repaintTick() {
  std::uint64_t coalesced = 0;
  const auto frame = m_connection->takeFrame(&coalesced);
  if (!frame || !m_topology) return;
  m_dashboard->setFrame(frame);  // shares the snapshot, no copy
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

}  // namespace hetsched
