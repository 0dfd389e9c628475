#include "simulated_cluster.h"

#include "base/model/device_kind.h"
#include "base/model/device_model.h"
#include "base/model/frame.h"
#include "base/model/job.h"
#include "base/model/topology.h"
#include "engine/core/capacity_state.h"
#include "engine/core/core_options.h"
#include "engine/core/decision_sink.h"
#include "engine/core/scheduling_core.h"
#include "engine/core/scorer_catalog.h"
#include "engine/sched/job_validation.h"
#include "engine/sim/event_driver.h"
#include "live_policies.h"
#include "sim_options.h"
#include "topology_builder.h"
#include "workload_generator.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <random>
#include <stdexcept>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace hetsched {

namespace {

Topology buildOrThrow(const SimOptions& options) {
  auto built = buildTopology(options.shape);
  if (auto* error = std::get_if<std::string>(&built)) throw std::invalid_argument(*error);
  return std::get<Topology>(std::move(built));
}

constexpr std::int64_t kNodeRepairMs = std::int64_t{5} * 60 * 1000;
// Simulated time at the end of a fast-forward with the device metrics on:
// a few of DevicePhysics' thermal time constants (90 s).
constexpr double kSettleS = 360.0;

double seconds(std::int64_t ms) { return static_cast<double>(ms) / 1000.0; }

}  // namespace

SimulatedCluster::SimulatedCluster(const SimOptions& options) : SimulatedCluster(buildOrThrow(options), options) {}

SimulatedCluster::SimulatedCluster(Topology topology, SimOptions options)
    : m_topology(std::move(topology)),
      m_options(std::move(options)),
      m_workload(m_topology, m_options),
      m_rng(m_options.seed),
      m_noiseRng(m_options.seed ^ 0x6E6F697365ull),
      m_downUntil(m_topology.nodes.size(), 0),
      m_utilTarget(m_topology.devices.size()),
      m_memTarget(m_topology.devices.size()),
      m_biggestShare(m_topology.devices.size()) {
  m_topology.agentPeriodMs = m_options.agentPeriodMs;
  addStandardScorers(m_scorers, traceGpuTarget());
  CoreOptions core;
  core.seed = m_options.seed;
  core.scorers = &m_scorers;
  // Migration offers are checked on every agent report, from time 0.
  EventDriverOptions driver;
  driver.tickIntervalS = seconds(m_options.agentPeriodMs);
  driver.tickOriginS = 0.0;
  m_driver = std::make_unique<EventDriver>(m_topology, core, driver, static_cast<EventObserver&>(*this));
  LivePolicies initial;
  initial.active = liveDefaultCompiled();
  initial.activeVersion = 0;  // the gateway numbers versions; 0 = not set by one
  if (const auto error = setPolicies(initial)) throw std::invalid_argument(error->message());
  m_frame.resize(m_topology.devices.size(), m_topology.nodes.size());
  m_frame.topologyVersion = m_topology.version;
  m_frame.temperatureC.assign(m_topology.devices.size(), static_cast<float>(m_physics.ambientC));
  fastForward(m_options.warmupS);
}

SimulatedCluster::~SimulatedCluster() = default;

void SimulatedCluster::fastForward(double secondsToRun) {
  const auto steps = static_cast<std::int64_t>(secondsToRun * 1000.0 / m_options.agentPeriodMs);
  if (steps <= 0) return;
  // Nobody watches the frames of a fast-forward, so the per-device metrics
  // (a pass over every device) and the queue summary (a pass over every job)
  // are made once at the end: the cost is the core's events, linear in the
  // cluster's size, not its size times the steps.
  for (std::int64_t i = 0; i + 1 < steps; ++i) {
    advance();
    ++m_frame.sequence;
    m_frame.simTimeMs = m_nowMs;
    // The arms' window of starts is trimmed now and then, as fill() does.
    if (i % 64 == 0) m_armStats.fill(m_nowMs, m_frame.queue.arms);
  }
  // Temperatures relax exponentially towards what the load sets: a few
  // thermal time constants at the present load bring them there.
  updateMetrics(kSettleS);
  step();
}

