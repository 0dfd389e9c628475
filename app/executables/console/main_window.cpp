#include "main_window.h"

#include "cluster_connection.h"
#include "widgets/cluster_dashboard.h"
#include "widgets/connection_indicator.h"
#include "widgets/submit_job_dialog.h"

#include <QApplication>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QStatusBar>

namespace hetsched {

namespace {

// Views repaint at most this often, whatever the frame rate (PlotJuggler's
// habit): coalesced frames keep the GUI thread idle between ticks.
constexpr int kRepaintMs = 100;
constexpr int kJobRefreshMs = 5000;

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
      m_frameInfo(new QLabel(this)) {
  setWindowTitle(tr("HetSched console"));
  setCentralWidget(m_dashboard);
  statusBar()->addWidget(m_indicator, 1);
  statusBar()->addPermanentWidget(m_frameInfo);
  m_dashboard->setStale(true);
  buildMenus();

  connect(connection, &ClusterConnection::statusChanged, this, &MainWindow::onStatus);
  connect(connection, &ClusterConnection::topologyChanged, this, &MainWindow::onTopology);
  connect(connection, &ClusterConnection::jobsListed, this, &MainWindow::onJobs);
  connect(&m_repaintTimer, &QTimer::timeout, this, &MainWindow::repaintTick);
  connect(&m_jobsTimer, &QTimer::timeout, this, [this] {
    if (m_connection->status().state == ConnectionState::Live)
      m_connection->refreshJobs({JobState::Running, JobState::Queued}, 100000);
  });
  m_repaintTimer.start(kRepaintMs);
  m_jobsTimer.start(kJobRefreshMs);
  onStatus(connection->status());
}

void MainWindow::buildMenus() {
  QMenu* file = menuBar()->addMenu(tr("&File"));
  file->addAction(tr("&Quit"), QKeySequence::Quit, qApp, &QApplication::quit);
  QMenu* cluster = menuBar()->addMenu(tr("&Cluster"));
  cluster->addAction(tr("&Submit job…"), QKeySequence(Qt::CTRL | Qt::Key_J), this, &MainWindow::openSubmitDialog);
  cluster->addAction(tr("&Refresh job names"), QKeySequence::Refresh, this, [this] {
    m_connection->refreshJobs({JobState::Running, JobState::Queued}, 100000);
  });
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
  m_connection->refreshJobs({JobState::Running, JobState::Queued}, 100000);
}

void MainWindow::onJobs(const std::shared_ptr<const JobList>& jobs) {
  JobNames names;
  names.reserve(jobs->jobs.size());
  for (const Job& job : jobs->jobs)
    names.emplace(job.id, QStringLiteral("%1 · %2").arg(QString::fromStdString(job.spec.name),
                                                          QString::fromLatin1(toString(job.spec.kind))));
  m_dashboard->setJobNames(names);
}

void MainWindow::repaintTick() {
  std::uint64_t coalesced = 0;
  const auto frame = m_connection->takeFrame(&coalesced);
  if (!frame || !m_topology) return;
  m_dashboard->setFrame(frame);  // shares the snapshot, no copy
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
