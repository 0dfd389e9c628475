// Dispatch reads the queue in place and skips jobs that fit nowhere; both
// must leave every decision as it was:
// - the queue serves exactly the order of the heaps it replaced (a copy of
//   them here is the reference), for every discipline, with jobs started,
//   passed over and withdrawn at random;
// - skipping jobs of shapes known to fit nowhere, and stopping when nothing
//   left can start, changes no placement or start time: every built-in
//   policy, at several backfill depths, with canary arms and node failures,
//   against the same scorer asked every time.
#include "base/model/job.h"
#include "base/model/topology.h"
#include "engine/core/capacity_state.h"
#include "engine/core/free_capacity_index.h"
#include "engine/core/job_queue.h"
#include "engine/core/ordered_run.h"
#include "engine/core/placement_scorer.h"
#include "engine/core/policy_arms.h"
#include "engine/core/scorer_catalog.h"
#include "engine/core/scorer_registry.h"
#include "engine/policy/builtin_policies.h"
#include "engine/policy/compiled_policy.h"
#include "engine/policy/policy_loader.h"
#include "engine/sched/job_validation.h"
#include "engine/sim/sim_job.h"
#include "engine/sim/sim_result.h"
#include "engine/sim/simulation_options.h"
#include "engine/sim/simulator.h"
#include "policy.pb.h"
#include "sources/cluster/sim_options.h"
#include "sources/cluster/simulated_cluster.h"
#include "sources/cluster/workload_generator.h"

#include <QTest>
#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <random>
#include <set>
#include <tuple>
#include <utility>
#include <variant>
#include <vector>

using namespace hetsched;

namespace {

// The queue before it could be read in place: binary heaps, one per class
// under PRIORITY, the head chosen among the class heads by aged class.
class HeapQueue {
 public:
  HeapQueue(QueueKind kind, double agingIntervalS) : m_kind(kind), m_aging(agingIntervalS) {}
  void push(const QueueEntry& e) {
    auto& heap = m_heaps[m_kind == QueueKind::Priority ? static_cast<std::size_t>(e.priority) : 0];
    heap.push_back(e);
    std::ranges::push_heap(heap, After{m_kind});
    ++m_size;
  }
  bool empty() const { return m_size == 0; }
  const QueueEntry& top(double now) const { return m_heaps[heapOf(now)].front(); }
  QueueEntry pop(double now) {
    auto& heap = m_heaps[heapOf(now)];
    std::ranges::pop_heap(heap, After{m_kind});
    const QueueEntry e = heap.back();
    heap.pop_back();
    --m_size;
    return e;
  }

 private:
  struct After {
    QueueKind kind;
    bool operator()(const QueueEntry& a, const QueueEntry& b) const {
      if (kind == QueueKind::Sjf || kind == QueueKind::Srtf)
        return std::tie(a.sizeS, a.arrivalS, a.seq) > std::tie(b.sizeS, b.arrivalS, b.seq);
      return std::tie(a.arrivalS, a.seq) > std::tie(b.arrivalS, b.seq);
    }
  };
  std::size_t heapOf(double now) const {
    if (m_kind != QueueKind::Priority) return 0;
    std::size_t best = m_heaps.size();
    std::tuple<int, double, std::uint64_t> bestKey{};
    for (std::size_t c = 0; c < m_heaps.size(); ++c) {
      if (m_heaps[c].empty()) continue;
      const QueueEntry& h = m_heaps[c].front();
      const std::tuple<int, double, std::uint64_t> key{
          static_cast<int>(JobQueue::agedClass(h.priority, now - h.arrivalS, m_aging)), h.arrivalS, h.seq};
      if (best == m_heaps.size() || key < bestKey) best = c, bestKey = key;
    }
    return best;
  }

