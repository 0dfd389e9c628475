#pragma once

#include "engine/core/policy_arms.h"
#include "base/model/topology.h"
#include "engine/policy/compiled_policy.h"
#include "engine/sched/job_validation.h"
#include "sim_job.h"
#include "sim_result.h"
#include "simulation_options.h"

#include <span>
#include <variant>
#include <vector>

namespace hetsched {

// The what-if simulator: a cluster, a stream of jobs and a policy (or a
// policy and a canary candidate) in, a per-job timeline, time series and
// summary out. An event heap (EventDriver) around the one scheduling core
// that the live cluster and the Kubernetes scheduler run too.
// Discrete-event and deterministic: ties between events are broken by a
// sequence number, never by addresses or hash order, so the same input gives
// the same output. The built-in rules draw no random numbers; the seed
// reaches external scorers. `topology` must outlive the simulator; run() may
// be called repeatedly.
class Simulator {
 public:
  Simulator(const Topology& topology, CompiledPolicy policy, SimulationOptions options = {});
  Simulator(const Topology& topology, PolicyArms arms, SimulationOptions options = {});

  // Why the core would refuse the policies on this cluster (each error names
  // its policy field); empty: run() will run them.
  std::vector<FieldError> check() const;
  std::variant<SimResult, SimError> run(std::span<const SimJob> jobs) const;

  const CompiledPolicy& policy() const { return m_arms.active; }

 private:
  const Topology& m_topology;
  PolicyArms m_arms;
  SimulationOptions m_options;
};

}  // namespace hetsched
