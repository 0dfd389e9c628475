#include "scheduling_core.h"

#include "base/model/device_kind.h"
#include "base/model/device_model.h"
#include "base/model/topology.h"
#include "capacity_state.h"
#include "core_options.h"
#include "core_seams.h"
#include "decision_sink.h"
#include "engine/estimate/resource_estimate.h"
#include "huge_pages.h"
#include "engine/sched/job_validation.h"
#include "free_capacity_history.h"
#include "job_queue.h"
#include "ordered_run.h"
#include "placement_scorer.h"
#include "policy_arms.h"
#include "policy_check.h"
#include "quota_ledger.h"
#include "scorer_registry.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace hetsched {

namespace {

std::vector<std::uint32_t> column(const CapacityState& state, std::size_t nodes, bool total) {
  std::vector<std::uint32_t> out(nodes);
  for (std::uint32_t n = 0; n < nodes; ++n) out[n] = total ? state.nodeTotalMilli(n) : state.nodeFreeMilli(n);
  return out;
}

std::array<JobQueue, kDeviceKindCount> queuesFor(const CompiledPolicy& p) {
  return {JobQueue(p.queue, p.agingIntervalS), JobQueue(p.queue, p.agingIntervalS),
          JobQueue(p.queue, p.agingIntervalS)};
}

}  // namespace

std::uint32_t canaryBucket(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return static_cast<std::uint32_t>((x ^ (x >> 31)) % 100);
}

SchedulingCore::Arm::Arm(CompiledPolicy p, std::uint64_t v, std::unique_ptr<PlacementScorer> s, std::size_t nodes)
    : policy(std::move(p)),
      version(v),
      scorer(std::move(s)),
      queues(queuesFor(policy)),
      exhaustive(scorer && scorer->exhaustive()),
      marks((exhaustive && policy.backfillDepth > 0) || (scorer && scorer->selector())) {
  selector = scorer ? scorer->selector() : nullptr;
  if (ticks()) history = std::make_unique<FreeCapacityHistory>(nodes, policy.migrationHistorySamples);
}

SchedulingCore::Arm::Arm(const Arm& o)
    : policy(o.policy),
      version(o.version),
      scorer(o.scorer ? o.scorer->clone() : nullptr),
      queues(o.queues),
      victims(o.victims),
      blocked(o.blocked),
      waiting(o.waiting),
      history(o.history ? std::make_unique<FreeCapacityHistory>(*o.history) : nullptr),
      selector(scorer ? scorer->selector() : nullptr),
      exhaustive(o.exhaustive),
      marks(o.marks),
      reservations(o.reservations),
      byArrival(o.byArrival),
      meanWaitS(o.meanWaitS) {}

SchedulingCore::SchedulingCore(const Topology& topology, CoreOptions options)
    : m_topology(topology),
      m_options(options),
      m_state(topology),
      m_index(topology, column(m_state, topology.nodes.size(), false), column(m_state, topology.nodes.size(), true)),
      m_shapes(topology, m_state),
      m_fit(topology, m_state) {}

SchedulingCore::SchedulingCore(const SchedulingCore& o)
    : m_topology(o.m_topology),
      m_options(o.m_options),
      m_sink(o.m_sink),
      m_state(o.m_state),
      m_index(o.m_index),
      m_shapes(o.m_shapes),
      m_fit(m_topology, m_state),
      m_arms(o.m_arms),
      m_canaryPercent(o.m_canaryPercent),
      m_anyPreemptive(o.m_anyPreemptive),
      m_epoch(o.m_epoch),
      m_dirty(o.m_dirty),
      m_arrived(o.m_arrived),
      m_unplaceable(o.m_unplaceable),
      m_quotas(o.m_quotas ? std::make_unique<QuotaLedger>(*o.m_quotas) : nullptr),
      m_passedAt(o.m_passedAt),
      m_slots(o.m_slots),
      m_placement(o.m_placement),
      m_predicted(o.m_predicted),
      m_nodeJobs(o.m_nodeJobs),
      m_estimatedSpecs(o.m_estimatedSpecs),
      m_predictor(o.m_predictor),
      m_seq(o.m_seq),
      m_runsCut(o.m_runsCut),
      m_running(o.m_running),
      m_queued(o.m_queued) {}

SchedulingCore::~SchedulingCore() = default;

void SchedulingCore::reserve(std::size_t slots) {
  if (slots <= m_slots.size()) return;
  grow(static_cast<JobSlot>(slots - 1));
}

