// The host source: recorded /proc and /sys snapshots (tests/data/host, one
// recorded on the Debian 12 VM these tests were written on, the others made
// to cover two sockets, kernel accelerators and old kernels), malformed
// files, CPU deltas between samples, and NVML absent.
#include "base/model/device_kind.h"
#include "base/model/frame.h"
#include "base/model/job.h"
#include "base/model/topology.h"
#include "checked_value.h"
#include "engine/sched/job_validation.h"
#include "sources/host/host_cluster.h"
#include "sources/host/host_error.h"
#include "sources/host/host_reader.h"
#include "sources/host/host_sample.h"
#include "sources/host/meminfo.h"
#include "sources/host/net_dev.h"
#include "sources/host/proc_stat.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <memory>
#include <optional>
#include <string>
#include <variant>

using namespace hetsched;

namespace {

const std::string kData = HETSCHED_TEST_DATA "/host/";

HostReaderOptions fromSnapshot(const std::string& name) {
  HostReaderOptions options;
  options.root = kData + name;
  options.nvmlLibrary.clear();
  return options;
}

void writeFile(const std::filesystem::path& path, const std::string& text) {
  std::filesystem::create_directories(path.parent_path());
  std::ofstream(path) << text;
}

}  // namespace

class TestHostSource : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void snapshot_data() {
    QTest::addColumn<QString>("snapshot");
    QTest::addColumn<QString>("host");
    QTest::addColumn<QString>("cpuModel");
    QTest::addColumn<double>("cpuUsage");
    QTest::addColumn<QList<double>>("groupUsage");
    QTest::addColumn<QList<int>>("groupCores");
    QTest::addColumn<qulonglong>("memTotalKib");
    QTest::addColumn<qulonglong>("memAvailableKib");
    QTest::addColumn<qulonglong>("netRx");
    QTest::addColumn<qulonglong>("netTx");
    QTest::addColumn<int>("accelerators");

