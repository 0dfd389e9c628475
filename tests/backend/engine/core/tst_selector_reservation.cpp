// A job selector's reservation (JobSelector::reserveAfterS): a job that
// fits nowhere while smaller ones take every room that opens waits for as
// long as they keep coming, unless the core keeps a node for it once it has
// waited long enough. And what the selector is offered: only jobs that fit.
#include "base/model/device_kind.h"
#include "base/model/device_model.h"
#include "base/model/job.h"
#include "base/model/job_prediction.h"
#include "base/model/topology.h"
#include "builtin_model.h"
#include "engine/core/capacity_state.h"
#include "engine/core/core_job.h"
#include "engine/core/core_options.h"
#include "engine/core/core_seams.h"
#include "engine/core/decision_sink.h"
#include "engine/core/placement_scorer.h"
#include "engine/core/policy_arms.h"
#include "engine/core/scheduling_core.h"
#include "engine/core/wait_facts.h"
#include "engine/policy/builtin_policies.h"
#include "engine/policy/policy_loader.h"
#include "engine/predict/wait_reason_of.h"
#include "policy.pb.h"

#include <QTest>
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

using namespace hetsched;
using hetsched::test::builtinModel;

namespace {

// Two CPU nodes of two one-core sockets (2000 milli each).
Topology twoNodes() {
  Topology t;
  DeviceModel core = builtinModel("Xeon");
  core.cores = 1;
  t.models = {core};
  t.nodes = {{"c0", DeviceKind::Cpu, 0, 2, 0, 4096}, {"c1", DeviceKind::Cpu, 2, 2, 0, 4096}};
  t.devices = {{0, 0, 0}, {0, 1, 0}, {1, 0, 0}, {1, 1, 0}};
  return t;
}

// Picks the smallest job offered, as a learned selector that has found
// short waits in small jobs might.
class Smallest final : public JobSelector {
 public:
  explicit Smallest(double reserveAfterS) : m_reserveAfterS(reserveAfterS) {}
  std::uint32_t window() const override { return 8; }
  std::size_t pick(std::span<const SelectionCandidate> candidates, const ScoringContext&, std::uint8_t, DeviceKind,
                   double) override {
    return static_cast<std::size_t>(std::ranges::min_element(candidates, {}, &SelectionCandidate::needMilli) -
                                    candidates.begin());
  }
  double reserveAfterS(double) const override { return m_reserveAfterS; }

 private:
  double m_reserveAfterS;
};

// Picks the first job offered, and counts those offered that no node had
// room for at the time (GPU shares: host CPU and one GPU's share).
class FitChecking final : public JobSelector {
 public:
  explicit FitChecking(const std::deque<CoreJob>& jobs) : m_jobs(jobs) {}
  std::uint32_t window() const override { return 8; }
  std::size_t pick(std::span<const SelectionCandidate> candidates, const ScoringContext& context, std::uint8_t,
                   DeviceKind, double) override {
    for (const SelectionCandidate& c : candidates) {
      const JobRequests& r = m_jobs[c.slot].spec.requests;
      bool room = false;
      for (std::uint32_t n = 0; n < context.topology.nodes.size(); ++n) {
        if (!context.state.isUp(n) || context.state.hostFreeCpu(n) < r.cpuMilli) continue;
        const DeviceRange gpus = context.state.primary(n);
        for (std::uint32_t d = gpus.first; d < gpus.first + gpus.count; ++d)
          room = room || context.state.freeMilli(d) >= r.gpuMilli;
      }
      ++offered;
      offeredWithoutRoom += room ? 0 : 1;
    }
    return 0;
  }
  double reserveAfterS(double) const override { return 0.0; }

  std::size_t offered = 0;
  std::size_t offeredWithoutRoom = 0;

 private:
  const std::deque<CoreJob>& m_jobs;
};

struct Start {
  JobSlot job;
  std::uint32_t node;
  double t;
};

class Starts final : public DecisionSink {
 public:
  std::vector<Start> starts;
  void bound(JobSlot job, const Placement& p, double t) override { starts.push_back({job, p.node, t}); }
  void released(JobSlot, Placement&, double) override {}
  void preempted(JobSlot, JobSlot, std::uint32_t, double) override {}
  void migrated(JobSlot, std::uint32_t, std::uint32_t, double, double) override {}
  void lost(JobSlot, std::uint32_t, double) override {}
};

// One large job (a whole node) among a stream of half-node jobs that keeps
// every node busy: a small job every 20 s, each running 100 s (five wanted
// at a time, four fit) unless `runtimeOf` says otherwise for its index
// among the small ones. The large job arrives at 110 s, both nodes full
// (slot 6, after the small jobs of 0 to 100 s), and runs 100 s. Runs to
// `untilS`.
constexpr JobSlot kLarge = 6;
constexpr double kLargeArrivesS = 110.0;

struct Stream {
  Topology topology = twoNodes();
  std::deque<CoreJob> jobs;
  Starts sink;
  std::unique_ptr<SchedulingCore> core;
  std::unique_ptr<Smallest> selector;

