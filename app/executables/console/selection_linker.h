#pragma once

#include "base/model/job.h"
#include "base/model/job_timeline.h"
#include "job_selection.h"

#include <QObject>
#include <optional>
#include <unordered_map>
#include <vector>

namespace hetsched {

class ClusterDashboard;
class EmbeddingMapView;
class QueuePanel;
class QueueTimelineView;

// Makes one JobSelection the truth for every job view: a click in one view
// selects the job, and the others follow (the heatmap and the device panel
// jump to the device the job runs on, and let go of it when the job ends). Views never hear back their own
// changes (JobSelection's origin). Any view may be null.
class SelectionLinker : public QObject {
  Q_OBJECT
 public:
  SelectionLinker(JobSelection* selection, ClusterDashboard* dashboard, QueueTimelineView* timeline, QueuePanel* queue,
                  EmbeddingMapView* map, QObject* parent = nullptr);

  // Which job runs where, from the open running segments of the timeline.
  void setTimeline(const JobTimeline& timeline);
  std::optional<int> deviceOf(JobId job) const;
  JobId jobOn(int device) const;

 private:
  void apply(JobSelection::Origin origin);
  std::optional<int> selectedJobDevice() const;

  JobSelection* m_selection;
  ClusterDashboard* m_dashboard;
  QueueTimelineView* m_timeline;
  QueuePanel* m_queue;
  EmbeddingMapView* m_map;
  std::unordered_map<JobId, int> m_firstDevice;
  std::vector<JobId> m_deviceJob;  // 0 = idle
  JobSelection::Origin m_lastOrigin = JobSelection::Origin::Other;
};

}  // namespace hetsched
