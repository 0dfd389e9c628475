#include "simulator.h"

#include "policy/scorer_registry.h"
#include "simulation_run.h"

namespace hetsched {

Simulator::Simulator(const Topology& topology, CompiledPolicy policy, SimulationOptions options)
    : m_topology(topology), m_policy(std::move(policy)), m_options(options) {}

std::variant<SimResult, SimError> Simulator::run(std::span<const SimJob> jobs) const {
  if (m_topology.nodes.empty()) return SimError::NoNodes;
  SimulationRun run(m_topology, m_policy, m_options, jobs);
  if (!run.hasScorer()) return SimError::UnknownScorer;
  SimResult result = run.execute();
  if (run.cancelled()) return SimError::Cancelled;
  if (m_options.arrivals) m_options.arrivals->store(jobs.size(), std::memory_order_relaxed);
  return result;
}

}  // namespace hetsched