  Stream(double reserveAfterS, double untilS, const std::function<double(std::size_t)>& runtimeOf = {}) {
    selector = std::make_unique<Smallest>(reserveAfterS);
    CoreOptions options;
    options.selector = selector.get();
    core = std::make_unique<SchedulingCore>(topology, options);
    PolicyArms arms;
    for (const v1::Policy& p : builtinPolicies())
      if (p.name() == "fcfs") arms.active = std::get<CompiledPolicy>(compilePolicy(p));
    if (!core->setPolicies(arms).empty()) qFatal("refused");
    core->setSink(&sink);
    std::vector<double> ends;  // per slot, when it finishes (-1: not started)
    double nextSmall = 0.0;
    std::size_t seen = 0;
    for (;;) {
      // The next event: a completion, else the next arrival.
      const bool largeNext = jobs.size() == kLarge;
      double t = largeNext ? kLargeArrivesS : nextSmall;
      std::optional<JobSlot> done;
      for (JobSlot j = 0; j < ends.size(); ++j)
        if (ends[j] >= 0.0 && ends[j] <= t && core->isRunning(j)) {
          t = ends[j];
          done = j;
        }
      if (t > untilS) break;
      if (done) {
        core->complete(*done, t);
        ends[*done] = -1.0;
      } else {
        const std::size_t small = jobs.size() - (jobs.size() > kLarge ? 1 : 0);
        arrive(largeNext ? 2000 : 1000, t, largeNext || !runtimeOf ? 100.0 : runtimeOf(small));
        ends.push_back(-1.0);
        if (!largeNext) nextSmall += 20.0;
      }
      core->decide(t);
      for (; seen < sink.starts.size(); ++seen)
        ends[sink.starts[seen].job] = sink.starts[seen].t + jobs[sink.starts[seen].job].runtimeS;
    }
  }

  void arrive(std::uint32_t milli, double t, double runtimeS) {
    CoreJob& j = jobs.emplace_back();
    j.spec.name = "j" + std::to_string(jobs.size());
    j.spec.kind = JobKind::Service;
    j.spec.requests.cpuMilli = milli;
    j.arrivalS = t;
    j.runtimeS = runtimeS;
    core->arrive(static_cast<JobSlot>(jobs.size() - 1), j, t);
  }

  // Null when `j` never started.
  const Start* startOf(JobSlot j) const {
    for (const Start& s : sink.starts)
      if (s.job == j) return &s;
    return nullptr;
  }
};

}  // namespace

