// The seed's classification flow, the §4.3 score, request validation and
// the scheduling core's placement under the live default policy on a small
// hand-made cluster.
#include "base/model/device_kind.h"
#include "base/model/job.h"
#include "base/model/topology.h"
#include "checked_value.h"
#include "engine/core/capacity_state.h"
#include "engine/core/core_job.h"
#include "engine/core/decision_sink.h"
#include "engine/core/node_fit.h"
#include "engine/core/scheduling_core.h"
#include "engine/sched/job_validation.h"
#include "engine/sched/node_score.h"
#include "sources/cluster/live_policies.h"
#include "sources/cluster/sim_options.h"
#include "sources/cluster/topology_builder.h"

#include <QTest>
#include <cstdint>
#include <deque>
#include <optional>

using namespace hetsched;

Q_DECLARE_METATYPE(hetsched::JobKind)
Q_DECLARE_METATYPE(hetsched::DeviceKind)
Q_DECLARE_METATYPE(hetsched::PriorityClass)

namespace {

// Compared as names so that a failure message says "gpu", not a number.
QString name(DeviceKind kind) { return QString::fromLatin1(toString(kind)); }

Topology smallCluster() {
  ClusterShape shape;
  shape.groups = {
      {"cpu", 2, "Xeon", 2, 0, 65536}, {"gpu", 2, "A100", 4, 32000, 262144}, {"tpu", 1, "TPUv4", 4, 32000, 131072}};
  return std::get<Topology>(buildTopology(shape));
}

JobSpec job(JobKind kind, JobRequests requests, PriorityClass priority = PriorityClass::Middle) {
  JobSpec spec;
  spec.name = "j";
  spec.kind = kind;
  spec.priority = priority;
  spec.requests = requests;
  return spec;
}

// The live default policy (seed classes, §4.3 score) on one core; jobs
// arrive one at a time and stay.
class LiveCore final : public DecisionSink {
 public:
  explicit LiveCore(const Topology& t) : m_core(t) {
    LivePolicies policies;
    policies.active = liveDefaultCompiled();
    if (!m_core.setPolicies(policies).empty()) qFatal("live default refused");
    m_core.setSink(this);
  }
  std::optional<Placement> place(const JobSpec& spec) {
    CoreJob& job = m_jobs.emplace_back();
    job.spec = spec;
    job.runtimeS = 3600;
    m_last.reset();
    const auto slot = static_cast<JobSlot>(m_jobs.size() - 1);
    m_core.arrive(slot, job, 0.0);
    m_core.decide(0.0);
    return m_last;
  }
  SchedulingCore& core() { return m_core; }

 private:
  void bound(JobSlot, const Placement& p, double) override { m_last = p; }
  void released(JobSlot, Placement&, double) override {}
  void preempted(JobSlot, JobSlot, std::uint32_t, double) override {}
  void migrated(JobSlot, std::uint32_t, std::uint32_t, double, double) override {}
  void lost(JobSlot, std::uint32_t, double) override {}

  SchedulingCore m_core;
  std::deque<CoreJob> m_jobs;
  std::optional<Placement> m_last;
};

bool canEverFit(const Topology& t, const JobSpec& spec) {
  LiveCore core(t);
  CoreJob job;
  job.spec = spec;
  return core.core().canEverFit(job, 0);
}

}  // namespace