void SchedulingCore::grow(JobSlot slot) {
  const std::size_t n = std::size_t{slot} + 1;
  if (n <= m_slots.size()) return;
  // Grow geometrically: live sources add slots one arrival at a time.
  const std::size_t size = std::max(n, m_slots.size() + m_slots.size() / 2);
  resizeOnHugePages(m_slots, size);
  resizeOnHugePages(m_placement, size);
  if (m_options.runtimes == RuntimeKnowledge::History) resizeOnHugePages(m_predicted, size);
}

bool SchedulingCore::wantsTicks() const {
  return std::ranges::any_of(m_arms, [](const Arm& a) { return a.ticks(); });
}

bool SchedulingCore::anyMigration() const {
  return std::ranges::any_of(m_arms, [](const Arm& a) { return a.policy.migration; });
}

std::vector<FieldError> SchedulingCore::setPolicies(const PolicyArms& arms) {
  std::vector<FieldError> errors = checkPolicyForCluster(arms.active, m_topology);
  if (arms.candidate) {
    auto more = checkPolicyForCluster(*arms.candidate, m_topology);
    errors.insert(errors.end(), more.begin(), more.end());
  }
  if (arms.canaryPercent > 100) errors.push_back({"canary_percent", "must be <= 100"});
  if (!errors.empty()) return errors;
  std::vector<Arm> next;
  const auto add = [&](const CompiledPolicy& p, std::uint64_t version) {
    auto scorer = makeScorer(p, m_topology, m_options.scorers, m_options.seed, m_options.weightsFromFiles);
    if (auto* e = std::get_if<FieldError>(&scorer)) {
      errors.push_back(*e);
      return;
    }
    next.emplace_back(p, version, std::get<std::unique_ptr<PlacementScorer>>(std::move(scorer)),
                      m_topology.nodes.size());
  };
  add(arms.active, arms.activeVersion);
  if (arms.candidate) add(*arms.candidate, arms.candidateVersion);
  if (!errors.empty()) return errors;

  m_arms = std::move(next);
  m_canaryPercent = arms.candidate ? arms.canaryPercent : 0;
  m_anyPreemptive = std::ranges::any_of(m_arms, [](const Arm& a) { return a.preemptive(); });
  // Everything already here belongs to the active arm: the canary only takes
  // new arrivals. Waiting jobs keep their first arrival and their order.
  std::vector<JobSlot> waiting;
  m_unplaceable.resetArms();
  // What the old selector passed over (a deferral is its choice) is the
  // new policy's to pick again.
  m_passedAt.clear();
  m_nodeJobs.assign(anyMigration() ? m_topology.nodes.size() : 0, {});
  Arm& active = m_arms.front();
  for (JobSlot j = 0; j < m_slots.size(); ++j) {
    if (m_slots[j].phase == kIdle) continue;
    m_slots[j].arm = 0;
    m_slots[j].counted = false;  // the old arms' counts are gone
    if (m_slots[j].phase == kWaiting) {
      waiting.push_back(j);
      continue;
    }
    const Placement& p = m_placement[j];
    active.scorer->onStarted(p.node);
    active.scorer->onAllocated(p);
    if (!m_nodeJobs.empty()) m_nodeJobs[p.node].push_back(j);
    if (active.preemptive() && m_slots[j].job->spec.interruptible) {
      active.victims[m_slots[j].kind].insert(victimKeyOf(active, j, m_slots[j].runStart));
    }
  }
  buildQuotas();
  std::ranges::sort(waiting, {}, [&](JobSlot j) { return m_slots[j].queueSeq; });
  // Waiting jobs arrive again under the new policy: the next decide() may
  // preempt for them as for any arrival.
  m_arrived.clear();
  for (const JobSlot j : waiting) {
    --m_queued;  // enqueue counts it in again
    enqueue(j);
    m_arrived.push_back(j);
  }
  return {};
}

// The ledger is rebuilt with each policy change from the jobs running now:
// usage is a fact of the cluster, the limits are the policies'.
void SchedulingCore::buildQuotas() {
  const bool any =
      std::ranges::any_of(m_arms, [](const Arm& a) { return a.policy.quotas.any() || a.policy.quotas.fairShare; });
  if (!any) {
    m_quotas.reset();
    return;
  }
  std::vector<const QuotaSpec*> specs;
  specs.reserve(m_arms.size());
  for (const Arm& a : m_arms) specs.push_back(&a.policy.quotas);
  QuotaLedger::Amounts capacity{};
  for (std::uint32_t n = 0; n < m_topology.nodes.size(); ++n)
    capacity[index(m_topology.nodes[n].kind)] += m_state.nodeTotalMilli(n);
  m_quotas = std::make_unique<QuotaLedger>(specs, capacity);
  for (JobSlot j = 0; j < m_slots.size(); ++j) {
    Slot& s = m_slots[j];
    if (s.phase == kIdle) continue;
    s.team = m_quotas->intern(s.job->spec.team);
    if (s.phase == kRunning) m_quotas->add(s.team, s.kind, s.need);
  }
}

