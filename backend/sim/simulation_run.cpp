#include "simulation_run.h"

#include "policy/free_capacity_index.h"
#include "policy/preemption.h"
#include "policy/scorer_registry.h"
#include "sim_summary.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <numeric>

namespace hetsched {

namespace {

std::vector<std::uint32_t> column(const CapacityState& state, std::size_t nodes, bool total) {
  std::vector<std::uint32_t> out(nodes);
  for (std::uint32_t n = 0; n < nodes; ++n) out[n] = total ? state.nodeTotalMilli(n) : state.nodeFreeMilli(n);
  return out;
}

double autoInterval(std::span<const SimJob> jobs) {
  double lo = INFINITY, hi = -INFINITY, longest = 0.0;
  for (const SimJob& j : jobs) {
    if (!std::isfinite(j.arrivalS)) continue;
    lo = std::min(lo, j.arrivalS);
    hi = std::max(hi, j.arrivalS);
    if (std::isfinite(j.runtimeS)) longest = std::max(longest, j.runtimeS);
  }
  const double span = hi - lo + longest;
  return span > 0 && std::isfinite(span) ? span / 500.0 : 1.0;
}

}  // namespace

SimulationRun::SimulationRun(const Topology& topology, const CompiledPolicy& policy,
                             const SimulationOptions& options, std::span<const SimJob> jobs)
    : m_topology(topology),
      m_policy(policy),
      m_options(options),
      m_jobs(jobs),
      m_state(topology),
      m_placer(topology, policy.routing, policy.scoreWeights),
      m_index(topology, column(m_state, topology.nodes.size(), false), column(m_state, topology.nodes.size(), true)),
      m_shapes(topology, m_state),
      m_meter(topology, m_state, options.sampleIntervalS > 0 ? options.sampleIntervalS : autoInterval(jobs),
              options.maxSamples),
      m_fit(topology, m_state, m_placer),
      m_scorer(makeScorer(policy, topology, m_state, options.scorers, options.seed)),
      m_queues{JobQueue(policy.queue, policy.agingIntervalS), JobQueue(policy.queue, policy.agingIntervalS),
               JobQueue(policy.queue, policy.agingIntervalS)},
      m_timeline(jobs.size()),
      m_remaining(jobs.size()),
      m_doneS(jobs.size(), 0.0),
      m_runStart(jobs.size(), 0.0),
      m_generation(jobs.size(), 0),
      m_queueSeq(jobs.size(), 0),
      m_kind(jobs.size(), 0),
      m_need(jobs.size(), 0),
      m_placement(jobs.size()),
      m_victimKey(preemptive() ? jobs.size() : 0),
      m_nodeJobs(policy.migration ? topology.nodes.size() : 0),
      m_predicted(options.runtimes == RuntimeKnowledge::History ? jobs.size() : 0) {
  m_tickS = options.sampleIntervalS > 0 ? options.sampleIntervalS : autoInterval(jobs);
  if (ticks()) m_history = std::make_unique<FreeCapacityHistory>(topology.nodes.size(), policy.migrationHistorySamples);
}

SimulationRun::~SimulationRun() = default;

double SimulationRun::expectedRuntime(std::uint32_t j) const {
  const double estimate = m_jobs[j].spec.estimatedRuntimeS;
  if (estimate > 0.0) return estimate;
  return m_predicted.empty() ? m_jobs[j].runtimeS : m_predicted[j];
}

double SimulationRun::expectedRemaining(std::uint32_t j, double t) const {
  double left = std::max(0.0, expectedRuntime(j) - m_doneS[j]);
  if (m_timeline[j].state == JobState::Running) left -= t - m_runStart[j];
  return std::max(0.0, left) + (m_timeline[j].preemptions > 0 ? m_policy.restartCostS : 0.0);
}

SimResult SimulationRun::execute() {
  std::vector<std::uint32_t> order;
  order.reserve(m_jobs.size());
  for (std::uint32_t j = 0; j < m_jobs.size(); ++j) {
    m_timeline[j].arrivalS = m_jobs[j].arrivalS;
    m_timeline[j].runtimeS = m_jobs[j].runtimeS;
    if (std::isfinite(m_jobs[j].arrivalS)) {
      order.push_back(j);
    } else {
      m_timeline[j].state = JobState::Unschedulable;
      m_timeline[j].reason = UnschedulableReason::InvalidRuntime;
    }
  }
  // Traces and generators already come in arrival order; sorting them again
  // costs a tenth of a large run.
  const auto byArrival = [&](std::uint32_t j) { return m_jobs[j].arrivalS; };
  if (!std::ranges::is_sorted(order, {}, byArrival)) std::ranges::stable_sort(order, {}, byArrival);

  std::vector<std::uint32_t> arrived;
  std::size_t next = 0;
  // Ticks are counted from the first arrival, as the sampler's are.
  if (ticks() && !order.empty()) m_nextTickS = m_jobs[order.front()].arrivalS;
  std::uint32_t poll = 0;
  while (next < order.size() || !m_completions.empty()) {
    // Polled every few thousand events: an atomic load per event would
    // show in the bench; a few thousand events take well under 10 ms.
    if (++poll == 4096) {
      poll = 0;
      if (m_options.arrivals) m_options.arrivals->store(next, std::memory_order_relaxed);
      if (m_options.cancel && m_options.cancel->load(std::memory_order_relaxed)) {
        m_cancelled = true;
        return {};
      }
    }
    double t = next < order.size() ? m_jobs[order[next]].arrivalS : INFINITY;
    if (!m_completions.empty()) t = std::min(t, m_completions.top().timeS);
    // Nothing can move while nothing runs, so idle stretches skip ticks.
    if (m_running > 0) t = std::min(t, m_nextTickS);
    m_meter.advance(t, m_queued, m_running);

    while (!m_completions.empty() && m_completions.top().timeS <= t) {
      const Completion c = m_completions.pop();
      // Only preemption and migration void a scheduled end; skip the
      // (cache-missing) look-up when neither can happen.
      if (movesJobs() && c.generation != m_generation[c.job]) continue;
      const std::uint32_t node = m_placement[c.job].node;
      finish(c.job, t);
      if (m_policy.migration) migrateInto(node, t);
    }
    arrived.clear();
    for (; next < order.size() && m_jobs[order[next]].arrivalS <= t; ++next) {
      arrive(order[next], t);
      if (m_timeline[order[next]].state == JobState::Queued) arrived.push_back(order[next]);
    }
    if (next == order.size()) m_meter.closeArrivalWindow();
    for (std::size_t k = 0; k < kDeviceKindCount; ++k)
      if (m_dirty[k]) dispatch(k, t);
    if (preemptive()) {
      for (const std::uint32_t j : arrived)
        if (m_timeline[j].state == JobState::Queued) tryPreempt(j, t);
      for (std::size_t k = 0; k < kDeviceKindCount; ++k)
        if (m_dirty[k]) dispatch(k, t);
    }
    if (t >= m_nextTickS) {
      tickDue(t, m_jobs[order.front()].arrivalS);
      for (std::size_t k = 0; k < kDeviceKindCount; ++k)
        if (m_dirty[k]) dispatch(k, t);
    }
  }
  m_meter.finish(m_queued, m_running);

  SimResult result;
  for (JobTimeline& tl : m_timeline) {
    if (tl.state == JobState::Queued) {  // cannot happen while NodeShapes is exact; never drop a job silently
      tl.state = JobState::Unschedulable;
      tl.reason = UnschedulableReason::NeverFits;
    }
  }
  result.summary = summarize(m_timeline, m_meter, m_preemptionLog.size(), m_migrations);
  result.jobs = std::move(m_timeline);
  result.preemptions = std::move(m_preemptionLog);
  result.series = m_meter.takeSeries();
  return result;
}

void SimulationRun::arrive(std::uint32_t j, double t) {
  const SimJob& job = m_jobs[j];
  JobTimeline& tl = m_timeline[j];
  if (!std::isfinite(job.runtimeS) || job.runtimeS <= 0.0) {
    tl.state = JobState::Unschedulable;
    tl.reason = UnschedulableReason::InvalidRuntime;
    return;
  }
  if (job.profile && job.spec.requests == JobRequests{}) estimateRequests(j);
  const JobSpec& spec = specOf(j);
  const DeviceKind kind = m_policy.routing.route(spec.kind);
  if (!m_shapes.canEverFit(spec.requests, kind, job.allowedModels)) {
    tl.state = JobState::Unschedulable;
    tl.reason = UnschedulableReason::NeverFits;
    return;
  }
  m_kind[j] = static_cast<std::uint8_t>(index(kind));
  m_need[j] = primaryNeed(spec.requests, kind);
  m_remaining[j] = job.runtimeS;
  if (!m_predicted.empty() && spec.estimatedRuntimeS <= 0.0)
    m_predicted[j] = m_predictor.predictMedian(spec).value_or(m_options.defaultRuntimeS);
  if (job.pinnedNode && *job.pinnedNode < m_topology.nodes.size()) {
    m_fit.reset(job, spec);
    if (m_fit.fits(*job.pinnedNode)) {
      m_timeline[j].state = JobState::Queued;
      ++m_queued;  // start() counts it out of the queue
      start(j, m_fit.take(*job.pinnedNode), t);
      return;
    }
  }
  enqueue(j);
}

void SimulationRun::enqueue(std::uint32_t j) {
  m_timeline[j].state = JobState::Queued;  // first: expectedRemaining reads it
  const double size = m_policy.queue == QueueKind::Srtf ? expectedRemaining(j, 0.0) : expectedRuntime(j);
  const QueueEntry entry{j, m_jobs[j].arrivalS, size, m_jobs[j].spec.priority, ++m_seq};
  m_queueSeq[j] = entry.seq;
  m_queues[m_kind[j]].push(entry);
  ++m_queued;
  m_dirty[m_kind[j]] = true;
}

bool SimulationRun::stale(const QueueEntry& e) const {
  return m_timeline[e.job].state != JobState::Queued || m_queueSeq[e.job] != e.seq;
}

void SimulationRun::dispatch(std::size_t k, double t) {
  m_dirty[k] = false;
  JobQueue& queue = m_queues[k];
  m_held.clear();
  while (!queue.empty()) {
    const QueueEntry& head = queue.top(t);
    if (stale(head)) {
      queue.pop(t);
      continue;
    }
    // A head that failed and has seen no capacity freed since fails again.
    const bool knownBlocked = m_blocked[k].seq == head.seq && m_blocked[k].epoch == m_epoch[k];
    if (!knownBlocked && tryStart(head.job, t)) {
      queue.pop(t);
      continue;
    }
    if (m_held.empty()) m_blocked[k] = {head.seq, m_epoch[k]};
    if (m_held.size() >= m_policy.backfillDepth) break;
    m_held.push_back(queue.pop(t));
  }
  for (const QueueEntry& e : m_held) queue.push(e);
  m_dirty[k] = false;
}

bool SimulationRun::tryStart(std::uint32_t j, double t) {
  const SimJob& job = m_jobs[j];
  const std::string_view key = job.key.empty() ? std::string_view(job.spec.name) : std::string_view(job.key);
  const JobSpec& spec = specOf(j);
  const PlacementRequest request{spec, static_cast<DeviceKind>(m_kind[j]), m_need[j], key};
  m_fit.reset(job, spec);
  const auto node = m_scorer->choose({m_topology, m_state, m_index}, request, m_fit);
  if (!node) return false;
  start(j, m_fit.take(*node), t);
  return true;
}

void SimulationRun::start(std::uint32_t j, Placement p, double t) {
  const std::uint32_t node = p.node;
  m_meter.beforeAllocate(p, m_state);
  m_state.allocate(p);
  m_index.update(node, m_state.nodeFreeMilli(node));
  m_scorer->onStarted(node);
  m_scorer->onAllocated(p);
  JobTimeline& tl = m_timeline[j];
  tl.state = JobState::Running;
  if (tl.startS < 0.0) tl.startS = t;
  tl.node = node;
  m_runStart[j] = t;
  m_completions.push({t + m_remaining[j], ++m_seq, j, movesJobs() ? m_generation[j] : 0});
  if (preemptive() && m_jobs[j].spec.interruptible) {
    // Priority rule: lowest class first, then the latest start (least work
    // lost). SRTF: the longest expected remaining time first.
    const VictimKey key = m_policy.queue == QueueKind::Srtf
                              ? VictimKey{-(t + expectedRemaining(j, t)), 0.0, j}
                              : VictimKey{-static_cast<double>(m_jobs[j].spec.priority), -t, j};
    m_victimKey[j] = key;
    m_victims[m_kind[j]].insert(key);
  }
  if (m_policy.migration) m_nodeJobs[node].push_back(j);
  m_placement[j] = std::move(p);
  ++m_running;
  --m_queued;
}

void SimulationRun::release(std::uint32_t j) {
  Placement& p = m_placement[j];
  m_state.release(p);
  m_meter.afterRelease(p, m_state);
  m_index.update(p.node, m_state.nodeFreeMilli(p.node));
  m_scorer->onFinished(p.node);
  m_scorer->onReleased(p);
  if (preemptive() && m_jobs[j].spec.interruptible) m_victims[m_kind[j]].erase(m_victimKey[j]);
  if (m_policy.migration) std::erase(m_nodeJobs[p.node], j);
  ++m_epoch[m_kind[j]];
  m_dirty[m_kind[j]] = true;
  --m_running;
}

void SimulationRun::finish(std::uint32_t j, double t) {
  release(j);
  JobTimeline& tl = m_timeline[j];
  tl.state = JobState::Completed;
  tl.endS = t;
  tl.devices = std::move(m_placement[j].devices);
  m_placement[j] = Placement{};
  if (!m_predicted.empty()) m_predictor.observe(specOf(j), m_jobs[j].runtimeS);
}

void SimulationRun::estimateRequests(std::uint32_t j) {
  const SimJob& job = m_jobs[j];
  // The GPU the estimate is sized for: the first the job may use.
  const DeviceModel* gpu = nullptr;
  for (std::uint32_t m = 0; m < m_topology.models.size() && !gpu; ++m) {
    const bool allowed = job.allowedModels.empty() || std::ranges::find(job.allowedModels, m) != job.allowedModels.end();
    if (allowed && m_topology.models[m].kind == DeviceKind::Gpu) gpu = &m_topology.models[m];
  }
  static const DeviceModel kFallback = *findBuiltinModel("A100");
  JobSpec spec = job.spec;
  spec.requests = requestsFromEstimate(estimateResources(job.profile->type, job.profile->inputSize,
                                                         job.profile->batchSize),
                                       gpu ? *gpu : kFallback);
  m_estimatedSpecs.emplace(j, std::move(spec));
}

}  // namespace hetsched
