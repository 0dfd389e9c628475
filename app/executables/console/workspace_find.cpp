// ClusterWorkspace: Find (Ctrl+F) and the filters across the heatmap,
// timeline, queue and map.
#include "base/model/job.h"
#include "base/model/job_filter.h"
#include "base/model/topology.h"
#include "cluster_workspace.h"
#include "job_selection.h"
#include "widgets/cluster_dashboard.h"
#include "widgets/device_detail_panel.h"
#include "widgets/embedding_map_view.h"
#include "widgets/filter_bar.h"
#include "widgets/find_bar.h"
#include "widgets/heatmap_view.h"
#include "widgets/queue_page.h"
#include "widgets/queue_timeline_view.h"

#include <QLineEdit>
#include <QTabWidget>
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace hetsched {

void ClusterWorkspace::openFind() { m_findBar->activate(); }

void ClusterWorkspace::find(const QString& query) {
  m_hits = m_searchIndex.find(query.toStdString(), filter());
  m_hitCursor = -1;
  m_selection->select(m_hits.jobs, JobSelection::Origin::Other);
  m_dashboard->heatmap()->setHighlightedDevices(m_hits.devices);
  m_findBar->setResult(static_cast<int>(m_hits.jobs.size()), static_cast<int>(m_hits.nodes.size()), -1);
}

void ClusterWorkspace::stepFind(int step) {
  const int count = static_cast<int>(m_hits.jobs.size() + m_hits.nodes.size());
  if (count == 0) return;
  m_hitCursor = ((m_hitCursor < 0 && step < 0 ? 0 : m_hitCursor) + step + count) % count;
  std::optional<int> device;
  if (m_hitCursor < static_cast<int>(m_hits.jobs.size())) {
    // All results stay selected; the views jump to this one.
    const JobId job = m_hits.jobs[static_cast<std::size_t>(m_hitCursor)];
    m_queuePage->timeline()->revealJob(job);
    if (const std::vector<Job>* jobs = shownJobs()) {
      const auto it = std::ranges::find(*jobs, job, &Job::id);
      if (it != jobs->end() && it->state == JobState::Running && !it->devices.empty())
        device = static_cast<int>(it->devices.front());
    }
  } else {
    const std::uint32_t node = m_hits.nodes[static_cast<std::size_t>(m_hitCursor) - m_hits.jobs.size()];
    const Topology* topology = m_dashboard->heatmap()->topology();
    if (node < topology->nodes.size()) device = static_cast<int>(topology->nodes[node].firstDevice);
    m_tabs->setCurrentWidget(m_dashboard);
  }
  if (device) {
    m_dashboard->heatmap()->setSelectedDevice(device);
    m_dashboard->details()->setDevice(device);
  }
  m_findBar->setResult(static_cast<int>(m_hits.jobs.size()), static_cast<int>(m_hits.nodes.size()), m_hitCursor);
}

const JobFilter& ClusterWorkspace::filter() const { return m_filterBar->filter(); }

void ClusterWorkspace::setFilter(const JobFilter& filter) {
  m_filterBar->setFilter(filter);
  applyFilter();
}

bool ClusterWorkspace::passesFilter(JobId job) const {
  return filter().empty() || std::ranges::binary_search(m_filterPass.jobs, job);
}

void ClusterWorkspace::applyFilter() {
  updateFilterPass();
  // The timeline and the waiting list are narrowed as they are rebuilt.
  m_jobsDirty = true;
  rebuildTimeline();
  if (m_findBar->isVisible() && !m_findBar->field()->text().isEmpty()) find(m_findBar->field()->text());
}

void ClusterWorkspace::updateFilterPass() {
  const JobFilter& f = filter();
  m_filterPass = m_searchIndex.filtered(f);
  m_filterBar->setCounts(m_filterPass.jobs.size(), m_filterPass.devices.size());
  if (f.empty()) {
    m_dashboard->heatmap()->setShownDevices(std::nullopt);
    m_jobMap->setShownJobs(std::nullopt);
  } else {
    m_dashboard->heatmap()->setShownDevices(m_filterPass.devices);
    m_jobMap->setShownJobs(m_filterPass.jobs);
  }
}

void ClusterWorkspace::closeFind() {
  m_hits = {};
  m_hitCursor = -1;
  m_selection->clear(JobSelection::Origin::Other);
  m_dashboard->heatmap()->setHighlightedDevices({});
}

}  // namespace hetsched