class TestScheduling : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void routing_data() {
    QTest::addColumn<JobKind>("kind");
    QTest::addColumn<DeviceKind>("target");
    QTest::newRow("training → GPU") << JobKind::Training << DeviceKind::Gpu;
    QTest::newRow("inference → TPU") << JobKind::Inference << DeviceKind::Tpu;
    QTest::newRow("service → CPU") << JobKind::Service << DeviceKind::Cpu;
    QTest::newRow("batch → CPU") << JobKind::Batch << DeviceKind::Cpu;
    QTest::newRow("realtime → CPU") << JobKind::Realtime << DeviceKind::Cpu;
  }
  void routing() {
    QFETCH(JobKind, kind);
    QFETCH(DeviceKind, target);
    QCOMPARE(name(RoutingTable().route(kind)), name(target));
  }

  void routingOverride() {
    RoutingTable table;
    table.set(JobKind::Inference, DeviceKind::Gpu);
    QCOMPARE(name(table.route(JobKind::Inference)), name(DeviceKind::Gpu));
    QCOMPARE(name(table.route(JobKind::Training)), name(DeviceKind::Gpu));
  }

  void score_data() {
    QTest::addColumn<PriorityClass>("priority");
    QTest::addColumn<double>("priorityFactor");
    QTest::addColumn<double>("resourceScore");
    QTest::addColumn<double>("freeCapacity");
    QTest::addColumn<double>("totalCapacity");
    QTest::addColumn<double>("expected");
    // score = Weight * PriorityFactor + ResourceScore * free / total
    QTest::newRow("high, empty node") << PriorityClass::High << 1.0 << 1.0 << 8.0 << 8.0 << 4.0;
    QTest::newRow("low, half free") << PriorityClass::Low << 0.5 << 2.0 << 4.0 << 8.0 << 1.5;
    QTest::newRow("middle, full node") << PriorityClass::Middle << 1.0 << 10.0 << 0.0 << 8.0 << 2.0;
    QTest::newRow("no capacity") << PriorityClass::Low << 1.0 << 1.0 << 0.0 << 0.0 << 1.0;
  }
  void score() {
    QFETCH(PriorityClass, priority);
    QFETCH(double, priorityFactor);
    QFETCH(double, resourceScore);
    QFETCH(double, freeCapacity);
    QFETCH(double, totalCapacity);
    QFETCH(double, expected);
    QCOMPARE(nodeScore({priorityFactor, resourceScore}, taskWeight(priority), freeCapacity, totalCapacity), expected);
  }

  void validation_data() {
    QTest::addColumn<JobKind>("kind");
    QTest::addColumn<QString>("name");
    QTest::addColumn<quint32>("cpu");
    QTest::addColumn<quint32>("gpus");
    QTest::addColumn<quint32>("gpuMilli");
    QTest::addColumn<quint32>("tpus");
    QTest::addColumn<double>("runtime");
    QTest::addColumn<QString>("field");  // empty: valid
    QTest::newRow("valid training") << JobKind::Training << "t" << 1000u << 1u << 0u << 0u << 60.0 << "";
    QTest::newRow("valid share") << JobKind::Training << "t" << 1000u << 0u << 500u << 0u << 60.0 << "";
    QTest::newRow("empty name") << JobKind::Service << "" << 1000u << 0u << 0u << 0u << 60.0 << "spec.name";
    QTest::newRow("absurd cpu") << JobKind::Service << "s" << 2000000000u << 0u << 0u << 0u << 60.0
                                << "spec.requests.cpu_milli";
    QTest::newRow("share > 1 GPU") << JobKind::Training << "t" << 0u << 0u << 1500u << 0u << 60.0
                                   << "spec.requests.gpu_milli";
    QTest::newRow("training without GPU")
        << JobKind::Training << "t" << 1000u << 0u << 0u << 0u << 60.0 << "spec.requests.gpu_count";
    QTest::newRow("inference without TPU")
        << JobKind::Inference << "i" << 1000u << 0u << 0u << 0u << 60.0 << "spec.requests.tpu_count";
    QTest::newRow("service without CPU") << JobKind::Service << "s" << 0u << 0u << 0u << 0u << 60.0
                                         << "spec.requests.cpu_milli";
    QTest::newRow("negative runtime") << JobKind::Service << "s" << 10u << 0u << 0u << 0u << -1.0
                                      << "spec.estimated_runtime_s";
    QTest::newRow("absurd TPUs") << JobKind::Inference << "i" << 0u << 0u << 0u << 1000u << 1.0
                                 << "spec.requests.tpu_count";
  }
  void validation() {
    QFETCH(JobKind, kind);
    QFETCH(QString, name);
    QFETCH(quint32, cpu);
    QFETCH(quint32, gpus);
    QFETCH(quint32, gpuMilli);
    QFETCH(quint32, tpus);
    QFETCH(double, runtime);
    QFETCH(QString, field);
    JobSpec spec = job(kind, {cpu, 0, gpus, gpuMilli, tpus});
    spec.name = name.toStdString();
    spec.estimatedRuntimeS = runtime;
    const auto error = validateJobSpec(spec, RoutingTable());
    QCOMPARE(error.has_value(), !field.isEmpty());
    if (error) QCOMPARE(QString::fromStdString(error->field), field);
  }

  void placerUsesRoutedKind_data() {
    QTest::addColumn<JobKind>("kind");
    QTest::addColumn<DeviceKind>("expected");
    QTest::newRow("training") << JobKind::Training << DeviceKind::Gpu;
    QTest::newRow("inference") << JobKind::Inference << DeviceKind::Tpu;
    QTest::newRow("service") << JobKind::Service << DeviceKind::Cpu;
  }
  void placerUsesRoutedKind() {
    QFETCH(JobKind, kind);
    QFETCH(DeviceKind, expected);
    const Topology t = smallCluster();
    LiveCore core(t);
    const auto p = core.place(job(kind, {1000, 1024, 1, 0, 1}));
    VERIFY_HAS_VALUE(p);
    QCOMPARE(name(t.nodes[p->node].kind), name(expected));
    for (const auto d : p->devices) QCOMPARE(name(t.kindOf(d)), name(expected));
  }

  // §4.3: with equal priority the node with the larger free share wins, so
  // load spreads; ties go to the lower index.
  void placerPrefersFreerNode() {
    const Topology t = smallCluster();
    LiveCore core(t);
    auto first = core.place(job(JobKind::Training, {1000, 0, 2, 0, 0}));
    VERIFY_HAS_VALUE(first);
    QCOMPARE(t.nodes[first->node].name, std::string("gpu-000"));
    auto second = core.place(job(JobKind::Training, {1000, 0, 1, 0, 0}));
    VERIFY_HAS_VALUE(second);
    QCOMPARE(t.nodes[second->node].name, std::string("gpu-001"));
  }

  void gpuShareBestFit() {
    const Topology t = smallCluster();
    CapacityState state(t);
    auto a = fitOnNode(t, state, {0, 0, 0, 600, 0}, 2);
    VERIFY_HAS_VALUE(a);
    state.allocate(*a);
    auto b = fitOnNode(t, state, {0, 0, 0, 300, 0}, 2);
    VERIFY_HAS_VALUE(b);
    QCOMPARE(b->devices, a->devices);  // shares the busy GPU, keeps whole ones free
    state.allocate(*b);
    auto c = fitOnNode(t, state, {0, 0, 0, 200, 0}, 2);
    VERIFY_HAS_VALUE(c);
    QVERIFY(c->devices != a->devices);
  }

  void neverFits() {
    const Topology t = smallCluster();
    QVERIFY(!canEverFit(t, job(JobKind::Training, {0, 0, 8, 0, 0})));  // nodes hold 4 GPUs
    QVERIFY(canEverFit(t, job(JobKind::Training, {0, 0, 4, 0, 0})));
    QVERIFY(!canEverFit(t, job(JobKind::Service, {200000, 0, 0, 0, 0})));
  }

  void downNodeIsSkipped() {
    const Topology t = smallCluster();
    LiveCore core(t);
    core.core().setNodeUp(4, false, 0.0);  // the only TPU node
    QVERIFY(!core.place(job(JobKind::Inference, {0, 0, 0, 0, 1})));
  }
};

QTEST_GUILESS_MAIN(TestScheduling)
#include "tst_scheduling.moc"