class TestSelectorReservation : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  // Without a reservation the large job waits as long as the stream lasts.
  void withoutReservationTheLargeJobStarves() {
    const Stream s(0.0, 3000.0);
    QVERIFY(s.sink.starts.size() > 100);
    QVERIFY(!s.startOf(kLarge));
  }

  // Once it has waited 300 s, a node is kept for it: no small job starts
  // there, the other node goes on taking them, and the large job starts as
  // soon as the kept node's running jobs end (100 s at most).
  void aNodeIsKeptOnceItWaitedLongEnough() {
    const Stream s(300.0, 3000.0);
    const auto large = s.startOf(kLarge);
    QVERIFY(large);
    const double reservedAt = kLargeArrivesS + 300.0;
    QVERIFY(large->t > reservedAt);
    QVERIFY(large->t <= reservedAt + 20.0 + 100.0);  // the next dispatch, then the longest run
    std::size_t elsewhere = 0;
    for (const Start& st : s.sink.starts) {
      if (st.job == kLarge || st.t <= reservedAt || st.t >= large->t) continue;
      QVERIFY(st.node != large->node);
      ++elsewhere;
    }
    QVERIFY(elsewhere > 0);
    // The stream goes on on both nodes after.
    QVERIFY(std::ranges::any_of(s.sink.starts,
                                [&](const Start& st) { return st.t > large->t + 100.0 && st.node == large->node; }));
  }

  // The node kept is the one where the job can start soonest by the running
  // jobs' expected ends, not the one with most free now: the first small
  // job runs for a day, and its node is never kept.
  void theNodeKeptIsTheOneThatDrainsFirst() {
    const Stream s(300.0, 3000.0, [](std::size_t i) { return i == 0 ? 86'400.0 : 100.0; });
    const auto first = s.startOf(0);
    const auto large = s.startOf(kLarge);
    QVERIFY(first && large);
    QVERIFY(large->node != first->node);
    QVERIFY(large->t <= kLargeArrivesS + 300.0 + 20.0 + 100.0);
  }

  // "Why is this job waiting" knows the reservation: the job a node is
  // kept for is told so; a small job that would still run when that one is
  // due there (all run 100 s) is told the node is kept from it, and that
  // node's room is not counted as room for it: when it is the only room,
  // the reason is the reservation, not the queue.
  void waitFactsKnowTheReservation() {
    const double reservedAt = kLargeArrivesS + 300.0;  // kept at the first dispatch after (420 s)
    bool sawReserved = false;
    for (double until = reservedAt + 11.0; until < reservedAt + 120.0; until += 7.0) {
      const Stream s(300.0, until);
      if (!s.core->isWaiting(kLarge)) break;
      const WaitFacts large = s.core->waitFacts(kLarge, until);
      QCOMPARE(int(large.kept), int(WaitFacts::Kept::ForIt));
      QVERIFY(large.keptUntilS > until);
      QCOMPARE(large.nodesWithRoom, 0u);
      for (JobSlot j = 0; j < s.jobs.size(); ++j) {
        if (j == kLarge || !s.core->isWaiting(j)) continue;
        const WaitFacts f = s.core->waitFacts(j, until);
        QCOMPARE(int(f.kept), int(WaitFacts::Kept::FromIt));
        QCOMPARE(f.keptNode, large.keptNode);
        QCOMPARE(f.keptFor, std::uint64_t{kLarge} + 1);  // the core's id of a job without one
        QCOMPARE(f.keptUntilS, large.keptUntilS);
        const WaitReason r = waitReasonOf(f, s.jobs[j].spec.priority);
        QCOMPARE(r.keptNode, static_cast<std::int32_t>(large.keptNode));
        QCOMPARE(r.keptUntilMs, static_cast<std::int64_t>(std::llround(large.keptUntilS * 1000.0)));
        if (f.keptHadRoom && f.nodesWithRoom == 0) {
          QCOMPARE(int(r.cause), int(WaitCause::Reserved));
          sawReserved = true;
        }
        // The batch the forecast asks for says the same.
        const std::vector<JobSlot> one{j};
        const WaitFacts batch = s.core->waitFacts(one, until).front();
        QCOMPARE(batch.nodesWithRoom, f.nodesWithRoom);
        QCOMPARE(int(batch.kept), int(f.kept));
      }
    }
    QVERIFY(sawReserved);
  }

  // The core offers a selector only jobs that fit somewhere now, though
  // whether one of a shape fits is remembered from the step before (on the
  // node it was found to fit, while that node has not changed). One node of
  // two GPUs and two cores: three jobs each ask for a core and 300 milli of
  // a GPU. Once two run the node has GPU share left but no core, and the
  // third is not offered.
  void offersOnlyJobsThatFitSomewhere() {
    Topology t;
    t.models = {builtinModel("A100")};
    t.nodes = {{"g0", DeviceKind::Gpu, 0, 2, 2000, 1u << 20}};
    t.devices = {{0, 0, 0}, {0, 1, 0}};
    std::deque<CoreJob> jobs;
    FitChecking selector(jobs);
    CoreOptions options;
    options.selector = &selector;
    SchedulingCore core(t, options);
    PolicyArms arms;
    for (const v1::Policy& p : builtinPolicies())
      if (p.name() == "fcfs") arms.active = std::get<CompiledPolicy>(compilePolicy(p));
    arms.active.backfillDepth = 8;  // the core then knows each waiting job's shape
    QVERIFY(core.setPolicies(arms).empty());
    for (JobSlot i = 0; i < 3; ++i) {
      CoreJob& j = jobs.emplace_back();
      j.spec.name = "share" + std::to_string(i);
      j.spec.kind = JobKind::Training;
      j.spec.requests = {1000, 1024, 0, 300, 0};
      j.runtimeS = 1000.0;
      core.arrive(i, j, 0.0);
    }
    core.decide(0.0);
    QVERIFY(core.isRunning(0) && core.isRunning(1) && !core.isRunning(2));
    QCOMPARE(selector.offeredWithoutRoom, std::size_t{0});
    QCOMPARE(selector.offered, std::size_t{3 + 2});
  }

  // EASY backfilling: a job expected to end before the kept node drains
  // enough (its shadow time) may run there; one that would end after may
  // not. Small jobs run 300 s (a deep queue), every fourth 10 s.
  void shortJobsBackfillTheKeptNode() {
    const auto runtimeOf = [](std::size_t i) { return i % 4 == 3 ? 10.0 : 300.0; };
    const Stream s(300.0, 3000.0, runtimeOf);
    const auto large = s.startOf(kLarge);
    QVERIFY(large);
    const double reservedAt = kLargeArrivesS + 300.0;
    QVERIFY(large->t <= reservedAt + 20.0 + 300.0);
    std::size_t shortThere = 0;
    for (const Start& st : s.sink.starts) {
      if (st.job == kLarge || st.t <= reservedAt || st.t >= large->t || st.node != large->node) continue;
      QCOMPARE(s.jobs[st.job].runtimeS, 10.0);  // no long one
      QVERIFY(st.t + 10.0 <= large->t);
      ++shortThere;
    }
    QVERIFY(shortThere > 0);
  }
};

QTEST_GUILESS_MAIN(TestSelectorReservation)
#include "tst_selector_reservation.moc"