void SimulatedCluster::step() {
  advance();
  updateMetrics(m_options.agentPeriodMs / 1000.0);
  fillQueueSummary();
  ++m_frame.sequence;
  m_frame.simTimeMs = m_nowMs;
}

void SimulatedCluster::advance() {
  const std::int64_t from = m_nowMs;
  m_nowMs += m_options.agentPeriodMs;
  failAndRecoverNodes(from);
  m_arrivals.clear();
  m_workload.generate(from, m_nowMs, m_arrivals);
  for (const Arrival& a : m_arrivals) {
    Active& job = admit(a.spec, a.runtimeS, a.timeMs);
    m_driver->add(job.slot, job.core);
  }
  // Everything before this report; what happens at its very instant comes
  // with the next one, so that an instant's events are never split.
  m_driver->advanceTo(seconds(m_nowMs));
}

std::variant<JobId, FieldError> SimulatedCluster::submit(const JobSpec& spec) {
  const SchedulingCore& core = m_driver->core();
  if (auto error = validateJobSpec(spec, core.policy(0).routing)) return *error;
  const double runtime = spec.estimatedRuntimeS > 0 ? spec.estimatedRuntimeS : 600.0;
  Active& a = admit(spec, runtime, m_nowMs);
  const JobId id = a.job.id;
  // Refused at once when no node could ever hold it, so the caller sees it
  // among the unschedulable jobs right away (the core would refuse it too).
  const std::size_t arm = core.armCount() > 1 ? armFor(id, core.canaryPercent()) : 0;
  if (!core.canEverFit(a.core, arm)) {
    m_armStats.onArrival(arm);
    finish(a, JobState::Unschedulable);
    return id;
  }
  m_driver->add(a.slot, a.core);
  return id;
}

SimulatedCluster::Active& SimulatedCluster::admit(const JobSpec& spec, double runtimeS, std::int64_t submitMs) {
  const JobId id = m_nextId++;
  Active& a = m_active[id];
  a.job.id = id;
  a.job.spec = spec;
  a.job.submitTimeMs = submitMs;
  std::uniform_real_distribution<float> u(0.0f, 1.0f);
  a.intensity = 0.55f + 0.45f * u(m_rng);
  a.memoryFraction = 0.3f + 0.65f * u(m_rng);
  a.core.spec = spec;
  a.core.arrivalS = seconds(submitMs);
  a.core.runtimeS = runtimeS;
  a.core.key = spec.name;
  a.core.id = id;
  if (m_freeSlots.empty()) {
    a.slot = static_cast<JobSlot>(m_bySlot.size());
    m_bySlot.push_back(&a);
  } else {
    a.slot = m_freeSlots.back();
    m_freeSlots.pop_back();
    m_bySlot[a.slot] = &a;
  }
  return a;
}

void SimulatedCluster::failAndRecoverNodes(std::int64_t atMs) {
  // Only the nodes under repair are looked at (a step must not cost a pass
  // over every node); they come back in node order, as a full scan would.
  std::ranges::sort(m_repairing);
  for (const std::uint32_t n : m_repairing) {
    if (m_downUntil[n] != 0 && m_downUntil[n] <= atMs) setNodeUp(n, true);
  }
  std::erase_if(m_repairing, [&](std::uint32_t n) { return m_downUntil[n] == 0; });
  const double expected = m_options.nodeFailuresPerHour * m_options.agentPeriodMs / 3.6e6;
  if (expected <= 0.0 || std::uniform_real_distribution<double>(0, 1)(m_rng) >= expected) return;
  const auto n =
      std::uniform_int_distribution<std::uint32_t>(0, static_cast<std::uint32_t>(m_topology.nodes.size() - 1))(m_rng);
  if (!m_frame.nodeUp[n]) return;
  setNodeUp(n, false);
  m_downUntil[n] = atMs + kNodeRepairMs;
  m_repairing.push_back(n);
}

void SimulatedCluster::setNodeUp(std::uint32_t node, bool up) {
  if (node >= m_topology.nodes.size() || (m_frame.nodeUp[node] != 0) == up) return;
  m_frame.nodeUp[node] = up ? 1 : 0;
  m_downUntil[node] = 0;
  // Jobs on a failed node go back to the queue and start over (the core's lost()).
  m_driver->scheduleNodeEvent(node, up, seconds(m_nowMs));
}

