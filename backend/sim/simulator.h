#pragma once

#include "model/topology.h"
#include "policy/compiled_policy.h"
#include "sim_job.h"
#include "sim_result.h"
#include "simulation_options.h"

#include <span>
#include <variant>

namespace hetsched {

// The what-if simulator: a cluster, a stream of jobs and a policy in, a
// per-job timeline, time series and summary out. Discrete-event and
// deterministic: ties between events are broken by a sequence number, never
// by addresses or hash order, so the same input gives the same output. The
// built-in rules draw no random numbers; the seed reaches external scorers.
// `topology` must outlive the simulator; run() may be called repeatedly.
class Simulator {
 public:
  Simulator(const Topology& topology, CompiledPolicy policy, SimulationOptions options = {});

  std::variant<SimResult, SimError> run(std::span<const SimJob> jobs) const;

  const CompiledPolicy& policy() const { return m_policy; }

 private:
  const Topology& m_topology;
  CompiledPolicy m_policy;
  SimulationOptions m_options;
};

}  // namespace hetsched
