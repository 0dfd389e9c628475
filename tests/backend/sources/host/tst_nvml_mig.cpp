// MIG partitions end to end with a fake NVML (fake_nvml.cpp, built beside
// this test): a GPU in MIG mode read with its instances, a plain GPU and a
// GPU whose MIG calls are not supported read whole, a library without MIG's
// functions reading every GPU whole; and the partitions through the host
// source's and the agents source's topologies, over the wire, as
// model/mig_layout.h reads them.
#include "base/model/device_kind.h"
#include "base/model/mig_layout.h"
#include "base/model/topology.h"
#include "checked_value.h"
#include "hetsched.pb.h"
#include "serve/rpc/proto_convert.h"
#include "serve/rpc/report_convert.h"
#include "sources/cluster/agent_cluster.h"
#include "sources/cluster/node_report.h"
#include "sources/host/gpu_reading.h"
#include "sources/host/host_cluster.h"
#include "sources/host/host_reader.h"
#include "sources/host/host_report.h"
#include "sources/host/host_sample.h"
#include "sources/host/nvml_library.h"

#include <QTest>
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string_view>
#include <variant>
#include <vector>

using namespace hetsched;

namespace {

constexpr std::uint64_t kMib = std::uint64_t{1024} * 1024;
// One A100 in MIG mode (3g.20gb + 2 x 2g.10gb), one plain H100, and a T4,
// whose MIG calls answer NOT_SUPPORTED.
const char* const kLayout =
    "NVIDIA A100-SXM4-40GB|40960|mig=3g.20gb+2g.10gb+2g.10gb;"
    "NVIDIA H100 80GB HBM3|81559|plain;"
    "Tesla T4|15360|unsupported";

HostReaderOptions withNvml(const char* library) {
  HostReaderOptions options;
  options.root = HETSCHED_TEST_DATA "/host/debian12-vm";
  options.nvmlLibrary = library;
  return options;
}

std::vector<GpuReading> readGpus(const char* library, const char* layout) {
  qputenv("HETSCHED_FAKE_NVML", layout);
  HostReader reader(withNvml(library));
  if (!reader.nvmlStatus().empty()) qWarning("NVML: %s", reader.nvmlStatus().c_str());
  auto sample = reader.sample();
  if (!std::holds_alternative<HostSample>(sample)) return {};
  return std::get<HostSample>(sample).gpus;
}

std::optional<std::size_t> deviceNamed(const Topology& t, std::string_view model, int nth = 0) {
  for (std::size_t d = 0; d < t.devices.size(); ++d)
    if (t.modelOf(d).name == model && nth-- == 0) return d;
  return std::nullopt;
}

}  // namespace