  QueueKind m_kind;
  double m_aging;
  std::array<std::vector<QueueEntry>, kPriorityClassCount> m_heaps;
  std::size_t m_size = 0;
};

// What a dispatch does with the entry it reads.
enum class Verdict { Start, Pass, Stop };

Verdict verdictOf(std::uint64_t seq, int round) {
  const std::uint64_t h = (seq * 0x9E3779B97F4A7C15ull) ^ (static_cast<std::uint64_t>(round) * 0xBF58476D1CE4E5B9ull);
  const std::uint64_t v = (h >> 29) % 100;
  return v < 25 ? Verdict::Start : v < 97 ? Verdict::Pass : Verdict::Stop;
}

// Entries as a dispatch meets them; withdrawn ones are dropped when met.
struct Trace {
  std::vector<std::uint64_t> met;
  std::vector<std::uint64_t> started;
};

Trace dispatchOld(HeapQueue& q, double now, int round, const std::set<std::uint64_t>& withdrawn) {
  Trace out;
  std::vector<QueueEntry> held;
  while (!q.empty()) {
    if (withdrawn.contains(q.top(now).seq)) {
      q.pop(now);
      continue;
    }
    const QueueEntry e = q.top(now);
    out.met.push_back(e.seq);
    const Verdict v = verdictOf(e.seq, round);
    if (v == Verdict::Stop) break;
    held.push_back(q.pop(now));
    if (v == Verdict::Start) {
      held.pop_back();
      out.started.push_back(e.seq);
    }
  }
  for (const QueueEntry& e : held) q.push(e);
  return out;
}

Trace dispatchNew(JobQueue& q, double now, int round, const std::set<std::uint64_t>& withdrawn) {
  Trace out;
  for (JobQueue::Walk walk = q.walk(now); !walk.done();) {
    if (withdrawn.contains(walk.entry().seq)) {
      walk.take();
      continue;
    }
    const QueueEntry e = walk.entry();
    out.met.push_back(e.seq);
    const Verdict v = verdictOf(e.seq, round);
    if (v == Verdict::Stop) break;
    if (v == Verdict::Start) {
      walk.take();
      out.started.push_back(e.seq);
    } else {
      walk.next();
    }
  }
  return out;
}

// A scorer asked every time: the same choices as the one it wraps, but the
// core may not skip a job for it (exhaustive() is false).
class AskedEveryTime final : public PlacementScorer {
 public:
  explicit AskedEveryTime(std::unique_ptr<PlacementScorer> inner) : m_inner(std::move(inner)) {}
  std::optional<std::uint32_t> choose(const ScoringContext& c, const PlacementRequest& r, FitOracle& fit) override {
    return m_inner->choose(c, r, fit);
  }
  std::unique_ptr<PlacementScorer> clone() const override { return std::make_unique<AskedEveryTime>(m_inner->clone()); }
  void onStarted(std::uint32_t node) override { m_inner->onStarted(node); }
  void onFinished(std::uint32_t node) override { m_inner->onFinished(node); }
  void onAllocated(const Placement& p) override { m_inner->onAllocated(p); }
  void onReleased(const Placement& p) override { m_inner->onReleased(p); }

 private:
  std::unique_ptr<PlacementScorer> m_inner;
};

CompiledPolicy compiled(const v1::Policy& p) { return std::get<CompiledPolicy>(compilePolicy(p)); }

// "asked:<policy>": that built-in policy's own scorer, asked every time.
ScorerRegistry registryWithAsked(const ScorerRegistry& base, const std::vector<CompiledPolicy>& builtins) {
  ScorerRegistry registry = base;
  registry.add("asked", [&base, &builtins](const ScorerInput& in) -> ScorerBuild {
    const std::string name = in.policy.externalScorer.substr(in.policy.externalScorer.find(':') + 1);
    const auto it = std::ranges::find(builtins, name, &CompiledPolicy::name);
    if (it == builtins.end()) return FieldError{"placement.external_scorer", "no built-in " + name};
    ScorerBuild inner = makeScorer(*it, in.topology, &base, in.seed, in.filesAllowed);
    if (auto* e = std::get_if<FieldError>(&inner)) return *e;
    return std::make_unique<AskedEveryTime>(std::get<std::unique_ptr<PlacementScorer>>(std::move(inner)));
  });
  return registry;
}

CompiledPolicy asked(CompiledPolicy p) {
  p.externalScorer = "asked:" + p.name;
  p.placement = PlacementKind::External;
  return p;
}

// A busy trace-shaped workload: queues of every class and shape form.
std::vector<SimJob> busyJobs(const Topology& topology, std::uint64_t seed, std::size_t count) {
  SimOptions options;
  options.seed = seed;
  options.targetLoad = 1.4;
  options.minRuntimeS = 20.0;
  options.maxRuntimeS = 900.0;
  WorkloadGenerator generator(topology, options);
  std::vector<Arrival> arrivals;
  for (std::int64_t t = 0; arrivals.size() < count; t += 60'000) generator.generate(t, t + 60'000, arrivals);
  std::vector<SimJob> jobs;
  for (std::size_t i = 0; i < count; ++i) {
    SimJob j;
    j.spec = arrivals[i].spec;
    j.arrivalS = static_cast<double>(arrivals[i].timeMs) / 1000.0;
    j.runtimeS = arrivals[i].runtimeS;
    j.key = j.spec.name;
    j.id = i + 1;
    jobs.push_back(std::move(j));
  }
  return jobs;
}

}  // namespace