bool SchedulingCore::held(JobSlot j) const {
  const Slot& s = m_slots[j];
  if (m_quotas && !m_quotas->allows(s.arm, s.team, s.kind, s.need)) return true;
  return m_options.gate && !m_options.gate->allows(j, *s.job, static_cast<DeviceKind>(s.kind));
}

bool SchedulingCore::canEverFit(const CoreJob& job, std::size_t arm) const {
  const DeviceKind kind = m_arms[std::min(arm, m_arms.size() - 1)].policy.routing.route(job.spec.kind);
  return m_shapes.canEverFit(job.spec.requests, kind, job.allowedModels);
}

const JobSpec& SchedulingCore::specOf(JobSlot j) const {
  if (m_estimatedSpecs.empty()) return m_slots[j].job->spec;
  const auto it = m_estimatedSpecs.find(j);
  return it == m_estimatedSpecs.end() ? m_slots[j].job->spec : it->second;
}

double SchedulingCore::expectedRuntime(JobSlot j) const {
  const double estimate = m_slots[j].job->spec.estimatedRuntimeS;
  if (estimate > 0.0) return estimate;
  if (!m_predicted.empty()) return m_predicted[j];
  return m_slots[j].job->runtimeS > 0.0 ? m_slots[j].job->runtimeS : m_options.defaultRuntimeS;
}

double SchedulingCore::expectedRemaining(JobSlot j, double t) const {
  double left = std::max(0.0, expectedRuntime(j) - m_slots[j].doneS);
  if (m_slots[j].phase == kRunning) left -= t - m_slots[j].runStart;
  return std::max(0.0, left) + (m_slots[j].preemptions > 0 ? armOfJob(j).policy.restartCostS : 0.0);
}

PlacementRequest SchedulingCore::requestOf(JobSlot j) const {
  const CoreJob& job = *m_slots[j].job;
  const JobSpec& spec = specOf(j);
  const std::string_view key = job.key.empty() ? std::string_view(spec.name) : std::string_view(job.key);
  return PlacementRequest{spec, static_cast<DeviceKind>(m_slots[j].kind), m_slots[j].need, key, job.allowedModels};
}

Admission SchedulingCore::arrive(JobSlot j, const CoreJob& job, double t) {
  grow(j);
  leaveQueue(j);  // a slot reused while its job waited: that job is gone
  m_slots[j].job = &job;
  // Never reset: a recycled slot must not match an older occupant's
  // scheduled completion.
  ++m_slots[j].generation;
  m_slots[j].preemptions = 0;
  m_slots[j].doneS = 0.0;
  m_slots[j].shape = UnplaceableShapes::kNone;
  if (j < m_passedAt.size()) m_passedAt[j] = 0;
  if (!m_estimatedSpecs.empty()) m_estimatedSpecs.erase(j);
  if (job.profile && job.spec.requests == JobRequests{}) estimateRequests(j);
  const JobSpec& spec = specOf(j);
  const std::uint64_t id = job.id != 0 ? job.id : std::uint64_t{j} + 1;
  m_slots[j].arm = m_arms.size() > 1 && canaryBucket(id) < m_canaryPercent ? 1 : 0;
  const Arm& arm = m_arms[m_slots[j].arm];
  const DeviceKind kind = arm.policy.routing.route(spec.kind);
  if (!m_shapes.canEverFit(spec.requests, kind, job.allowedModels)) {
    m_slots[j].phase = kIdle;
    return Admission::NeverFits;
  }
  m_slots[j].kind = static_cast<std::uint8_t>(index(kind));
  m_slots[j].need = primaryNeed(spec.requests, kind);
  if (m_quotas) m_slots[j].team = m_quotas->intern(spec.team);
  if (!m_predicted.empty() && spec.estimatedRuntimeS <= 0.0)
    m_predicted[j] = m_predictor.predictMedian(spec).value_or(m_options.defaultRuntimeS);
  m_slots[j].remaining = job.runtimeS > 0.0 ? job.runtimeS : expectedRuntime(j);
  if (job.pinnedNode && *job.pinnedNode < m_topology.nodes.size()) {
    m_fit.reset(job, spec);
    const bool fits =
        job.pinnedDevice ? m_fit.fitsOnDevice(*job.pinnedNode, *job.pinnedDevice) : m_fit.fits(*job.pinnedNode);
    if (fits) {
      m_slots[j].phase = kWaiting;
      ++m_queued;  // start() counts it out of the queue
      start(j, m_fit.take(*job.pinnedNode), t);
      return Admission::Started;
    }
  }
  enqueue(j);
  if (m_anyPreemptive) m_arrived.push_back(j);
  return Admission::Queued;
}

