#include "observed_cluster.h"

#include "base/model/job.h"
#include "engine/sched/job_validation.h"

#include <cstddef>
#include <span>
#include <variant>
#include <vector>

namespace hetsched {

std::variant<JobId, FieldError> ObservedCluster::submit(const JobSpec&) {
  return FieldError{"spec", "source '" + m_table.topology().source + "' observes a real cluster and does not run jobs"};
}

std::vector<Job> ObservedCluster::jobs(std::span<const JobState>, std::size_t, std::size_t* totalMatching) const {
  if (totalMatching) *totalMatching = 0;
  return {};
}

}  // namespace hetsched
