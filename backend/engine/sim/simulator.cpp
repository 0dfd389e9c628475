#include "simulator.h"

#include "base/model/topology.h"
#include "engine/core/policy_arms.h"
#include "engine/policy/compiled_policy.h"
#include "engine/sched/job_validation.h"
#include "sim_job.h"
#include "sim_result.h"
#include "simulation_options.h"
#include "simulation_run.h"

#include <algorithm>
#include <atomic>
#include <optional>
#include <span>
#include <utility>
#include <variant>
#include <vector>

namespace hetsched {

namespace {

SimError codeOf(const std::vector<FieldError>& errors) {
  const bool scorer = std::ranges::any_of(errors, [](const FieldError& e) {
    return e.field == "placement.external_scorer" || e.field == "placement.hybrid_weights";
  });
  return scorer ? SimError::UnknownScorer : SimError::InvalidPolicy;
}

}  // namespace

Simulator::Simulator(const Topology& topology, CompiledPolicy policy, SimulationOptions options)
    : Simulator(topology, PolicyArms{std::move(policy), 0, std::nullopt, 0, 0}, options) {}

Simulator::Simulator(const Topology& topology, PolicyArms arms, SimulationOptions options)
    : m_topology(topology), m_arms(std::move(arms)), m_options(options) {}

std::vector<FieldError> Simulator::check() const {
  const std::vector<SimJob> none;
  SimulationRun run(m_topology, m_options, none);
  return run.setPolicies(m_arms);
}

std::variant<SimResult, SimError> Simulator::run(std::span<const SimJob> jobs) const {
  if (m_topology.nodes.empty()) return SimError::NoNodes;
  SimulationRun run(m_topology, m_options, jobs);
  if (const auto errors = run.setPolicies(m_arms); !errors.empty()) return codeOf(errors);
  SimResult result = run.execute();
  if (run.cancelled()) return SimError::Cancelled;
  if (m_options.arrivals) m_options.arrivals->store(jobs.size(), std::memory_order_relaxed);
  return result;
}

}  // namespace hetsched
