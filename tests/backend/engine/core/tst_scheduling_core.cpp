// The scheduling core's contract beyond what the drivers show: a policy it
// cannot run is refused with the field named and nothing changes; the facts
// of why a job waits; a copy runs forward without touching the original;
// the job-selection and admission seams.
#include "base/model/device_kind.h"
#include "base/model/device_model.h"
#include "base/model/job.h"
#include "base/model/topology.h"
#include "builtin_model.h"
#include "engine/core/capacity_state.h"
#include "engine/core/core_job.h"
#include "engine/core/core_options.h"
#include "engine/core/core_seams.h"
#include "engine/core/decision_sink.h"
#include "engine/core/huge_pages.h"
#include "engine/core/placement_scorer.h"
#include "engine/core/policy_arms.h"
#include "engine/core/scheduling_core.h"
#include "engine/core/scorer_catalog.h"
#include "engine/core/scorer_registry.h"
#include "engine/core/small_vector.h"
#include "engine/core/wait_facts.h"
#include "engine/frag/target_workload.h"
#include "engine/policy/builtin_policies.h"
#include "engine/policy/policy_loader.h"
#include "policy.pb.h"

#include <QTest>
#include <cstddef>
#include <cstdint>
#include <algorithm>
#include <stdexcept>
#include <deque>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

using namespace hetsched;
using hetsched::test::builtinModel;

namespace {

// Two CPU nodes of two one-core sockets (2000 milli each) and one GPU node
// of four GPUs; no TPU.
Topology small() {
  Topology t;
  DeviceModel core = builtinModel("Xeon");
  core.cores = 1;
  t.models = {core, builtinModel("A100")};
  t.nodes = {{"c0", DeviceKind::Cpu, 0, 2, 0, 4096},
             {"c1", DeviceKind::Cpu, 2, 2, 0, 4096},
             {"g0", DeviceKind::Gpu, 4, 4, 16000, 65536}};
  t.devices = {{0, 0, 0}, {0, 1, 0}, {1, 0, 0}, {1, 1, 0}, {2, 0, 1}, {2, 1, 1}, {2, 2, 1}, {2, 3, 1}};
  return t;
}

CompiledPolicy builtin(const std::string& name) {
  for (const v1::Policy& p : builtinPolicies())
    if (p.name() == name) return std::get<CompiledPolicy>(compilePolicy(p));
  qFatal("no built-in policy %s", name.c_str());
}

class Recorder final : public DecisionSink {
 public:
  std::vector<JobSlot> started;
  void bound(JobSlot job, const Placement&, double) override { started.push_back(job); }
  void released(JobSlot, Placement&, double) override {}
  void preempted(JobSlot, JobSlot, std::uint32_t, double) override {}
  void migrated(JobSlot, std::uint32_t, std::uint32_t, double, double) override {}
  void lost(JobSlot, std::uint32_t, double) override {}
};

struct Fixture {
  Topology topology = small();
  std::deque<CoreJob> jobs;
  Recorder sink;
  std::unique_ptr<SchedulingCore> core;

  explicit Fixture(const std::string& policy = "fcfs", CoreOptions options = {}) {
    core = std::make_unique<SchedulingCore>(topology, options);
    PolicyArms arms;
    arms.active = builtin(policy);
    if (!core->setPolicies(arms).empty()) qFatal("refused");
    core->setSink(&sink);
  }
  JobSlot cpu(std::uint32_t milli, double t, double runtimeS = 100, std::uint64_t memoryMib = 0) {
    CoreJob& j = jobs.emplace_back();
    j.spec.name = "j" + std::to_string(jobs.size());
    j.spec.kind = JobKind::Service;
    j.spec.requests.cpuMilli = milli;
    j.spec.requests.memoryMib = memoryMib;
    j.arrivalS = t;
    j.runtimeS = runtimeS;
    const auto slot = static_cast<JobSlot>(jobs.size() - 1);
    core->arrive(slot, j, t);
    core->decide(t);
    return slot;
  }
};

}  // namespace