class TestNvmlMig : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void migGpuReadsItsInstances() {
    const auto gpus = readGpus(FAKE_NVML, kLayout);
    QCOMPARE(gpus.size(), std::size_t{6});
    // The A100, whole: its power and temperature, its 7 slices.
    QCOMPARE(gpus[0].name, std::string("NVIDIA A100-SXM4-40GB"));
    QVERIFY(!gpus[0].isMigInstance());
    QCOMPARE(gpus[0].migSlices, 7u);
    QCOMPARE(gpus[0].powerWatts, 250.0);
    QCOMPARE(gpus[0].memoryTotalBytes, 40960 * kMib);
    // Its instances, right after it.
    const char* profiles[] = {"3g.20gb", "2g.10gb", "2g.10gb"};
    const std::uint64_t memoryMib[] = {19968, 9984, 9984};
    const std::uint32_t slices[] = {3, 2, 2};
    for (std::size_t i = 0; i < 3; ++i) {
      const GpuReading& mig = gpus[1 + i];
      QVERIFY(mig.isMigInstance());
      QCOMPARE(mig.migParent, 0);
      QCOMPARE(mig.migProfile, std::string(profiles[i]));
      QCOMPARE(mig.name, "NVIDIA A100-SXM4-40GB MIG " + std::string(profiles[i]));
      QCOMPARE(mig.memoryTotalBytes, memoryMib[i] * kMib);
      QCOMPARE(mig.memoryUsedBytes, mig.memoryTotalBytes / 10 * (i + 1));
      QCOMPARE(mig.migSlices, slices[i]);
      QCOMPARE(mig.gpuInstanceId, static_cast<std::uint32_t>(i + 1));
      QCOMPARE(mig.multiprocessors, 14 * slices[i]);
      // NVML gives no power or temperature per instance: not the GPU's copied.
      QCOMPARE(mig.powerWatts, 0.0);
    }
    // The H100 and the T4 unchanged: whole GPUs with their own readings.
    for (std::size_t i : {4u, 5u}) {
      QVERIFY(!gpus[i].isMigInstance());
      QCOMPARE(gpus[i].migSlices, 0u);
      QCOMPARE(gpus[i].utilization, (40 + i - 3) / 100.0);
    }
    QCOMPARE(gpus[4].name, std::string("NVIDIA H100 80GB HBM3"));
    QCOMPARE(gpus[5].name, std::string("Tesla T4"));
  }

  void profileNames_data() {
    QTest::addColumn<QString>("gpu");
    QTest::addColumn<QStringList>("profiles");
    QTest::newRow("A100 40GB, seven 1g.5gb") << "NVIDIA A100-SXM4-40GB|40960|mig=" << QStringList(7, "1g.5gb");
    QTest::newRow("A100 40GB, 7g.40gb") << "NVIDIA A100-SXM4-40GB|40960|mig=" << QStringList{"7g.40gb"};
    QTest::newRow("A100 80GB, compute instances smaller than their GPU instance")
        << "NVIDIA A100-SXM4-80GB|81920|mig=" << QStringList{"1c.3g.40gb", "2c.3g.40gb", "1g.10gb"};
    QTest::newRow("H100 80GB, 81559 MiB") << "NVIDIA H100 80GB HBM3|81559|mig=" << QStringList{"1g.20gb", "4g.40gb"};
    QTest::newRow("A30 24GB") << "NVIDIA A30|24576|mig=" << QStringList{"1g.6gb", "2g.12gb"};
  }
  // The profile is made from the instance's memory share and slices, as
  // NVIDIA's device plugin names its nvidia.com/mig-* resources.
  void profileNames() {
    QFETCH(QString, gpu);
    QFETCH(QStringList, profiles);
    const auto gpus = readGpus(FAKE_NVML, (gpu + profiles.join('+')).toUtf8().constData());
    QCOMPARE(gpus.size(), static_cast<std::size_t>(profiles.size()) + 1);
    for (qsizetype i = 0; i < profiles.size(); ++i)
      QCOMPARE(QString::fromStdString(gpus[static_cast<std::size_t>(i) + 1].migProfile), profiles[i]);
  }

  void libraryWithoutMigReadsEveryGpuWhole() {
    const auto gpus = readGpus(FAKE_NVML_NO_MIG, kLayout);
    QCOMPARE(gpus.size(), std::size_t{3});
    for (const GpuReading& g : gpus) {
      QVERIFY(!g.isMigInstance());
      QCOMPARE(g.migSlices, 0u);
    }
    QCOMPARE(gpus[0].memoryTotalBytes, 40960 * kMib);
    std::string why;
    auto nvml = NvmlLibrary::open(FAKE_NVML_NO_MIG, &why);
    QVERIFY2(nvml, why.c_str());
    QVERIFY(!nvml->readsMig());
  }

  void hostTopologyHasThePartitions() {
    qputenv("HETSCHED_FAKE_NVML", kLayout);
    auto created = HostCluster::create(withNvml(FAKE_NVML));
    QVERIFY(std::holds_alternative<std::unique_ptr<HostCluster>>(created));
    const Topology topology = std::get<std::unique_ptr<HostCluster>>(created)->topology();
    checkPartitions(topology);
  }

  // An agent's report crosses the wire (ResourceMetrics) into the agents
  // source, whose topology crosses it again to a console.
  void agentsTopologyHasThePartitions() {
    const auto gpus = readGpus(FAKE_NVML, kLayout);
    HostSample sample;
    sample.cpuModel = "CPU";
    sample.cpuGroups = {{0, 8, 0.5}};
    sample.memory.totalBytes = std::uint64_t{64} * 1024 * kMib;
    sample.memory.availableBytes = std::uint64_t{32} * 1024 * kMib;
    sample.gpus = gpus;
    v1::ResourceMetrics wire;
    toProto(toNodeReport(sample, "gpu-node-1", 1000, 3000), &wire);
    auto report = fromProto(wire);
    QVERIFY(std::holds_alternative<NodeReport>(report));
    AgentCluster agents(3000);
    QVERIFY(!agents.report(std::get<NodeReport>(report)));
    agents.step();
    v1::Topology topologyWire;
    toProto(agents.topology(), &topologyWire);
    auto topology = fromProto(topologyWire);
    QVERIFY(std::holds_alternative<Topology>(topology));
    checkPartitions(std::get<Topology>(topology));
  }

  // What a topology from a newer or odder gateway may hold: instances
  // without their GPU (an agent that lists them alone), a plain GPU between.
  void layoutWithoutParents() {
    Topology t;
    t.models = {{"NVIDIA A100-SXM4-40GB", DeviceKind::Gpu, 0, 0, 0, 40960, 0, 0, 7},
                {"NVIDIA A100-SXM4-40GB MIG 3g.20gb", DeviceKind::Gpu, 0, 0, 0, 19968, 0, 0, 3},
                {"NVIDIA H100 80GB HBM3", DeviceKind::Gpu, 0, 0, 0, 81559, 0, 0, 0},
                {"Xeon MIG 3g", DeviceKind::Cpu, 0, 0, 0, 0, 0, 0, 16}};
    t.nodes = {{"a", DeviceKind::Gpu, 0, 3, 0, 0}, {"b", DeviceKind::Gpu, 3, 3, 0, 0}};
    // a: the A100, the H100, an instance (the H100 ends the A100's run);
    // b: a CPU whose name looks like MIG, an instance alone, the A100 with none.
    t.devices = {{0, 0, 0}, {0, 1, 2}, {0, 2, 1}, {1, 0, 3}, {1, 1, 1}, {1, 2, 0}};
    const MigLayout mig = MigLayout::of(t);
    QVERIFY(!mig.empty());
    QVERIFY(mig.inMigMode(0));
    QCOMPARE(mig.instanceCount(0), 0u);
    QVERIFY(mig.isInstance(2));
    QVERIFY(!mig.parentOf(2));
    QCOMPARE(mig.computeShare(2), 0.0);
    QVERIFY(!mig.isInstance(3));
    QVERIFY(mig.isInstance(4));
    QVERIFY(!mig.parentOf(4));
    QVERIFY(mig.inMigMode(5));
    QCOMPARE(mig.profileOf(t, 4), std::string_view("3g.20gb"));
    QVERIFY(!parseMigModelName(" MIG 3g.20gb"));
    QVERIFY(!parseMigModelName("NVIDIA A100 MIG "));
    QVERIFY(MigLayout::of(Topology{}).empty());
  }

  // A cluster without MIG keeps no per-device arrays (25 MB a view at 10^6
  // devices) and answers every device as a plain one.
  void layoutWithoutMigAnswersPlainDevices() {
    Topology t;
    t.models = {{"NVIDIA H100 80GB HBM3", DeviceKind::Gpu, 0, 0, 0, 81559, 0, 0, 0},
                {"Xeon MIG 3g", DeviceKind::Cpu, 0, 0, 0, 0, 0, 0, 16}};
    t.nodes = {{"a", DeviceKind::Gpu, 0, 3, 0, 0}};
    t.devices = {{0, 0, 0}, {0, 1, 0}, {0, 2, 1}};
    const MigLayout mig = MigLayout::of(t);
    QVERIFY(mig.empty());
    for (std::uint32_t d = 0; d < 3; ++d) {
      QVERIFY(!mig.isInstance(d));
      QVERIFY(!mig.inMigMode(d));
      QVERIFY(!mig.parentOf(d));
      QCOMPARE(mig.slices(d), 0u);
      QCOMPARE(mig.slicesHeld(d), 0u);
      QCOMPARE(mig.instanceCount(d), 0u);
      QCOMPARE(mig.lastInstance(d), d);
      QCOMPARE(mig.computeShare(d), 0.0);
      QVERIFY(mig.profileOf(t, d).empty());
    }
  }

 private:
  static void checkPartitions(const Topology& t) {
    const MigLayout mig = MigLayout::of(t);
    const auto a100 = deviceNamed(t, "NVIDIA A100-SXM4-40GB");
    VERIFY_HAS_VALUE(a100);
    QVERIFY(mig.inMigMode(*a100));
    QCOMPARE(mig.instanceCount(*a100), 3u);
    QCOMPARE(mig.slices(*a100), 7u);
    QCOMPARE(mig.slicesHeld(*a100), 7u);
    QCOMPARE(t.modelOf(*a100).memoryMib, std::uint64_t{40960});
    const auto big = deviceNamed(t, "NVIDIA A100-SXM4-40GB MIG 3g.20gb");
    const auto small0 = deviceNamed(t, "NVIDIA A100-SXM4-40GB MIG 2g.10gb");
    const auto small1 = deviceNamed(t, "NVIDIA A100-SXM4-40GB MIG 2g.10gb", 1);
    VERIFY_HAS_VALUE(big);
    VERIFY_HAS_VALUE(small0);
    VERIFY_HAS_VALUE(small1);
    QCOMPARE(mig.lastInstance(*a100), static_cast<std::uint32_t>(*small1));
    for (const std::size_t d : {*big, *small0, *small1}) {
      QVERIFY(mig.isInstance(d));
      QCOMPARE(mig.parentOf(d), std::optional<std::uint32_t>(static_cast<std::uint32_t>(*a100)));
      QCOMPARE(t.devices[d].node, t.devices[*a100].node);
      QVERIFY(t.kindOf(d) == DeviceKind::Gpu);
    }
    QCOMPARE(mig.profileOf(t, *big), std::string_view("3g.20gb"));
    QCOMPARE(t.modelOf(*big).memoryMib, std::uint64_t{19968});
    QCOMPARE(t.modelOf(*small0).memoryMib, std::uint64_t{9984});
    QCOMPARE(mig.computeShare(*big), 3.0 / 7.0);
    // Both 2g.10gb instances are one model, as Kubernetes counts nvidia.com/mig-2g.10gb.
    QCOMPARE(t.devices[*small0].model, t.devices[*small1].model);
    for (const char* plain : {"NVIDIA H100 80GB HBM3", "Tesla T4"}) {
      const auto d = deviceNamed(t, plain);
      if (!d) QFAIL(qPrintable(QStringLiteral("no device of model %1").arg(QLatin1String(plain))));
      QVERIFY(!mig.inMigMode(*d));
      QVERIFY(!mig.isInstance(*d));
      QVERIFY(!mig.parentOf(*d));
    }
    const auto gpus = std::ranges::count_if(
        t.devices, [&](const DeviceInfo& d) { return t.models[d.model].kind == DeviceKind::Gpu; });
    QCOMPARE(gpus, 6);
  }
};

QTEST_GUILESS_MAIN(TestNvmlMig)
#include "tst_nvml_mig.moc"
