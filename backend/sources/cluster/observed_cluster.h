#pragma once

#include "base/model/frame.h"
#include "base/model/job.h"
#include "base/model/topology.h"
#include "cluster_source.h"
#include "engine/sched/job_validation.h"
#include "node_table.h"

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace hetsched {

// Base of the sources that watch a real cluster (host, agents, Prometheus,
// Kubernetes): the cluster is what the nodes report, submitting a job is
// refused rather than faked, and there is no job queue unless the source
// has one to show (Kubernetes lists its pods).
class ObservedCluster : public ClusterSource {
 public:
  ObservedCluster(std::string clusterName, std::string source, std::uint32_t agentPeriodMs)
      : m_table(std::move(clusterName), std::move(source), agentPeriodMs) {}

  const Topology& topology() const override { return m_table.topology(); }
  const Frame& frame() const override { return m_table.frame(); }
  std::variant<JobId, FieldError> submit(const JobSpec& spec) override;
  std::vector<Job> jobs(std::span<const JobState> states, std::size_t limit, std::size_t* totalMatching) const override;
  bool schedulesJobs() const override { return false; }

 protected:
  NodeTable m_table;
};

}  // namespace hetsched