class TestDispatchOrder : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void queueServesTheOldOrder_data() {
    QTest::addColumn<int>("kind");
    QTest::addColumn<double>("aging");
    QTest::newRow("fcfs") << int(QueueKind::Fcfs) << 0.0;
    QTest::newRow("sjf") << int(QueueKind::Sjf) << 0.0;
    QTest::newRow("srtf") << int(QueueKind::Srtf) << 0.0;
    QTest::newRow("priority") << int(QueueKind::Priority) << 0.0;
    QTest::newRow("priority-aging") << int(QueueKind::Priority) << 40.0;
  }

  void queueServesTheOldOrder() {
    QFETCH(int, kind);
    QFETCH(double, aging);
    for (std::uint64_t seed = 1; seed <= 6; ++seed) {
      std::mt19937_64 rng(seed);
      HeapQueue old(static_cast<QueueKind>(kind), aging);
      JobQueue now(static_cast<QueueKind>(kind), aging);
      std::set<std::uint64_t> withdrawn;
      std::vector<QueueEntry> waiting;  // requeues take an older arrival
      std::uint64_t seq = 0;
      double t = 0.0;
      std::size_t met = 0;
      for (int round = 0; round < 400; ++round) {
        t += std::uniform_real_distribution<double>(0.0, 10.0)(rng);
        const int arrivals = std::uniform_int_distribution<int>(0, round < 200 ? 40 : 8)(rng);
        for (int a = 0; a < arrivals; ++a) {
          QueueEntry e;
          e.job = static_cast<std::uint32_t>(seq);
          const bool requeue = !waiting.empty() && rng() % 8 == 0;
          // Equal arrivals and sizes are common (one instant, one shape):
          // the later keys decide.
          e.arrivalS = requeue ? waiting[rng() % waiting.size()].arrivalS : std::floor(t);
          e.sizeS = static_cast<double>(std::uniform_int_distribution<int>(1, 30)(rng) * 10);
          e.priority = static_cast<PriorityClass>(rng() % kPriorityClassCount);
          e.seq = ++seq;
          old.push(e);
          now.push(e);
          waiting.push_back(e);
        }
        for (int w = 0; w < 3 && !waiting.empty(); ++w)
          if (rng() % 4 == 0) withdrawn.insert(waiting[rng() % waiting.size()].seq);
        const Trace a = dispatchOld(old, t, round, withdrawn);
        const Trace b = dispatchNew(now, t, round, withdrawn);
        QCOMPARE(b.met, a.met);
        QCOMPARE(b.started, a.started);
        met += a.met.size();
        std::erase_if(waiting,
                      [&](const QueueEntry& e) { return std::ranges::find(a.started, e.seq) != a.started.end(); });
      }
      QVERIFY2(met > 2000, "the dispatches read many entries");
      // What is left drains in the same order too.
      const double end = t + 1000.0;
      while (!old.empty()) {
        QVERIFY(!now.empty());
        QCOMPARE(now.top(end).seq, old.top(end).seq);
        QCOMPARE(now.pop(end).seq, old.pop(end).seq);
      }
      QVERIFY(now.empty());
    }
  }

  void skippingChangesNoDecision_data() {
    QTest::addColumn<QString>("policy");
    QTest::addColumn<int>("depth");
    for (const v1::Policy& p : builtinPolicies())
      for (const int depth : {-1, 4, 1024})
        QTest::newRow(qPrintable(QString::fromStdString(p.name()) + "/" + QString::number(depth)))
            << QString::fromStdString(p.name()) << depth;
  }

  // Every built-in policy (-1: its own backfill depth) run twice on the same
  // busy workload with node failures: as it is, and with its scorer asked
  // every time; then as a 50 % canary beside its asked twin.
  void skippingChangesNoDecision() {
    QFETCH(QString, policy);
    QFETCH(int, depth);
    std::vector<CompiledPolicy> builtins;
    for (const v1::Policy& p : builtinPolicies()) builtins.push_back(compiled(p));
    CompiledPolicy p = *std::ranges::find(builtins, policy.toStdString(), &CompiledPolicy::name);
    if (depth >= 0) p.backfillDepth = static_cast<std::uint32_t>(depth);
    ScorerRegistry base;
    addStandardScorers(base, traceGpuTarget());
    const ScorerRegistry registry = registryWithAsked(base, builtins);

    SimOptions shape;
    shape.shape = defaultClusterShape(8, 8, 4);
    shape.warmupS = 0.0;
    const SimulatedCluster cluster(shape);
    const Topology& topology = cluster.topology();
    const std::vector<SimJob> jobs = busyJobs(topology, 7, 1500);
    std::vector<NodeChange> failures;
    for (std::uint32_t i = 0; i < 6; ++i) {
      const auto node = static_cast<std::uint32_t>((std::size_t{i} * 7) % topology.nodes.size());
      failures.push_back({600.0 + 400.0 * i, node, false});
      failures.push_back({900.0 + 400.0 * i, node, true});
    }
    std::ranges::sort(failures, {}, &NodeChange::timeS);
    const auto run = [&](const PolicyArms& arms) {
      SimulationOptions options;
      options.seed = 3;
      options.scorers = &registry;
      options.nodeChanges = failures;
      auto result = Simulator(topology, arms, options).run(jobs);
      if (!std::holds_alternative<SimResult>(result)) qFatal("what-if refused %s", p.name.c_str());
      return std::get<SimResult>(std::move(result));
    };
    const auto same = [&](const SimResult& a, const SimResult& b) {
      QCOMPARE(a.jobs.size(), b.jobs.size());
      std::size_t started = 0;
      for (std::size_t i = 0; i < a.jobs.size(); ++i) {
        if (a.jobs[i] == b.jobs[i]) {
          started += a.jobs[i].startS >= 0.0;
          continue;
        }
        QFAIL(qPrintable(QString("job %1: start %2 on node %3, asked every time %4 on node %5")
                             .arg(i)
                             .arg(a.jobs[i].startS)
                             .arg(a.jobs[i].node)
                             .arg(b.jobs[i].startS)
                             .arg(b.jobs[i].node)));
      }
      QVERIFY(started > 500);
      QCOMPARE(a.preemptions.size(), b.preemptions.size());
    };
    PolicyArms plain;
    plain.active = p;
    PolicyArms twin;
    twin.active = asked(p);
    same(run(plain), run(twin));
    // Canary arms: each arm skips (or not) by its own scorer.
    PolicyArms canary;
    canary.active = p;
    canary.candidate = asked(p);
    canary.canaryPercent = 50;
    PolicyArms canaryTwin;
    canaryTwin.active = asked(p);
    canaryTwin.candidate = asked(p);
    canaryTwin.canaryPercent = 50;
    same(run(canary), run(canaryTwin));
  }
};

QTEST_GUILESS_MAIN(TestDispatchOrder)
#include "tst_dispatch_order.moc"