void SchedulingCore::enqueue(JobSlot j) {
  m_slots[j].phase = kWaiting;  // first: expectedRemaining reads it
  Arm& arm = armOfJob(j);
  const double size = arm.srtf() ? expectedRemaining(j, 0.0) : expectedRuntime(j);
  // An arm that marks shapes knows every waiting job's: a job far down the
  // queue, never tried, is then known to fit nowhere when its shape is.
  if (arm.marks && m_slots[j].shape == UnplaceableShapes::kNone)
    m_slots[j].shape = m_unplaceable.intern(static_cast<DeviceKind>(m_slots[j].kind), specOf(j).requests,
                                            m_slots[j].job->allowedModels);
  const QueueEntry entry{.job = j,
                         .arrivalS = m_slots[j].job->arrivalS,
                         .sizeS = size,
                         .priority = m_slots[j].job->spec.priority,
                         .shape = m_slots[j].shape,
                         .seq = ++m_seq};
  m_slots[j].queueSeq = entry.seq;
  arm.queues[m_slots[j].kind].push(entry);
  if (reserveAfterS(arm, m_slots[j].kind) > 0.0) {
    auto& byArrival = arm.byArrival[m_slots[j].kind];
    byArrival.push_back(entry);
    std::ranges::push_heap(byArrival, laterArrival);
  }
  m_unplaceable.enter(m_slots[j].arm, m_slots[j].kind, m_slots[j].shape);
  m_slots[j].counted = true;
  ++arm.waiting[m_slots[j].kind];
  ++m_queued;
  m_dirty[m_slots[j].kind] = true;
}

void SchedulingCore::leaveQueue(JobSlot j) {
  if (!m_slots[j].counted) return;
  m_slots[j].counted = false;
  m_unplaceable.leave(m_slots[j].arm, m_slots[j].kind, m_slots[j].shape);
  --armOfJob(j).waiting[m_slots[j].kind];
}

bool SchedulingCore::stale(const QueueEntry& e) const {
  return m_slots[e.job].phase != kWaiting || m_slots[e.job].queueSeq != e.seq;
}

void SchedulingCore::withdraw(JobSlot j) {
  if (j >= m_slots.size() || m_slots[j].phase != kWaiting) return;
  leaveQueue(j);
  m_slots[j].phase = kIdle;  // its queue entry is now stale and dropped when met
  --m_queued;
  if (!m_estimatedSpecs.empty()) m_estimatedSpecs.erase(j);
}

void SchedulingCore::decide(double t) {
  dispatchDirty(t);
  if (m_anyPreemptive) {
    for (const JobSlot j : m_arrived)
      if (m_slots[j].phase == kWaiting && armOfJob(j).preemptive()) tryPreempt(j, t);
    dispatchDirty(t);
  }
  m_arrived.clear();
}

void SchedulingCore::syncIndex(std::uint32_t node) {
  m_index.update(node, m_state.isUp(node) ? m_state.nodeFreeMilli(node) : 0);
}

void SchedulingCore::start(JobSlot j, Placement p, double t) {
  const std::uint32_t node = p.node;
  leaveQueue(j);
  m_state.allocate(p);
  m_unplaceable.shrank(m_slots[j].kind);
  syncIndex(node);
  Arm& arm = armOfJob(j);
  arm.scorer->onStarted(node);
  arm.scorer->onAllocated(p);
  m_slots[j].phase = kRunning;
  m_slots[j].runStart = t;
  double& meanWaitS = arm.meanWaitS[m_slots[j].kind];
  meanWaitS += (t - m_slots[j].job->arrivalS - meanWaitS) / 1024.0;
  if (m_quotas) m_quotas->add(m_slots[j].team, m_slots[j].kind, m_slots[j].need);
  if (arm.preemptive() && m_slots[j].job->spec.interruptible) {
    arm.victims[m_slots[j].kind].insert(victimKeyOf(arm, j, t));
  }
  if (!m_nodeJobs.empty()) m_nodeJobs[node].push_back(j);
  m_placement[j] = std::move(p);
  ++m_running;
  --m_queued;
  if (m_sink) m_sink->bound(j, m_placement[j], t);
}

