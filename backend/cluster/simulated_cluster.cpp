#include "simulated_cluster.h"

#include "topology_builder.h"

#include <algorithm>
#include <stdexcept>

namespace hetsched {

namespace {

Topology buildOrThrow(const SimOptions& options) {
  auto built = buildTopology(options.shape);
  if (auto* error = std::get_if<std::string>(&built)) throw std::invalid_argument(*error);
  return std::get<Topology>(std::move(built));
}

constexpr std::int64_t kNodeRepairMs = 5 * 60 * 1000;

std::vector<std::uint32_t> column(const CapacityState& state, std::size_t nodes, bool total) {
  std::vector<std::uint32_t> out(nodes);
  for (std::uint32_t n = 0; n < nodes; ++n) out[n] = total ? state.nodeTotalMilli(n) : state.nodeFreeMilli(n);
  return out;
}

}  // namespace

SimulatedCluster::SimulatedCluster(SimOptions options) : SimulatedCluster(buildOrThrow(options), options) {}

SimulatedCluster::SimulatedCluster(Topology topology, SimOptions options)
    : m_topology(std::move(topology)),
      m_options(std::move(options)),
      m_capacity(m_topology),
      m_index(m_topology, column(m_capacity, m_topology.nodes.size(), false),
              column(m_capacity, m_topology.nodes.size(), true)),
      m_workload(m_topology, m_options),
      m_rng(m_options.seed),
      m_downUntil(m_topology.nodes.size(), 0),
      m_utilTarget(m_topology.devices.size()),
      m_memTarget(m_topology.devices.size()),
      m_biggestShare(m_topology.devices.size()) {
  m_topology.agentPeriodMs = m_options.agentPeriodMs;
  LivePolicies initial;
  initial.active = liveDefaultCompiled();
  initial.activeVersion = 0;  // the gateway numbers versions; 0 = not set by one
  (void)setPolicies(initial);
  m_frame.resize(m_topology.devices.size(), m_topology.nodes.size());
  m_frame.topologyVersion = m_topology.version;
  m_frame.temperatureC.assign(m_topology.devices.size(), static_cast<float>(m_physics.ambientC));
  fastForward(m_options.warmupS);
}

void SimulatedCluster::fastForward(double seconds) {
  const auto steps = static_cast<std::int64_t>(seconds * 1000.0 / m_options.agentPeriodMs);
  for (std::int64_t i = 0; i < steps; ++i) step();
}

void SimulatedCluster::step() {
  const std::int64_t from = m_nowMs;
  m_nowMs += m_options.agentPeriodMs;
  failAndRecoverNodes(m_nowMs);
  completeUntil(m_nowMs);
  m_arrivals.clear();
  m_workload.generate(from, m_nowMs, m_arrivals);
  for (const Arrival& a : m_arrivals) enqueue(a.spec, a.runtimeS, a.timeMs);
  schedule();
  updateMetrics(m_options.agentPeriodMs / 1000.0);
  fillQueueSummary();
  ++m_frame.sequence;
  m_frame.simTimeMs = m_nowMs;
}

std::variant<JobId, FieldError> SimulatedCluster::submit(const JobSpec& spec) {
  if (auto error = validateJobSpec(spec, m_arms[0]->routing())) return *error;
  const double runtime = spec.estimatedRuntimeS > 0 ? spec.estimatedRuntimeS : 600.0;
  return enqueue(spec, runtime, m_nowMs);
}

JobId SimulatedCluster::enqueue(const JobSpec& spec, double runtimeS, std::int64_t submitMs) {
  Active a;
  a.job.id = m_nextId++;
  a.job.spec = spec;
  a.job.submitTimeMs = submitMs;
  a.runtimeS = runtimeS;
  std::uniform_real_distribution<float> u(0.0f, 1.0f);
  a.intensity = 0.55f + 0.45f * u(m_rng);
  a.memoryFraction = 0.3f + 0.65f * u(m_rng);
  const JobId id = a.job.id;
  a.arm = static_cast<std::uint8_t>(m_arms.size() > 1 ? armFor(id, m_canaryPercent) : 0);
  m_armStats.onArrival(a.arm);
  if (!m_arms[a.arm]->canEverFit(spec)) {
    finish(std::move(a), JobState::Unschedulable);
    return id;
  }
  m_queue.insert(id);
  m_active.emplace(id, std::move(a));
  return id;
}

void SimulatedCluster::failAndRecoverNodes(std::int64_t untilMs) {
  for (std::uint32_t n = 0; n < m_topology.nodes.size(); ++n) {
    if (m_downUntil[n] != 0 && m_downUntil[n] <= untilMs) setNodeUp(n, true);
  }
  const double expected = m_options.nodeFailuresPerHour * m_options.agentPeriodMs / 3.6e6;
  if (expected <= 0.0 || std::uniform_real_distribution<double>(0, 1)(m_rng) >= expected) return;
  const auto n = std::uniform_int_distribution<std::uint32_t>(
      0, static_cast<std::uint32_t>(m_topology.nodes.size() - 1))(m_rng);
  if (!m_capacity.isUp(n)) return;
  setNodeUp(n, false);
  m_downUntil[n] = untilMs + kNodeRepairMs;
}

void SimulatedCluster::setNodeUp(std::uint32_t node, bool up) {
  if (m_capacity.isUp(node) == up) return;
  m_capacity.setUp(node, up);
  syncIndex(node);
  m_frame.nodeUp[node] = up ? 1 : 0;
  m_downUntil[node] = 0;
  if (up) return;
  // Jobs on a failed node go back to the queue and start over.
  for (auto& [id, a] : m_active) {
    if (a.job.state == JobState::Running && a.placement.node == node) requeue(a);
  }
}

void SimulatedCluster::syncIndex(std::uint32_t node) {
  m_index.update(node, m_capacity.isUp(node) ? m_capacity.nodeFreeMilli(node) : 0);
}

void SimulatedCluster::release(Active& a) {
  m_capacity.release(a.placement);
  syncIndex(a.placement.node);
  if (a.startedUnder == m_policyGeneration) m_arms[a.arm]->onFinished(a.placement.node);
}

void SimulatedCluster::requeue(Active& a) {
  release(a);
  a.placement = {};
  a.job.state = JobState::Queued;
  a.job.startTimeMs = -1;
  a.job.devices.clear();
  m_queue.insert(a.job.id);
}

void SimulatedCluster::completeUntil(std::int64_t untilMs) {
  while (!m_ends.empty() && m_ends.top().first <= untilMs) {
    const auto [endMs, id] = m_ends.top();
    m_ends.pop();
    auto it = m_active.find(id);
    // Stale entries belong to runs cut short by a node failure.
    if (it == m_active.end() || it->second.job.state != JobState::Running ||
        it->second.job.endTimeMs != endMs)
      continue;
    release(it->second);
    m_armStats.onCompleted(it->second.arm);
    Active done = std::move(it->second);
    m_active.erase(it);
    finish(std::move(done), JobState::Completed);
  }
}

void SimulatedCluster::start(Active& a, Placement p) {
  m_capacity.allocate(p);
  syncIndex(p.node);
  m_arms[a.arm]->onStarted(p.node);
  a.startedUnder = m_policyGeneration;
  m_armStats.onStarted(a.arm, m_nowMs, m_nowMs - a.job.submitTimeMs);
  a.job.state = JobState::Running;
  a.job.startTimeMs = m_nowMs;
  a.job.endTimeMs = m_nowMs + static_cast<std::int64_t>(a.runtimeS * 1000.0);
  a.job.node = p.node;
  a.job.devices = p.devices;
  a.placement = std::move(p);
  m_ends.emplace(a.job.endTimeMs, a.job.id);
}

void SimulatedCluster::finish(Active&& a, JobState state) {
  a.job.state = state;
  if (state == JobState::Completed) {
    a.job.actualRuntimeS = static_cast<double>(a.job.endTimeMs - a.job.startTimeMs) / 1000.0;
    ++m_frame.queue.completedTotal;
  } else {
    ++m_frame.queue.unschedulableTotal;
  }
  m_finished.push_back(std::move(a.job));
  if (m_finished.size() > m_options.completedHistory) m_finished.pop_front();
}

void SimulatedCluster::updateMetrics(double dtS) {
  std::ranges::fill(m_utilTarget, 0.0f);
  std::ranges::fill(m_memTarget, 0.0f);
  std::ranges::fill(m_biggestShare, 0u);
  std::ranges::fill(m_frame.job, JobId{0});
  for (const auto& [id, a] : m_active) {
    if (a.job.state != JobState::Running) continue;
    for (std::size_t i = 0; i < a.placement.devices.size(); ++i) {
      const std::uint32_t d = a.placement.devices[i];
      const float share = static_cast<float>(a.placement.milli[i]) / m_capacity.capacityMilli(d);
      m_utilTarget[d] += share * a.intensity;
      m_memTarget[d] += share * a.memoryFraction;
      if (a.placement.milli[i] > m_biggestShare[d]) {
        m_biggestShare[d] = a.placement.milli[i];
        m_frame.job[d] = id;
      }
    }
  }
  std::normal_distribution<float> noise(0.0f, 0.03f);
  for (std::size_t d = 0; d < m_topology.devices.size(); ++d) {
    const DeviceModel& model = m_topology.modelOf(d);
    const bool up = m_frame.nodeUp[m_topology.devices[d].node] != 0;
    float util = 0.0f;
    if (up) util = m_utilTarget[d] > 0.0f ? std::clamp(m_utilTarget[d] + noise(m_rng), 0.01f, 1.0f) : 0.0f;
    m_frame.utilization[d] = util;
    m_frame.memoryUsed[d] = up ? std::min(m_memTarget[d], 1.0f) : 0.0f;
    const double watts = up ? m_physics.power(model, util) : 0.0;
    m_frame.powerWatts[d] = static_cast<float>(watts);
    m_frame.temperatureC[d] =
        static_cast<float>(m_physics.nextTemperature(model, m_frame.temperatureC[d], watts, dtS));
  }
}

void SimulatedCluster::fillQueueSummary() {
  QueueSummary& q = m_frame.queue;
  q.kinds = {};
  q.queuedByClass = {};
  m_armStats.fill(m_nowMs, q.arms);
  for (std::size_t i = 0; i < q.arms.size(); ++i) {
    q.arms[i].policyVersion = m_arms[i]->version();
    q.arms[i].policyName = m_arms[i]->policy().name;
    q.arms[i].running = 0;
    q.arms[i].queued = 0;
  }
  for (const auto& [id, a] : m_active) {
    KindCounts& k = q.kinds[index(m_arms[a.arm]->routing().route(a.job.spec.kind))];
    ArmSummary& arm = q.arms[a.arm];
    if (a.job.state == JobState::Running) {
      ++k.running;
      ++arm.running;
    } else {
      ++k.queued;
      ++arm.queued;
      ++q.queuedByClass[static_cast<std::size_t>(a.job.spec.priority)];
    }
  }
}

std::vector<Job> SimulatedCluster::jobs(std::span<const JobState> states, std::size_t limit,
                                        std::size_t* totalMatching) const {
  const auto wanted = [&](JobState s) {
    if (states.empty()) return s == JobState::Queued || s == JobState::Running;
    return std::ranges::find(states, s) != states.end();
  };
  std::vector<Job> out;
  for (const Job& j : m_finished) {
    if (wanted(j.state)) out.push_back(j);
  }
  for (const auto& [id, a] : m_active) {
    if (wanted(a.job.state)) out.push_back(a.job);
  }
  std::ranges::sort(out, {}, &Job::id);
  if (totalMatching) *totalMatching = out.size();
  if (out.size() > limit) out.erase(out.begin(), out.end() - static_cast<std::ptrdiff_t>(limit));
  return out;
}

}  // namespace hetsched
