#include "job_selection.h"

#include "base/model/job.h"

#include <algorithm>
#include <span>
#include <utility>
#include <vector>

namespace hetsched {

JobSelection::JobSelection(QObject* parent) : QObject(parent) {}

void JobSelection::select(std::span<const JobId> jobs, Origin origin) {
  std::vector<JobId> next(jobs.begin(), jobs.end());
  std::ranges::sort(next);
  next.erase(std::unique(next.begin(), next.end()), next.end());
  if (next == m_jobs) return;
  m_jobs = std::move(next);
  Q_EMIT changed(origin);
}

bool JobSelection::contains(JobId job) const { return std::ranges::binary_search(m_jobs, job); }

}  // namespace hetsched