// Priority rule: lowest class first, then the latest start (least work
// lost). SRTF: the longest expected remaining time first.
SchedulingCore::VictimKey SchedulingCore::victimKeyOf(const Arm& arm, JobSlot j, double t) const {
  return arm.srtf() ? VictimKey{-(t + expectedRemaining(j, t)), 0.0, idOf(j), j}
                    : VictimKey{-static_cast<double>(m_slots[j].job->spec.priority), -t, idOf(j), j};
}

void SchedulingCore::release(JobSlot j, double t) {
  Placement& p = m_placement[j];
  m_state.release(p);
  syncIndex(p.node);
  m_unplaceable.grew(m_topology, m_state, p.node);
  Arm& arm = armOfJob(j);
  arm.scorer->onFinished(p.node);
  arm.scorer->onReleased(p);
  // The key is the one start() made: doneS and preemptions change only after
  // a release.
  if (arm.preemptive() && m_slots[j].job->spec.interruptible)
    arm.victims[m_slots[j].kind].erase(victimKeyOf(arm, j, m_slots[j].runStart));
  if (!m_nodeJobs.empty()) std::erase(m_nodeJobs[p.node], j);
  ++m_epoch[m_slots[j].kind];
  m_dirty[m_slots[j].kind] = true;
  if (m_quotas) m_quotas->sub(m_slots[j].team, m_slots[j].kind, m_slots[j].need);
  --m_running;
  if (m_sink) m_sink->released(j, p, t);
}

void SchedulingCore::complete(JobSlot j, double t) {
  if (j >= m_slots.size() || m_slots[j].phase != kRunning) return;
  const std::uint32_t node = m_placement[j].node;
  const bool migrates = armOfJob(j).policy.migration;
  release(j, t);
  m_slots[j].phase = kIdle;
  m_placement[j] = Placement{};
  if (!m_predicted.empty()) m_predictor.observe(specOf(j), m_slots[j].job->runtimeS);
  if (!m_estimatedSpecs.empty()) m_estimatedSpecs.erase(j);
  if (migrates) migrateInto(node, t);
}

void SchedulingCore::setNodeUp(std::uint32_t node, bool up, double t) {
  if (node >= m_topology.nodes.size() || m_state.isUp(node) == up) return;
  m_state.setUp(node, up);
  syncIndex(node);
  if (up) {
    m_unplaceable.grew(m_topology, m_state, node);
    ++m_epoch[index(m_topology.nodes[node].kind)];
    m_dirty[index(m_topology.nodes[node].kind)] = true;
    return;
  }
  // Jobs on a failed node wait again and start over, in the order they
  // started (ids, not slots, break ties: slots are the driver's).
  std::vector<JobSlot> lost;
  for (JobSlot j = 0; j < m_slots.size(); ++j)
    if (m_slots[j].phase == kRunning && m_placement[j].node == node) lost.push_back(j);
  std::ranges::sort(lost, {}, [&](JobSlot j) { return std::pair(m_slots[j].runStart, idOf(j)); });
  for (const JobSlot j : lost) {
    release(j, t);
    m_slots[j].remaining = m_slots[j].job->runtimeS > 0.0 ? m_slots[j].job->runtimeS : expectedRuntime(j);
    m_slots[j].doneS = 0.0;
    ++m_slots[j].generation;
    ++m_runsCut;
    m_placement[j] = Placement{};
    enqueue(j);
    if (m_sink) m_sink->lost(j, node, t);
  }
}

void SchedulingCore::estimateRequests(JobSlot j) {
  const CoreJob& job = *m_slots[j].job;
  // The GPU the estimate is sized for: the first the job may use.
  const DeviceModel* gpu = nullptr;
  for (std::uint32_t m = 0; m < m_topology.models.size() && !gpu; ++m) {
    const bool allowed =
        job.allowedModels.empty() || std::ranges::find(job.allowedModels, m) != job.allowedModels.end();
    if (allowed && m_topology.models[m].kind == DeviceKind::Gpu) gpu = &m_topology.models[m];
  }
  // NOLINTNEXTLINE(bugprone-unchecked-optional-access): A100 is in the built-in table
  static const DeviceModel kFallback = *findBuiltinModel("A100");
  JobSpec spec = job.spec;
  // The only caller calls it when job.profile is set.
  // NOLINTBEGIN(bugprone-unchecked-optional-access)
  spec.requests = requestsFromEstimate(
      estimateResources(job.profile->type, job.profile->inputSize, job.profile->batchSize), gpu ? *gpu : kFallback);
  // NOLINTEND(bugprone-unchecked-optional-access)
  m_estimatedSpecs.insert_or_assign(j, std::move(spec));
}

}  // namespace hetsched
