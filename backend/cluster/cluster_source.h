#pragma once

#include "model/frame.h"
#include "model/job.h"
#include "model/topology.h"
#include "sched/job_validation.h"

#include <cstdint>
#include <span>
#include <variant>
#include <vector>

namespace hetsched {

// Where the gateway reads a cluster from: the simulated cluster today; real
// hosts, Prometheus and Kubernetes later, behind the same interface. Not
// thread-safe: the gateway serialises calls.
class ClusterSource {
 public:
  virtual ~ClusterSource() = default;

  virtual const Topology& topology() const = 0;
  // Advances to the next agent report round; the new state is frame().
  virtual void step() = 0;
  virtual const Frame& frame() const = 0;
  virtual std::variant<JobId, FieldError> submit(const JobSpec& spec) = 0;
  // Jobs in the given states (empty = queued and running), newest last.
  virtual std::vector<Job> jobs(std::span<const JobState> states, std::size_t limit,
                                std::size_t* totalMatching) const = 0;
};

}  // namespace hetsched
