#include "selection_linker.h"

#include "base/model/job.h"
#include "base/model/job_timeline.h"
#include "job_selection.h"
#include "widgets/cluster_dashboard.h"
#include "widgets/device_detail_panel.h"
#include "widgets/embedding_map_view.h"
#include "widgets/heatmap_view.h"
#include "widgets/queue_panel.h"
#include "widgets/queue_timeline_view.h"

#include <cstddef>
#include <optional>
#include <vector>

namespace hetsched {

SelectionLinker::SelectionLinker(JobSelection* selection, ClusterDashboard* dashboard, QueueTimelineView* timeline,
                                 QueuePanel* queue, EmbeddingMapView* map, QObject* parent)
    : QObject(parent),
      m_selection(selection),
      m_dashboard(dashboard),
      m_timeline(timeline),
      m_queue(queue),
      m_map(map) {
  using Origin = JobSelection::Origin;
  connect(selection, &JobSelection::changed, this, &SelectionLinker::apply);
  if (dashboard) {
    connect(dashboard->heatmap(), &HeatmapView::deviceSelected, this, [this](int device) {
      const JobId job = jobOn(device);
      // The operator chose a device: its mark stays, even when the
      // selection itself does not change.
      m_lastOrigin = Origin::Heatmap;
      // An idle device selects no job; the heatmap keeps its own cell.
      if (job == 0) m_selection->clear(Origin::Heatmap);
      else m_selection->select(std::vector<JobId>{job}, Origin::Heatmap);
    });
  }
  if (timeline) {
    connect(timeline, &QueueTimelineView::jobSelected, this,
            [this](JobId job) { m_selection->select(std::vector<JobId>{job}, Origin::Timeline); });
  }
  if (queue) {
    connect(queue, &QueuePanel::jobSelected, this,
            [this](JobId job) { m_selection->select(std::vector<JobId>{job}, Origin::QueuePanel); });
  }
  if (map) {
    connect(map, &EmbeddingMapView::jobsSelected, this,
            [this](const std::vector<JobId>& jobs) { m_selection->select(jobs, Origin::EmbeddingMap); });
  }
}

void SelectionLinker::setTimeline(const JobTimeline& timeline) {
  const std::optional<int> before = selectedJobDevice();
  m_firstDevice.clear();
  std::fill(m_deviceJob.begin(), m_deviceJob.end(), JobId{0});
  for (const TimelineSegment& s : timeline.segments) {
    if (s.kind != SegmentKind::Running || s.endMs >= 0 || s.device < 0) continue;
    const auto device = static_cast<std::size_t>(s.device);
    if (device >= m_deviceJob.size()) m_deviceJob.resize(device + 1, 0);
    m_deviceJob[device] = s.job;
    m_firstDevice.try_emplace(s.job, s.device);
  }
  // A selected job that moved or ended takes the heatmap's mark with it; a
  // device the operator clicked on the heatmap stays marked.
  if (m_dashboard && m_lastOrigin != JobSelection::Origin::Heatmap && !m_selection->isEmpty()) {
    const std::optional<int> after = selectedJobDevice();
    if (after != before || m_dashboard->heatmap()->selectedDevice() != after) {
      m_dashboard->heatmap()->setSelectedDevice(after);
      m_dashboard->details()->setDevice(after);
    }
  }
}

std::optional<int> SelectionLinker::selectedJobDevice() const {
  // The first selected job that runs somewhere; a queued or finished job
  // has no device to show.
  for (const JobId job : m_selection->jobs()) {
    if (const auto device = deviceOf(job)) return device;
  }
  return std::nullopt;
}

std::optional<int> SelectionLinker::deviceOf(JobId job) const {
  const auto it = m_firstDevice.find(job);
  if (it == m_firstDevice.end()) return std::nullopt;
  return it->second;
}

JobId SelectionLinker::jobOn(int device) const {
  if (device < 0 || static_cast<std::size_t>(device) >= m_deviceJob.size()) return 0;
  return m_deviceJob[static_cast<std::size_t>(device)];
}

void SelectionLinker::apply(JobSelection::Origin origin) {
  using Origin = JobSelection::Origin;
  m_lastOrigin = origin;
  const std::vector<JobId>& jobs = m_selection->jobs();
  if (m_dashboard && origin != Origin::Heatmap) {
    const std::optional<int> device = selectedJobDevice();
    m_dashboard->heatmap()->setSelectedDevice(device);
    m_dashboard->details()->setDevice(device);
  }
  if (m_timeline && origin != Origin::Timeline) {
    m_timeline->setSelectedJobs(jobs);
    if (!jobs.empty()) m_timeline->revealJob(jobs.front());
  }
  if (m_queue && origin != Origin::QueuePanel) m_queue->setSelectedJobs(jobs);
  if (m_map && origin != Origin::EmbeddingMap) m_map->setSelectedJobs(jobs);
}

}  // namespace hetsched
