#include "cluster_workspace.h"

#include "base/model/connection_state.h"
#include "base/model/embedded_point.h"
#include "base/model/frame.h"
#include "base/model/gpu_allocation.h"
#include "base/model/job.h"
#include "base/model/job_prediction.h"
#include "base/model/job_timeline.h"
#include "base/model/jobs_as_of.h"
#include "base/model/topology.h"
#include "cluster_connection.h"
#include "data/store/snapshot_data.h"
#include "engine/frag/node_fragmentation.h"
#include "gateway_control.h"
#include "job_map_worker.h"
#include "job_selection.h"
#include "policy_pages.h"
#include "replay_controller.h"
#include "selection_linker.h"
#include "whatif_launcher.h"
#include "widgets/alert_list_view.h"
#include "widgets/alert_rules_dialog.h"
#include "widgets/backend_text.h"
#include "widgets/cluster_dashboard.h"
#include "widgets/device_teams.h"
#include "widgets/device_text.h"
#include "widgets/embedding_map_view.h"
#include "widgets/filter_bar.h"
#include "widgets/find_bar.h"
#include "widgets/heatmap_view.h"
#include "widgets/job_style.h"
#include "widgets/queue_page.h"
#include "widgets/queue_panel.h"
#include "widgets/queue_timeline_view.h"
#include "widgets/replay_bar.h"
#include "widgets/submit_job_dialog.h"
#include "widgets/team_colours.h"
#include "widgets/whatif_view.h"

#include <QDateTime>
#include <QTabWidget>
#include <QVBoxLayout>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <utility>
#include <vector>