    QTest::newRow("recorded Debian 12 VM, one package")
        << "debian12-vm" << "recorded-vm" << "AMD EPYC" << 0.617072240524482 << QList<double>{0.6170713229317488}
        << QList<int>{2} << 24683652ull << 21385920ull << 1018561677ull << 949857ull << 0;
    QTest::newRow("two sockets, an accel device, glued interface name")
        << "two-socket-accel" << "xeon-accel-01" << "Intel(R) Xeon(R) Platinum 8380 CPU @ 2.30GHz" << 0.35
        << QList<double>{0.3, 0.4} << QList<int>{2, 2} << 16384000ull << 8192000ull << 5100ull << 7200ull << 1;
    // Four time columns, no MemAvailable, no sysfs, an offline cpu1.
    QTest::newRow("old kernel in a container") << "old-kernel" << "" << "CPU" << 0.4 << QList<double>{0.4}
                                               << QList<int>{2} << 2048000ull << 1024000ull << 0ull << 0ull << 0;
  }

  void snapshot() {
    QFETCH(QString, snapshot);
    QFETCH(QString, host);
    QFETCH(QString, cpuModel);
    QFETCH(double, cpuUsage);
    QFETCH(QList<double>, groupUsage);
    QFETCH(QList<int>, groupCores);
    QFETCH(qulonglong, memTotalKib);
    QFETCH(qulonglong, memAvailableKib);
    QFETCH(qulonglong, netRx);
    QFETCH(qulonglong, netTx);
    QFETCH(int, accelerators);

    HostReader reader(fromSnapshot(snapshot.toStdString()));
    auto result = reader.sample();
    if (auto* e = std::get_if<HostError>(&result)) QFAIL(e->message().c_str());
    const HostSample& s = std::get<HostSample>(result);
    if (!host.isEmpty()) QCOMPARE(QString::fromStdString(reader.hostName()), host);
    QCOMPARE(QString::fromStdString(s.cpuModel), cpuModel);
    QVERIFY(qAbs(s.cpuUsage - cpuUsage) < 1e-9);
    QCOMPARE(s.cpuGroups.size(), std::size_t(groupUsage.size()));
    for (qsizetype g = 0; g < groupUsage.size(); ++g) {
      QVERIFY2(qAbs(s.cpuGroups[g].utilization - groupUsage[g]) < 1e-9,
               qPrintable(QString::number(s.cpuGroups[g].utilization)));
      QCOMPARE(int(s.cpuGroups[g].cores), groupCores[g]);
    }
    QCOMPARE(s.memory.totalBytes, memTotalKib * 1024);
    QCOMPARE(s.memory.availableBytes, memAvailableKib * 1024);
    QCOMPARE(s.netRxBytes, netRx);
    QCOMPARE(s.netTxBytes, netTx);
    QCOMPARE(int(s.accelerators.size()), accelerators);
    QVERIFY(s.gpus.empty());
  }

  void acceleratorIsATpuRow() {
    auto created = HostCluster::create(fromSnapshot("two-socket-accel"), 3000);
    QVERIFY(std::holds_alternative<std::unique_ptr<HostCluster>>(created));
    const auto& cluster = *std::get<std::unique_ptr<HostCluster>>(created);
    const Topology& t = cluster.topology();
    QCOMPARE(t.source, std::string("host"));
    QCOMPARE(t.nodes.size(), std::size_t(1));
    QCOMPARE(t.nodes[0].name, std::string("xeon-accel-01"));
    QVERIFY(t.nodes[0].kind == DeviceKind::Tpu);
    QCOMPARE(t.nodes[0].cpuMilli, 4000u);
    QCOMPARE(t.devices.size(), std::size_t(3));  // two sockets, one accelerator
    QVERIFY(t.kindOf(0) == DeviceKind::Cpu);
    QVERIFY(t.kindOf(1) == DeviceKind::Cpu);
    QVERIFY(t.kindOf(2) == DeviceKind::Tpu);
    QCOMPARE(t.modelOf(2).name, std::string("intel_vpu"));
    QCOMPARE(t.modelOf(0).memoryMib, std::uint64_t(16384000 / 2 / 1024));
    const Frame& f = cluster.frame();
    QVERIFY(qAbs(f.utilization[1] - 0.4f) < 1e-6f);
    QVERIFY(qAbs(f.memoryUsed[0] - 0.5f) < 1e-6f);
    QCOMPARE(f.nodeUp[0], std::uint8_t(1));
  }

  void cpuUseIsTheDeltaBetweenSamples() {
    QTemporaryDir dir;
    const std::filesystem::path root = dir.path().toStdString();
    writeFile(root / "proc/meminfo", "MemTotal: 1000 kB\nMemFree: 500 kB\nMemAvailable: 600 kB\n");
    writeFile(root / "proc/stat", "cpu 100 0 0 100 0 0 0 0\ncpu0 50 0 0 50 0 0 0 0\ncpu1 50 0 0 50 0 0 0 0\n");
    HostReaderOptions options;
    options.root = root;
    options.nvmlLibrary.clear();
    HostReader reader(options);
    QVERIFY(std::holds_alternative<HostSample>(reader.sample()));
    // cpu0: 90 busy of 100 more jiffies; cpu1: 10 of 100; iowait counts as idle.
    writeFile(root / "proc/stat", "cpu 200 0 0 200 0 0 0 0\ncpu0 140 0 0 55 5 0 0 0\ncpu1 60 0 0 140 0 0 0 0\n");
    auto second = reader.sample();
    QVERIFY(std::holds_alternative<HostSample>(second));
    const HostSample& s = std::get<HostSample>(second);
    QVERIFY(qAbs(s.cpuUsage - 0.5) < 1e-9);
    QCOMPARE(s.cpuGroups.size(), std::size_t(1));  // no sysfs: one group
    QVERIFY(qAbs(s.cpuGroups[0].utilization - 0.5) < 1e-9);
    // A counter that went backwards (cpu replugged) reads as idle, not as garbage.
    writeFile(root / "proc/stat", "cpu 10 0 0 10 0 0 0 0\ncpu0 5 0 0 5 0 0 0 0\ncpu1 5 0 0 5 0 0 0 0\n");
    auto third = reader.sample();
    QCOMPARE(std::get<HostSample>(third).cpuUsage, 0.0);
  }

  void malformed_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("error");
    QTest::newRow("stat without aggregate") << "stat" << "cpu0 1 2 3 4\n" << "/proc/stat: no aggregate 'cpu' line";
    QTest::newRow("stat short line") << "stat" << "cpu 1 2 3 4\ncpu0 1 2\n"
                                     << "/proc/stat:2: fewer than four time columns";
    QTest::newRow("stat letters") << "stat" << "cpu 1 2 x 4\n" << "/proc/stat:1: column 3 is not a number";
    QTest::newRow("stat bad cpu name") << "stat" << "cpu 1 2 3 4\ncpuX 1 2 3 4\n"
                                       << "/proc/stat:2: bad cpu name 'cpuX'";
    QTest::newRow("meminfo empty") << "meminfo" << "" << "/proc/meminfo: no MemTotal";
    QTest::newRow("meminfo units") << "meminfo" << "MemTotal: 12 MB\n"
                                   << "/proc/meminfo:1: MemTotal: expected '<number> kB'";
    QTest::newRow("meminfo no free") << "meminfo" << "MemTotal: 12 kB\n" << "/proc/meminfo: no MemFree";
    QTest::newRow("net short") << "net" << "eth0: 1 2 3\n" << "/proc/net/dev:1: eth0: expected 16 counters, found 3";
    QTest::newRow("net nameless") << "net" << " : 1 2 3\n" << "/proc/net/dev:1: interface without a name";
  }

  void malformed() {
    QFETCH(QString, file);
    QFETCH(QString, text);
    QFETCH(QString, error);
    const std::string t = text.toStdString();
    std::optional<HostError> e;
    if (file == QLatin1String("stat")) {
      auto r = parseProcStat(t);
      if (auto* p = std::get_if<HostError>(&r)) e = *p;
    } else if (file == QLatin1String("meminfo")) {
      auto r = parseMeminfo(t);
      if (auto* p = std::get_if<HostError>(&r)) e = *p;
    } else {
      auto r = parseNetDev(t);
      if (auto* p = std::get_if<HostError>(&r)) e = *p;
    }
    VERIFY_HAS_VALUE(e);
    QCOMPARE(QString::fromStdString(e->message()), error);
  }

  void missingProcIsAnError() {
    QTemporaryDir dir;
    HostReaderOptions options;
    options.root = dir.path().toStdString();
    options.nvmlLibrary.clear();
    auto created = HostCluster::create(options);
    QVERIFY(std::holds_alternative<HostError>(created));
    QCOMPARE(std::get<HostError>(created).message(), std::string("/proc/stat: cannot be read"));
  }

  void nvmlAbsentMeansNoGpuRows_data() {
    QTest::addColumn<QString>("library");
    QTest::newRow("no such library") << "libnvidia-ml-absent.so.1";
    QTest::newRow("a library without NVML's symbols") << "libc.so.6";
    // The real name: this machine has no NVIDIA driver; on one that has,
    // this row would see GPUs and is skipped below.
    QTest::newRow("libnvidia-ml.so.1") << "libnvidia-ml.so.1";
  }

  void nvmlAbsentMeansNoGpuRows() {
    QFETCH(QString, library);
    HostReaderOptions options = fromSnapshot("debian12-vm");
    options.nvmlLibrary = library.toStdString();
    auto created = HostCluster::create(options);
    QVERIFY(std::holds_alternative<std::unique_ptr<HostCluster>>(created));
    const auto& cluster = *std::get<std::unique_ptr<HostCluster>>(created);
    if (cluster.reader().nvmlStatus().empty()) QSKIP("an NVIDIA driver is installed here");
    QCOMPARE(cluster.topology().deviceCount(DeviceKind::Gpu), std::size_t(0));
    QVERIFY(cluster.topology().nodes[0].kind == DeviceKind::Cpu);
    QCOMPARE(cluster.topology().devices.size(), std::size_t(1));
  }

  void thisHostAndNoJobs() {
    auto created = HostCluster::create(HostReaderOptions{});
    if (auto* e = std::get_if<HostError>(&created)) QFAIL(e->message().c_str());
    auto& cluster = *std::get<std::unique_ptr<HostCluster>>(created);
    cluster.step();
    const Topology& t = cluster.topology();
    QCOMPARE(t.nodes.size(), std::size_t(1));
    QVERIFY(t.deviceCount(DeviceKind::Cpu) >= 1);
    QVERIFY(t.nodes[0].memoryMib > 0);
    QCOMPARE(cluster.frame().nodeUp[0], std::uint8_t(1));
    QVERIFY(cluster.frame().utilization[0] >= 0.0f && cluster.frame().utilization[0] <= 1.0f);
    QVERIFY(!cluster.schedulesJobs());
    QVERIFY(std::holds_alternative<FieldError>(cluster.submit(JobSpec{})));
  }
};

QTEST_GUILESS_MAIN(TestHostSource)
#include "tst_host_source.moc"
