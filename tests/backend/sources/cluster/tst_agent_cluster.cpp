// The agents source on a fake clock: nodes appear with their first report
// (topology version bump), go down after three missed periods and come back,
// reports are validated field by field, and jobs are refused.
#include "base/model/device_kind.h"
#include "base/model/job.h"
#include "checked_value.h"
#include "engine/sched/job_validation.h"
#include "sources/cluster/agent_cluster.h"
#include "sources/cluster/node_report.h"

#include <QTest>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>
#include <variant>

using namespace hetsched;
using namespace std::chrono_literals;

namespace {

NodeReport bare(const std::string& id, double cpu) {
  NodeReport r;
  r.nodeId = id;
  r.cpuUsage = cpu;
  r.memoryTotalBytes = 8ull << 30;
  r.memoryFreeBytes = 2ull << 30;
  return r;
}

}  // namespace

class TestAgentCluster : public QObject {
  Q_OBJECT
 private:
  AgentCluster::Clock::time_point m_now{};

 private Q_SLOTS:
  void nodesComeAndGo() {
    AgentCluster cluster(200, "agents", [this] { return m_now; });
    const std::uint64_t empty = cluster.topology().version;
    QCOMPARE(cluster.topology().nodes.size(), std::size_t(0));

    QVERIFY(!cluster.report(bare("alpha", 0.25)));
    cluster.step();
    QCOMPARE(cluster.topology().nodes.size(), std::size_t(1));
    // Time counts from the source's start, not from 1970 (at most the
    // seconds this test has run; 1970 would be some 500,000 hours).
    QVERIFY2(cluster.frame().simTimeMs >= 0 && cluster.frame().simTimeMs < 3'600'000,
             qPrintable(QString::number(cluster.frame().simTimeMs)));
    QVERIFY(cluster.topology().version > empty);
    // The seed's bare report becomes one CPU row.
    QCOMPARE(cluster.frame().utilization[0], 0.25f);
    QCOMPARE(cluster.frame().memoryUsed[0], 0.75f);

    const std::uint64_t one = cluster.topology().version;
    QVERIFY(!cluster.report(bare("beta", 0.5)));
    QVERIFY(!cluster.report(bare("alpha", 0.3)));  // a known node: no bump
    cluster.step();
    QCOMPARE(cluster.topology().nodes.size(), std::size_t(2));
    QCOMPARE(cluster.topology().version, one + 1);
    QCOMPARE(cluster.frame().topologyVersion, one + 1);

    // beta keeps reporting, alpha falls silent for three periods.
    for (int i = 0; i < 3; ++i) {
      m_now += 200ms;
      QVERIFY(!cluster.report(bare("beta", 0.5)));
      cluster.step();
      QCOMPARE(cluster.frame().nodeUp[0], std::uint8_t(1));
    }
    m_now += 10ms;
    cluster.step();
    QCOMPARE(cluster.frame().nodeUp[0], std::uint8_t(0));
    QCOMPARE(cluster.frame().nodeUp[1], std::uint8_t(1));
    QVERIFY(!cluster.report(bare("alpha", 0.9)));
    cluster.step();
    QCOMPARE(cluster.frame().nodeUp[0], std::uint8_t(1));
    QCOMPARE(cluster.frame().utilization[0], 0.9f);
    QCOMPARE(cluster.topology().version, one + 1);

    // A node whose devices change is a new shape.
    NodeReport gpu = bare("beta", 0.5);
    gpu.devices.push_back({DeviceKind::Cpu, "CPU", 0.5, 8ull << 30, 6ull << 30, 0, 0, 8});
    gpu.devices.push_back({DeviceKind::Gpu, "NVIDIA A100", 0.75, 40ull << 30, 10ull << 30, 250, 60, 0});
    QVERIFY(!cluster.report(gpu));
    cluster.step();
    QCOMPARE(cluster.topology().version, one + 2);
    QVERIFY(cluster.topology().nodes[1].kind == DeviceKind::Gpu);
    QCOMPARE(cluster.topology().devices.size(), std::size_t(3));
    QCOMPARE(cluster.frame().utilization[2], 0.75f);
    QCOMPARE(cluster.frame().powerWatts[2], 250.0f);
    QCOMPARE(cluster.frame().memoryUsed[2], 0.25f);

    QVERIFY(!cluster.schedulesJobs());
    QVERIFY(std::holds_alternative<FieldError>(cluster.submit(JobSpec{})));
  }

  void invalidReports_data() {
    QTest::addColumn<int>("which");
    QTest::addColumn<QString>("field");
    QTest::newRow("empty node id") << 0 << "node_id";
    QTest::newRow("node id with a slash") << 1 << "node_id";
    QTest::newRow("node id too long") << 2 << "node_id";
    QTest::newRow("cpu above 1") << 3 << "cpu_usage";
    QTest::newRow("cpu NaN") << 4 << "cpu_usage";
    QTest::newRow("free above total") << 5 << "memory_free_bytes";
    QTest::newRow("too many devices") << 6 << "devices";
    QTest::newRow("device utilisation") << 7 << "devices[1].utilization";
    QTest::newRow("device model too long") << 8 << "devices[0].model";
    QTest::newRow("device memory") << 9 << "devices[0].memory_used_bytes";
  }

  void invalidReports() {
    QFETCH(int, which);
    QFETCH(QString, field);
    NodeReport r = bare("node-1", 0.5);
    DeviceReport ok{DeviceKind::Gpu, "GPU", 0.5, 100, 50, 100, 50, 0};
    switch (which) {
      case 0: r.nodeId.clear(); break;
      case 1: r.nodeId = "a/b"; break;
      case 2: r.nodeId = std::string(300, 'a'); break;
      case 3: r.cpuUsage = 1.5; break;
      case 4: r.cpuUsage = std::nan(""); break;
      case 5: r.memoryFreeBytes = r.memoryTotalBytes + 1; break;
      case 6: r.devices.assign(257, ok); break;
      case 7:
        r.devices = {ok, ok};
        r.devices[1].utilization = -0.1;
        break;
      case 8:
        ok.model = std::string(200, 'x');
        r.devices = {ok};
        break;
      case 9:
        ok.memoryUsedBytes = 101;
        r.devices = {ok};
        break;
      default: QFAIL(qPrintable(QStringLiteral("no invalid report for row %1").arg(which)));
    }
    AgentCluster cluster(200);
    const auto error = cluster.report(r);
    VERIFY_HAS_VALUE(error);
    QCOMPARE(QString::fromStdString(error->field), field);
    cluster.step();
    QCOMPARE(cluster.topology().nodes.size(), std::size_t(0));
  }
};

QTEST_GUILESS_MAIN(TestAgentCluster)
#include "tst_agent_cluster.moc"