namespace hetsched {

namespace {

// Views repaint at most this often, whatever the frame rate (PlotJuggler's
// habit): coalesced frames keep the GUI thread idle between ticks.
constexpr int kRepaintMs = 100;
constexpr int kJobRefreshMs = 5000;
// The timeline value is rebuilt on its own slower timer, never per message:
// a rebuild sorts every segment (10,000 completed jobs and more).
constexpr int kTimelineRebuildMs = 1000;
// The gateway's alerts are asked for this often: one small unary call, so
// frames need not carry them (docs/alerts.md).
constexpr int kAlertPollMs = 2000;
// The gateway keeps the last 10,000 completed jobs; with running and queued
// ones the list stays under this.
constexpr std::uint32_t kJobListLimit = 100000;

}  // namespace

// The gateway's history may start before time 0: shown with a sign.
QString ClusterWorkspace::simTime(std::int64_t ms) {
  const std::int64_t s = std::abs(ms) / 1000;
  return QStringLiteral("%1%2:%3:%4")
      .arg(ms < 0 ? QStringLiteral("-") : QString())
      .arg(s / 3600)
      .arg((s / 60) % 60, 2, 10, QLatin1Char('0'))
      .arg(s % 60, 2, 10, QLatin1Char('0'));
}

ClusterWorkspace::ClusterWorkspace(std::unique_ptr<ClusterConnection> connection, const QString& name, QWidget* parent)
    : QWidget(parent),
      m_name(name),
      m_connection(std::move(connection)),
      m_tabs(new QTabWidget(this)),
      m_dashboard(new ClusterDashboard(this)),
      m_queuePage(new QueuePage(this)),
      m_jobMap(new EmbeddingMapView(this)),
      m_jobMapWorker(new JobMapWorker(this)),
      m_selection(new JobSelection(this)),
      m_linker(new SelectionLinker(m_selection, m_dashboard, m_queuePage->timeline(), m_queuePage->queuePanel(),
                                   m_jobMap, this)),
      m_policyPages(new PolicyPages(nullptr, this)),
      m_replayBar(new ReplayBar(this)),
      m_replayController(new ReplayController(this)),
      m_launcher(new WhatifLauncher(this)),
      m_alertList(new AlertListView(this)),
      m_findBar(new FindBar(this)),
      m_filterBar(new FilterBar(this)) {
  setObjectName(QStringLiteral("workspace"));
  m_tabs->addTab(m_dashboard, tr("Cluster"));
  m_tabs->addTab(m_queuePage, tr("Queue timeline"));
  m_tabs->addTab(m_jobMap, tr("Job map"));
  m_tabs->addTab(m_policyPages->policiesTab(), tr("Policies"));
  m_tabs->addTab(m_policyPages->whatif(), tr("What-if"));
  m_tabs->addTab(m_alertList, tr("Alerts"));
  connect(m_alertList, &AlertListView::editRulesRequested, this, &ClusterWorkspace::openAlertRules);
  connect(m_alertList, &AlertListView::acknowledgeRequested, this, &ClusterWorkspace::acknowledgeAlerts);
  connect(m_alertList, &AlertListView::unacknowledgedChanged, this, &ClusterWorkspace::showAlertCount);
  m_tabs->setDocumentMode(true);
  m_tabs->setAccessibleName(tr("Pages of %1").arg(name));
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(0);
  layout->addWidget(m_replayBar);
  layout->addWidget(m_findBar);
  m_findBar->hide();
  connect(m_findBar, &FindBar::queryChanged, this, &ClusterWorkspace::find);
  connect(m_findBar, &FindBar::stepRequested, this, &ClusterWorkspace::stepFind);
  connect(m_findBar, &FindBar::closed, this, &ClusterWorkspace::closeFind);
  layout->addWidget(m_filterBar);
  connect(m_filterBar, &FilterBar::filterChanged, this, &ClusterWorkspace::applyFilter);
  layout->addWidget(m_tabs, 1);
  m_replayBar->hide();
  m_dashboard->setStale(true);
  wireReplay();
  connect(m_policyPages, &PolicyPages::statusMessage, this, &ClusterWorkspace::message);
  connect(m_policyPages, &PolicyPages::policiesTabRequested, this, [this] { showTab(QStringLiteral("policies")); });
  connect(m_launcher, &WhatifLauncher::message, this, &ClusterWorkspace::message);
  connect(m_policyPages->whatif(), &WhatifView::fromNowRequested, this, &ClusterWorkspace::startWhatifFromNow);

  connect(m_jobMap, &EmbeddingMapView::cancelRequested, m_jobMapWorker, &JobMapWorker::cancel);
  connect(m_jobMap, &EmbeddingMapView::relayoutRequested, this, [this] {
    m_jobMapWorker->relayoutNext();
    m_sinceJobMap.invalidate();  // asked for: not held back to once a minute
    refreshJobs();
  });
  connect(m_jobMapWorker, &JobMapWorker::progress, m_jobMap, [this](int percent, const QString& stage) {
    m_jobMap->setProgress(percent, tr("Mapping jobs: %1").arg(jobMapStageText(stage.toStdString())));
  });
  // The progress bar stays up while a previewed map settles.
  connect(m_jobMapWorker, &JobMapWorker::preview, m_jobMap,
          [this](const std::vector<EmbeddedPoint>& points) { m_jobMap->setPoints(points); });
  connect(m_jobMapWorker, &JobMapWorker::ready, m_jobMap, [this](const std::vector<EmbeddedPoint>& points, double kl) {
    m_jobMap->setProgress(-1, QString());
    m_jobMap->setPoints(points);
    Q_EMIT message(tr("Job map: %1 jobs, KL divergence %2").arg(points.size()).arg(kl, 0, 'f', 2), 5000);
  });
  connect(m_jobMapWorker, &JobMapWorker::failed, m_jobMap,
          [this](const QString& text) { m_jobMap->setProgress(-1, text); });
  const auto open = [this](JobId job) { openJobStory(job); };
  connect(m_dashboard->heatmap(), &HeatmapView::jobActivated, this, open);
  connect(m_queuePage->timeline(), &QueueTimelineView::jobActivated, this, open);
  connect(m_queuePage->queuePanel(), &QueuePanel::jobActivated, this, open);
  connect(m_jobMap, &EmbeddingMapView::jobActivated, this, open);
  connect(&m_repaintTimer, &QTimer::timeout, this, &ClusterWorkspace::repaintTick);
  connect(&m_jobsTimer, &QTimer::timeout, this, [this] {
    if (m_connection->status().state == ConnectionState::Live) refreshJobs();
  });
  connect(&m_timelineTimer, &QTimer::timeout, this, &ClusterWorkspace::rebuildTimeline);
  connect(&m_alertsTimer, &QTimer::timeout, this, [this] {
    if (m_connection->status().state == ConnectionState::Live) m_connection->refreshAlerts();
  });
  m_repaintTimer.start(kRepaintMs);
  m_jobsTimer.start(kJobRefreshMs);
  m_timelineTimer.start(kTimelineRebuildMs);
  m_alertsTimer.start(kAlertPollMs);
  wire();
  wireHistory();
  setControl(true);
  onStatus(m_connection->status());
  m_connection->start();
}

ClusterWorkspace::~ClusterWorkspace() {
  // The views go before the connection whose signals they follow.
  m_connection->disconnect(this);
}

void ClusterWorkspace::wire() {
  connect(m_connection.get(), &ClusterConnection::statusChanged, this, &ClusterWorkspace::onStatus);
  connect(m_connection.get(), &ClusterConnection::topologyChanged, this, &ClusterWorkspace::onTopology);
  connect(m_connection.get(), &ClusterConnection::jobsListed, this, &ClusterWorkspace::onJobs);
  connect(m_connection.get(), &ClusterConnection::predictionsListed, this,
          [this](const std::shared_ptr<const QueuePredictions>& predictions) {
            m_predictions = predictions;
            m_jobsDirty = true;
            if (!inReplay()) m_dashboard->setPredictions(predictions);
          });
  connect(m_connection.get(), &ClusterConnection::alertsListed, this, &ClusterWorkspace::onAlerts);
}

QStringList ClusterWorkspace::tabNames() {
  return {QStringLiteral("cluster"),  QStringLiteral("timeline"), QStringLiteral("map"),
          QStringLiteral("policies"), QStringLiteral("whatif"),   QStringLiteral("alerts")};
}

bool ClusterWorkspace::showTab(const QString& name) {
  const auto index = tabNames().indexOf(name.toLower());
  if (index < 0) return false;
  m_tabs->setCurrentIndex(static_cast<int>(index));
  return true;
}

QString ClusterWorkspace::title() const {
  if (inReplay())
    return tr("%1 — REPLAY of %2 (%3)").arg(m_name, QString::fromStdString(replayMeta()->info.name), replayFile());
  if (!m_topology) return m_name;
  return tr("%1 — %2 (%3, %n devices)", nullptr, static_cast<int>(m_topology->devices.size()))
      .arg(m_name, QString::fromStdString(m_topology->clusterName), sourceText(m_topology->source));
}

QString ClusterWorkspace::readOnlyReason() const {
  if (inReplay()) return tr("Replaying a snapshot: nothing here acts on a gateway. Back to live first.");
  return {};
}

// The one place the control is made or dropped: live workspaces hold one,
// replays none, and every view that acts on a gateway hears of it here.
void ClusterWorkspace::setControl(bool live) {
  if (live && !m_control) m_control = std::make_unique<GatewayControl>(*m_connection);
  if (!live) m_control.reset();
  if (m_submitDialog && !m_control) m_submitDialog->close();
  m_policyPages->setControl(m_control.get(), readOnlyReason());
  m_alertList->setReadOnly(readOnlyReason());
  if (m_control) {
    connect(m_control.get(), &GatewayControl::alertsAcknowledged, this, &ClusterWorkspace::onAlertsAcknowledged);
    connect(m_control.get(), &GatewayControl::alertAcknowledgeFailed, this,
            [this](const QString& why) { Q_EMIT message(tr("Could not acknowledge: %1").arg(why), 10000); });
  }
  if (m_rulesDialog && !m_control) m_rulesDialog->close();
  Q_EMIT modeChanged();
}

void ClusterWorkspace::onStatus(const ConnectionStatus& status) {
  Q_EMIT connectionStatusChanged(status);
  if (!inReplay()) m_dashboard->setStale(status.state != ConnectionState::Live);
  // A gateway that comes back may have changed policy meanwhile.
  if (status.state == ConnectionState::Live && m_control) m_policyPages->refresh();
  if (m_topology) {
    // The source's health is the stream's: a real-cluster source that stops
    // answering marks its nodes down, which the views show per node.
    const QString source = sourceText(m_topology->source);
    m_sourceInfo =
        status.state == ConnectionState::Live ? tr("Source: %1").arg(source) : tr("Source: %1 (not live)").arg(source);
    Q_EMIT infoChanged();
  }
}

void ClusterWorkspace::onTopology(const std::shared_ptr<const Topology>& topology) {
  m_topology = topology;
  if (inReplay()) return;  // applied on "Back to live"
  m_dashboard->setTopology(topology);  // shared: no copy of 25 MB a view at 1,000,000 devices
  m_queuePage->timeline()->setTopology(topology);
  std::vector<QString> nodeNames;
  for (const NodeInfo& node : topology->nodes) nodeNames.push_back(QString::fromStdString(node.name));
  m_queuePage->queuePanel()->setNodeNames(std::move(nodeNames));
  m_sourceInfo = tr("Source: %1").arg(sourceText(topology->source));
  // The API server has no usage metrics: say what the colours mean.
  m_sourceToolTip = topology->source == "kubernetes"
                        ? tr("Use is allocation: pod requests over node allocatable, not measured load")
                        : QString();
  Q_EMIT infoChanged();
  refreshJobs();
}

void ClusterWorkspace::refreshJobs() {
  if (inReplay()) return;  // the snapshot's jobs are all there is
  // Asynchronous: the answer comes back as jobsListed on the GUI thread.
  m_connection->refreshJobs({JobState::Running, JobState::Queued, JobState::Completed}, kJobListLimit);
  m_connection->refreshPredictions();
  m_connection->refreshAlerts();
}

void ClusterWorkspace::onJobs(const std::shared_ptr<const JobList>& jobs) {
  m_jobs = jobs;
  if (inReplay()) return;
  // The What-if tab's default workload and the live what-if cut from this.
  m_policyPages->setLiveCluster(m_topology, std::shared_ptr<const std::vector<Job>>(jobs, &jobs->jobs));
  applyJobs(jobs->jobs);
  m_jobsDirty = true;
  requestJobMap(std::shared_ptr<const std::vector<Job>>(jobs, &jobs->jobs));
}

bool ClusterWorkspace::jobMapBusy() const { return m_jobMapWorker->busy(); }

// The map is recomputed at most once a minute: embedding and t-SNE of a few
// thousand jobs take seconds of a worker thread. Each update keeps the jobs
// already shown in place (JobMapWorker).
void ClusterWorkspace::requestJobMap(std::shared_ptr<const std::vector<Job>> jobs) {
  constexpr qint64 kJobMapEveryMs = 60000;
  if (!m_topology || m_jobMapWorker->busy()) return;
  if (m_sinceJobMap.isValid() && m_sinceJobMap.elapsed() < kJobMapEveryMs) return;
  m_sinceJobMap.start();
  m_jobMapWorker->request(std::move(jobs), m_topology);
}

void ClusterWorkspace::applyJobs(const std::vector<Job>& jobs) {
  JobNames names;
  names.reserve(jobs.size());
  for (const Job& job : jobs)
    names.emplace(job.id,
                  QStringLiteral("%1 · %2").arg(QString::fromStdString(job.spec.name), jobKindName(job.spec.kind)));
  m_dashboard->setJobNames(names);
  // Shared with the list it came from when possible: no copy of 100,000 jobs.
  std::shared_ptr<const std::vector<Job>> shared;
  if (m_jobs && &jobs == &m_jobs->jobs) shared = std::shared_ptr<const std::vector<Job>>(m_jobs, &m_jobs->jobs);
  else if (const auto meta = replayMeta(); meta && &jobs == &meta->jobs)
    shared = std::shared_ptr<const std::vector<Job>>(meta, &meta->jobs);
  else shared = std::make_shared<const std::vector<Job>>(jobs);
  m_jobMap->setJobs(std::move(shared), m_nowMs);
  showHolders(jobs);
  refreshJobStory();
}

void ClusterWorkspace::showHolders(const std::vector<Job>& jobs) {
  const Topology* topology = inReplay() ? &replayMeta()->topology : m_topology.get();
  if (!topology) return;
  auto allocation = std::make_shared<const GpuAllocation>(GpuAllocation::fromJobs(*topology, jobs));
  m_dashboard->setAllocation(allocation);
  m_dashboard->setFragmentation(fragmentationOf(*topology, jobs));
  // A search and the filter stay across job lists: their results follow
  // the new list.
  m_searchIndex.rebuild(*topology, jobs);
  // The heatmap, the timeline and the job map colour a team alike.
  TeamColours teams = m_teamPalette.coloursFor(m_searchIndex.teams());
  m_queuePage->setTeamColours(teams);
  m_jobMap->setTeamColours(teams);
  m_dashboard->setTeams(std::make_shared<const DeviceTeams>(DeviceTeams::build(*allocation, jobs, std::move(teams))));
  m_filterBar->setChoices(m_searchIndex.teams(), m_searchIndex.nodeGroups());
  updateFilterPass();
  if (m_findBar->isVisible() && !m_findBar->field()->text().isEmpty()) find(m_findBar->field()->text());
}

void ClusterWorkspace::rebuildTimeline() {
  if (!m_jobs && !inReplay()) return;
  // Open bars grow with the clock even without new jobs, so a live view is
  // rebuilt every tick; an unchanged list at an unchanged time is not.
  if (!m_jobsDirty && m_nowMs == m_queuePage->timeline()->timeline().nowMs) return;
  m_jobsDirty = false;
  // A replay shows the queue as it was at the frame's time, not at the cut;
  // rebuilt here on the timer, not per frame, so scrubbing stays quick.
  if (inReplay()) {
    m_replayJobs = jobsAsOf(replayMeta()->jobs, m_nowMs);
    showHolders(m_replayJobs);
    refreshJobStory();
  }
  const std::vector<Job>& jobs = inReplay() ? m_replayJobs : m_jobs->jobs;
  JobTimeline timeline = timelineFromJobs(jobs, m_nowMs);
  // The live forecast (GetPredictions): predicted runs on the timeline, and
  // the queue in order of predicted start with the reasons. A replay shows
  // the record only; a gateway without predictions, the service order.
  const bool forecast = !inReplay() && m_predictions;
  if (forecast) addPredictedRuns(timeline, *m_predictions);
  std::vector<QueuedJobPrediction> queue =
      forecast ? queueWithPredictions(jobs, *m_predictions) : queueByPriorityThenSubmit(jobs);
  if (!filter().empty()) {
    // Narrowed after they are built: cheaper than copying the jobs that pass.
    std::erase_if(timeline.jobs, [this](const TimelineJob& j) { return !passesFilter(j.id); });
    std::erase_if(timeline.segments, [this](const TimelineSegment& s) { return !passesFilter(s.job); });
    std::erase_if(queue, [this](const QueuedJobPrediction& q) { return !passesFilter(q.id); });
  }
  m_linker->setTimeline(timeline);
  m_queuePage->timeline()->setTimeline(std::move(timeline));
  m_queuePage->queuePanel()->setQueue(std::move(queue));
  m_queuePage->queuePanel()->setNow(m_nowMs);
  // The table was reset; put the shared selection back on it.
  m_queuePage->queuePanel()->setSelectedJobs(m_selection->jobs());
}

void ClusterWorkspace::repaintTick() {
  if (inReplay()) return;  // the connection keeps only its latest frame meanwhile
  std::uint64_t coalesced = 0;
  auto frame = m_connection->takeFrame(&coalesced);
  if (!frame || !m_topology) return;
  m_lastFrame = frame;
  m_nowMs = frame->simTimeMs;

  // A real cluster's frames are stamped with the wall clock: "simulated
  // time" there read as hours since 1970.
  const bool observed = m_topology->source == "host" || m_topology->source == "agents" ||
                        m_topology->source == "prometheus" || m_topology->source == "kubernetes";
  if (observed && frame->wallTimeMs > 0)
    setFrameInfo(tr("Frame %1 · read at %2 · %3 frames merged")
                     .arg(frame->sequence)
                     .arg(QDateTime::fromMSecsSinceEpoch(frame->wallTimeMs).toString(QStringLiteral("HH:mm:ss")))
                     .arg(coalesced));
  else
    setFrameInfo(tr("Frame %1 · simulated time %2 · %3 frames merged")
                     .arg(frame->sequence)
                     .arg(simTime(frame->simTimeMs))
                     .arg(coalesced));
  // A cluster in a background tab keeps its newest frame for the overview
  // and draws it when shown, instead of repainting views nobody sees.
  if (!isVisible()) {
    m_frameWaiting = true;
    Q_EMIT frameShown();
    return;
  }
  applyFrame(std::move(frame));
}

void ClusterWorkspace::applyFrame(std::shared_ptr<const Frame> frame) {
  m_frameWaiting = false;
  m_policyPages->setFrame(*frame);
  m_dashboard->setFrame(std::move(frame));  // shares the snapshot, no copy
  Q_EMIT frameShown();
}

void ClusterWorkspace::showEvent(QShowEvent* event) {
  QWidget::showEvent(event);
  if (m_frameWaiting && m_lastFrame && !inReplay()) applyFrame(m_lastFrame);
}

void ClusterWorkspace::setFrameInfo(const QString& text) {
  m_frameInfo = text;
  Q_EMIT infoChanged();
}

void ClusterWorkspace::startWhatifFromNow() { m_launcher->start(); }

void ClusterWorkspace::openSubmitDialog() {
  if (!m_control) return;  // replay: the menu entry is off, and so is this
  if (!m_submitDialog) {
    m_submitDialog = new SubmitJobDialog(this);
    m_submitDialog->setAttribute(Qt::WA_DeleteOnClose);
    GatewayControl* control = m_control.get();
    connect(m_submitDialog, &SubmitJobDialog::submitRequested, control, &GatewayControl::submitJob);
    connect(control, &GatewayControl::jobSubmitFailed, m_submitDialog, &SubmitJobDialog::showError);
    connect(control, &GatewayControl::jobSubmitted, m_submitDialog, [this](quint64 id) {
      Q_EMIT message(tr("Job %1 submitted").arg(id), 5000);
      m_submitDialog->accept();
    });
  }
  m_submitDialog->show();
  m_submitDialog->raise();
}

}  // namespace hetsched