void SimulatedCluster::finish(Active& a, JobState state) {
  a.job.state = state;
  if (state == JobState::Completed) ++m_frame.queue.completedTotal;
  else ++m_frame.queue.unschedulableTotal;
  m_finished.push_back(std::move(a.job));
  if (m_finished.size() > m_options.completedHistory) m_finished.pop_front();
  m_bySlot[a.slot] = nullptr;
  m_freeSlots.push_back(a.slot);
  m_active.erase(m_finished.back().id);
}

void SimulatedCluster::updateMetrics(double dtS) {
  std::ranges::fill(m_utilTarget, 0.0f);
  std::ranges::fill(m_memTarget, 0.0f);
  std::ranges::fill(m_biggestShare, 0u);
  std::ranges::fill(m_frame.job, JobId{0});
  const SchedulingCore& core = m_driver->core();
  for (const auto& [id, a] : m_active) {
    if (a.job.state != JobState::Running) continue;
    const Placement& p = core.placementOf(a.slot);
    for (std::size_t i = 0; i < p.devices.size(); ++i) {
      const std::uint32_t d = p.devices[i];
      const float share = static_cast<float>(p.milli[i]) / core.capacity().capacityMilli(d);
      m_utilTarget[d] += share * a.intensity;
      m_memTarget[d] += share * a.memoryFraction;
      if (p.milli[i] > m_biggestShare[d]) {
        m_biggestShare[d] = p.milli[i];
        m_frame.job[d] = id;
      }
    }
  }
  // Its own generator, so that a fast-forward, which leaves this out,
  // runs the same workload and node failures as steps watched one by one.
  std::normal_distribution<float> noise(0.0f, 0.03f);
  for (std::size_t d = 0; d < m_topology.devices.size(); ++d) {
    const DeviceModel& model = m_topology.modelOf(d);
    const bool up = m_frame.nodeUp[m_topology.devices[d].node] != 0;
    float util = 0.0f;
    if (up) util = m_utilTarget[d] > 0.0f ? std::clamp(m_utilTarget[d] + noise(m_noiseRng), 0.01f, 1.0f) : 0.0f;
    m_frame.utilization[d] = util;
    m_frame.memoryUsed[d] = up ? std::min(m_memTarget[d], 1.0f) : 0.0f;
    const double watts = up ? m_physics.power(model, util) : 0.0;
    m_frame.powerWatts[d] = static_cast<float>(watts);
    m_frame.temperatureC[d] = static_cast<float>(m_physics.nextTemperature(model, m_frame.temperatureC[d], watts, dtS));
  }
}

void SimulatedCluster::fillQueueSummary() {
  QueueSummary& q = m_frame.queue;
  q.kinds = {};
  q.queuedByClass = {};
  m_queueAges = {};
  m_queueAges.known = true;
  m_armStats.fill(m_nowMs, q.arms);
  const SchedulingCore& core = m_driver->core();
  for (std::size_t i = 0; i < q.arms.size(); ++i) {
    q.arms[i].policyVersion = core.policyVersion(i);
    q.arms[i].policyName = core.policy(i).name;
    q.arms[i].running = 0;
    q.arms[i].queued = 0;
  }
  for (const auto& [id, a] : m_active) {
    // Jobs not yet arrived at the core (submitted since the last report)
    // wait too, routed by the arm they are likely to join.
    const std::size_t arm = std::min<std::size_t>(a.job.arm, q.arms.size() - 1);
    KindCounts& k = q.kinds[index(core.policy(arm).routing.route(a.job.spec.kind))];
    ArmSummary& summary = q.arms[arm];
    if (a.job.state == JobState::Running) {
      ++k.running;
      ++summary.running;
    } else {
      ++k.queued;
      ++summary.queued;
      const auto c = static_cast<std::size_t>(a.job.spec.priority);
      ++q.queuedByClass[c];
      m_queueAges.longestWaitS[c] = std::max(m_queueAges.longestWaitS[c], seconds(m_nowMs - a.job.submitTimeMs));
    }
  }
}

}  // namespace hetsched
