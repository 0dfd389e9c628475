// ClusterWorkspace: a job's whole story, opened from any view.
#include "base/model/job.h"
#include "base/model/job_prediction.h"
#include "base/model/job_story.h"
#include "base/model/topology.h"
#include "cluster_workspace.h"
// Kept: members read through a shared_ptr, which include-cleaner does not count.
#include "data/store/snapshot_data.h"  // IWYU pragma: keep
// Kept: members read through a shared_ptr, which include-cleaner does not count.
#include "serve/client/cluster_client.h"  // IWYU pragma: keep
#include "widgets/job_story_dialog.h"

#include <algorithm>
#include <vector>

namespace hetsched {

const std::vector<Job>* ClusterWorkspace::shownJobs() const {
  if (inReplay()) return m_replayJobs.empty() ? &replayMeta()->jobs : &m_replayJobs;
  return m_jobs ? &m_jobs->jobs : nullptr;
}

// With the live forecast's start and reason for a waiting job; a replay
// shows the record only.
JobStory ClusterWorkspace::storyOf(const Job& job) const {
  JobStory story = jobStoryOf(job, m_nowMs);
  if (inReplay() || !m_predictions || job.state != JobState::Queued) return story;
  const auto p = std::ranges::find(m_predictions->jobs, job.id, &JobPrediction::job);
  if (p == m_predictions->jobs.end()) return story;
  story.predictedStartMs = p->startMs;
  story.waitReason = p->reason;
  return story;
}

bool ClusterWorkspace::openJobStory(JobId job) {
  const std::vector<Job>* jobs = shownJobs();
  if (!jobs || std::ranges::find(*jobs, job, &Job::id) == jobs->end()) {
    Q_EMIT message(tr("Job %1 is not in the job list (it may have ended long ago)").arg(job), 5000);
    return false;
  }
  if (!m_storyDialog) {
    m_storyDialog = new JobStoryDialog(this);
    m_storyDialog->setAttribute(Qt::WA_DeleteOnClose);
  }
  const Topology* topology = inReplay() ? &replayMeta()->topology : m_topology.get();
  if (topology) m_storyDialog->setTopology(*topology);
  m_storyDialog->setStory(storyOf(*std::ranges::find(*jobs, job, &Job::id)));
  m_storyDialog->show();
  m_storyDialog->raise();
  return true;
}

// The open story follows the list: a waiting job starts, a running one ends.
void ClusterWorkspace::refreshJobStory() {
  if (!m_storyDialog || !m_storyDialog->isVisible()) return;
  const std::vector<Job>* jobs = shownJobs();
  if (!jobs) return;
  const auto it = std::ranges::find(*jobs, m_storyDialog->job(), &Job::id);
  if (it == jobs->end()) return;  // left the list: keep the last story shown
  m_storyDialog->setStory(storyOf(*it));
}

}  // namespace hetsched