class TestSchedulingCore : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  // The per-job arrays grow on huge pages (a what-if of 10^6 jobs): growing
  // keeps every element and its heap storage, new ones start as T{}.
  void hugePageGrowthKeepsElements() {
    std::vector<Placement> v(3);
    for (std::uint32_t i = 0; i < 3; ++i) v[i] = Placement{i, 7, 9, {i, i + 1}, {500}};
    v[2].devices = {2, 3, 4, 5, 6};  // beyond the inline four: on the heap
    const std::uint32_t* heldDevices = v[2].devices.data();
    resizeOnHugePages(v, std::size_t{3} << 20);  // 72 MiB: many whole huge pages
    QCOMPARE(v.size(), std::size_t{3} << 20);
    for (std::uint32_t i = 0; i < 3; ++i) {
      QCOMPARE(v[i].node, i);
      QCOMPARE(v[i].milli, (SmallVector<std::uint32_t, 4>{500}));
    }
    QCOMPARE(v[1].devices, (SmallVector<std::uint32_t, 4>{1, 2}));
    QCOMPARE(v[2].devices, (SmallVector<std::uint32_t, 4>{2, 3, 4, 5, 6}));
    QCOMPARE(v[2].devices.data(), heldDevices);  // moved, not copied
    QCOMPARE(v.back().node, 0U);
    QVERIFY(v.back().devices.empty());
    std::vector<double> d{1.0, 2.0};
    reserveOnHugePages(d, 1 << 20);
    QCOMPARE(d, (std::vector<double>{1.0, 2.0}));
    QVERIFY(d.capacity() >= std::size_t{1} << 20);
    adviseHugePages(d.data() + 1, 3);  // less than a page: harmless
  }
  // A placement's devices: inline up to four, on the heap beyond; copies are
  // deep, moves take the heap storage and leave the source empty.
  void smallVectorCopiesMovesAndSpills() {
    using Ids = SmallVector<std::uint32_t, 4>;
    static_assert(sizeof(Ids) == sizeof(std::vector<std::uint32_t>));
    Ids v{1, 2, 3};
    QCOMPARE(v.capacity(), std::size_t{4});
    for (std::uint32_t x = 4; x <= 9; ++x) v.push_back(x);
    QCOMPARE(v.size(), std::size_t{9});
    QVERIFY(v.capacity() >= 9);
    QCOMPARE(v.back(), 9U);
    QVERIFY(std::ranges::equal(v, std::vector<std::uint32_t>{1, 2, 3, 4, 5, 6, 7, 8, 9}));
    Ids copy = v;
    QVERIFY(copy.data() != v.data());
    QCOMPARE(copy, v);
    const std::uint32_t* heap = v.data();
    Ids moved = std::move(v);
    QCOMPARE(moved.data(), heap);
    QVERIFY(v.empty());  // NOLINT(bugprone-use-after-move): moved-from state is specified
    QCOMPARE(v.capacity(), std::size_t{4});
    Ids small{7};
    small = moved;  // inline <- heap: copies onto the heap
    QCOMPARE(small, moved);
    moved = Ids{5, 6};  // heap <- inline: frees the heap storage
    QCOMPARE(moved.capacity(), std::size_t{4});
    QCOMPARE(moved, (Ids{5, 6}));
    QVERIFY(moved != (Ids{5, 7}));
    QCOMPARE(moved.at(1), 6U);
    QVERIFY_THROWS_EXCEPTION(std::out_of_range, moved.at(2));
    moved.clear();
    QVERIFY(moved.empty());
  }

  void refusesWhatCannotRun_data() {
    QTest::addColumn<QString>("change");
    QTest::addColumn<QString>("field");
    QTest::newRow("unknown scorer") << "unknown" << "placement.external_scorer";
    QTest::newRow("hybrid without weights") << "hybrid" << "placement.hybrid_weights";
    QTest::newRow("damaged weights") << "damaged" << "placement.hybrid_weights";
    QTest::newRow("route to a missing kind") << "route" << "placement.routes[0].device_kind";
    QTest::newRow("canary over 100") << "canary" << "canary_percent";
  }
  void refusesWhatCannotRun() {
    QFETCH(QString, change);
    QFETCH(QString, field);
    const Topology t = small();
    ScorerRegistry scorers;
    addStandardScorers(scorers, std::make_shared<const frag::TargetWorkload>());
    CoreOptions options;
    options.scorers = &scorers;
    SchedulingCore core(t, options);
    PolicyArms arms;
    arms.active = builtin("sjf");
    QVERIFY(core.setPolicies(arms).empty());
    CompiledPolicy bad = builtin("fgd");
    if (change == "unknown") bad.externalScorer = "no-such-scorer";
    if (change == "hybrid") bad.externalScorer = "hybrid";
    if (change == "damaged") bad.externalScorer = "hybrid", bad.hybridWeights = "hetsched-hybrid-qnet 1\ngarbage";
    if (change == "route") bad.routeOverrides.emplace_back(JobKind::Inference, DeviceKind::Tpu);
    PolicyArms next = arms;
    next.candidate = bad;
    next.canaryPercent = change == "canary" ? 101 : 30;
    const auto errors = core.setPolicies(next);
    QVERIFY(!errors.empty());
    QCOMPARE(QString::fromStdString(errors.front().field), field);
    QVERIFY(!errors.front().problem.empty());
    QCOMPARE(core.armCount(), std::size_t{1});  // nothing changed
    QCOMPARE(core.policy(0).name, std::string("sjf"));
  }

  void waitFactsSayWhyAJobWaits() {
    Fixture f;
    const JobSlot a = f.cpu(2000, 0);
    const JobSlot b = f.cpu(2000, 1);
    QVERIFY(f.core->isRunning(a) && f.core->isRunning(b));  // one node each
    const JobSlot c = f.cpu(1500, 2);
    const JobSlot d = f.cpu(500, 3);
    QVERIFY(f.core->isWaiting(c));
    QVERIFY(f.core->isWaiting(d));  // FCFS without backfill: behind c
    const WaitFacts facts = f.core->waitFacts(d, 4);
    QVERIFY(facts.waiting);
    QVERIFY(facts.kind == DeviceKind::Cpu);
    QVERIFY(!facts.neverFits);
    QCOMPARE(facts.nodesOfKind, 2u);
    QCOMPARE(facts.nodesUp, 2u);
    QCOMPARE(facts.nodesWithRoom, 0u);
    QCOMPARE(facts.shortOn[0], 2u);  // CPU short on both nodes
    QCOMPARE(facts.ahead, 1u);
    QCOMPARE(facts.aheadByClass, 0u);
    f.core->setNodeUp(1, false, 5);  // b's node: b waits again, ahead of nobody (it came before c)
    const WaitFacts down = f.core->waitFacts(d, 5);
    QCOMPARE(down.nodesUp, 1u);
    QCOMPARE(down.shortOn[4], 1u);  // one node down
    QCOMPARE(down.ahead, 2u);       // b and c
    QVERIFY(!f.core->waitFacts(a, 5).waiting);
  }

  void aCopyRunsForwardAlone() {
    Fixture f("sjf");
    const JobSlot a = f.cpu(2000, 0);
    f.cpu(2000, 0);
    const JobSlot c = f.cpu(2000, 1);
    QVERIFY(f.core->isWaiting(c));
    SchedulingCore copy(*f.core);
    Recorder copySink;
    copy.setSink(&copySink);
    copy.complete(a, 100);
    copy.decide(100);
    QVERIFY(copy.isRunning(c));
    QCOMPARE(copySink.started, std::vector<JobSlot>{c});
    QVERIFY(f.core->isWaiting(c));  // the original did not move
    QVERIFY(f.core->isRunning(a));
    QCOMPARE(f.core->queued(), 1u);
  }

  // The selection seam: a selector that prefers the last of the window
  // starts the newest waiting job first.
  void selectorPicksFromTheFirstK() {
    class Newest final : public JobSelector {
     public:
      std::uint32_t window() const override { return 3; }
      std::size_t pick(std::span<const SelectionCandidate> candidates, const ScoringContext&, std::uint8_t, DeviceKind,
                       double t) override {
        // What the core says of each: waited since arrival, its runtime.
        for (const SelectionCandidate& c : candidates) {
          if (c.waitedS < 0.0 || c.waitedS > t || c.expectedRuntimeS <= 0.0 || c.needMilli != 2000) return 0;
        }
        return candidates.size() - 1;
      }
    } newest;
    CoreOptions options;
    options.selector = &newest;
    Fixture f("fcfs", options);
    const JobSlot a = f.cpu(2000, 0);
    f.cpu(2000, 0);
    const JobSlot c = f.cpu(2000, 1);
    const JobSlot d = f.cpu(2000, 2);
    f.core->complete(a, 10);
    f.core->decide(10);
    QVERIFY(f.core->isRunning(d));
    QVERIFY(f.core->isWaiting(c));
  }

  // The selector is offered only jobs that fit on some node now (the seed's
  // mask on infeasible actions, checked exactly): one that fits nowhere is
  // not offered, so the jobs behind it start (the plain FCFS walk would
  // block on it), until a node has room for it. The mask is the free
  // capacity's, not a memory of the policy's: a policy set again does not
  // offer it either. (A job picked that fits and does not start, a
  // deferral, is passed over until a release: tst_hybrid_wait_reason.)
  void selectorIsOfferedOnlyJobsThatFit_data() {
    QTest::addColumn<bool>("newPolicy");
    QTest::addColumn<std::uint32_t>("xMilli");
    QTest::addColumn<std::uint64_t>("xMemoryMib");
    // x fits on c0 only once a finishes: the CPU is free on c0, not the memory
    QTest::newRow("short of memory") << false << 1000u << std::uint64_t{3000};
    QTest::newRow("short of memory, policy set again") << true << 1000u << std::uint64_t{3000};
    // x needs more CPU than any node has free (c0 1000, c1 none)
    QTest::newRow("more than any node has free") << false << 1500u << std::uint64_t{100};
  }
  void selectorIsOfferedOnlyJobsThatFit() {
    QFETCH(bool, newPolicy);
    QFETCH(std::uint32_t, xMilli);
    QFETCH(std::uint64_t, xMemoryMib);
    class Head final : public JobSelector {
     public:
      std::vector<std::vector<JobSlot>> windows;
      std::uint32_t window() const override { return 4; }
      std::size_t pick(std::span<const SelectionCandidate> candidates, const ScoringContext&, std::uint8_t, DeviceKind,
                       double) override {
        windows.emplace_back();
        for (const SelectionCandidate& c : candidates) windows.back().push_back(c.slot);
        return 0;
      }
    } head;
    CoreOptions options;
    options.selector = &head;
    Fixture f("fcfs", options);
    const JobSlot a = f.cpu(1000, 0, 100, 2000);  // c0: 1000 milli and 2096 MiB left
    f.cpu(2000, 0);                                 // c1 full
    const JobSlot x = f.cpu(xMilli, 1, 100, xMemoryMib);
    QVERIFY(f.core->isWaiting(x));
    if (newPolicy) {
      PolicyArms arms;
      arms.active = builtin("fcfs");
      QVERIFY(f.core->setPolicies(arms).empty());
    }
    const JobSlot y = f.cpu(500, 2);  // behind x, fits on c0
    QVERIFY(!head.windows.empty());
    auto offered = [&](JobSlot j, std::size_t from) {
      return std::any_of(head.windows.begin() + static_cast<std::ptrdiff_t>(from), head.windows.end(),
                         [&](const std::vector<JobSlot>& w) { return std::ranges::find(w, j) != w.end(); });
    };
    QVERIFY(!offered(x, 0));
    QVERIFY(f.core->isRunning(y));
    const std::size_t before = head.windows.size();
    f.core->complete(a, 10);
    f.core->decide(10);
    QVERIFY(offered(x, before));
    QVERIFY(f.core->isRunning(x));
  }

  // The admission seam (quotas later): a refused job waits as if it did not
  // fit, and says so; the others are not held up (with backfill).
  void gateHoldsBackAJob() {
    class NotJob2 final : public StartGate {
     public:
      bool allows(JobSlot slot, const CoreJob&, DeviceKind) const override { return slot != 2; }
    } gate;
    CoreOptions options;
    options.gate = &gate;
    Fixture f("priority-aging", options);  // backfill 0, but two CPU nodes
    f.cpu(2000, 0);
    const JobSlot b = f.cpu(1000, 1);
    const JobSlot held = f.cpu(1000, 2);
    QVERIFY(f.core->isRunning(b));
    QVERIFY(f.core->isWaiting(held));
    QVERIFY(f.core->waitFacts(held, 3).blockedByGate);
    QCOMPARE(f.core->waitFacts(held, 3).nodesWithRoom, 1u);
  }
};

QTEST_GUILESS_MAIN(TestSchedulingCore)
#include "tst_scheduling_core.moc"
