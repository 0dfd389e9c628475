// Benchmark: what reading MIG instances adds to a host read. One A100 in MIG
// mode with seven 1g.5gb instances and seven plain GPUs (15 readings),
// beside the same eight GPUs with MIG off (8 readings, the baseline), read
// through the fake NVML (fake_nvml.cpp): NvmlLibrary::read() alone, and
// HostReader::sample() (the recorded /proc of tests/data/host as well).
// `bench_nvml_read -median 7`.
#include "sources/host/host_reader.h"
#include "sources/host/host_sample.h"
#include "sources/host/nvml_library.h"

#include <QTest>
#include <cstddef>
#include <string>
#include <variant>

using namespace hetsched;

namespace {

QByteArray layout(bool mig) {
  QByteArray spec = mig ? "NVIDIA A100-SXM4-40GB|40960|mig=1g.5gb+1g.5gb+1g.5gb+1g.5gb+1g.5gb+1g.5gb+1g.5gb"
                        : "NVIDIA A100-SXM4-40GB|40960|plain";
  for (int i = 0; i < 7; ++i) spec += ";NVIDIA H100 80GB HBM3|81559|plain";
  return spec;
}

void addRows() {
  QTest::addColumn<bool>("mig");
  QTest::addColumn<int>("readings");
  QTest::newRow("MIG off (baseline): 8 GPUs") << false << 8;
  QTest::newRow("MIG: 7 instances + 7 plain GPUs") << true << 15;
}

}  // namespace

class BenchNvmlRead : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void nvmlRead_data() { addRows(); }
  void nvmlRead() {
    QFETCH(bool, mig);
    QFETCH(int, readings);
    qputenv("HETSCHED_FAKE_NVML", layout(mig));
    std::string why;
    auto nvml = NvmlLibrary::open(FAKE_NVML, &why);
    QVERIFY2(nvml, why.c_str());
    QCOMPARE(nvml->read().size(), static_cast<std::size_t>(readings));
    std::size_t seen = 0;
    QBENCHMARK { seen += nvml->read().size(); }
    QVERIFY(seen % static_cast<std::size_t>(readings) == 0);
  }

  void hostSample_data() { addRows(); }
  void hostSample() {
    QFETCH(bool, mig);
    QFETCH(int, readings);
    qputenv("HETSCHED_FAKE_NVML", layout(mig));
    HostReaderOptions options;
    options.root = HETSCHED_TEST_DATA "/host/debian12-vm";
    options.nvmlLibrary = FAKE_NVML;
    HostReader reader(options);
    QVERIFY2(reader.nvmlStatus().empty(), reader.nvmlStatus().c_str());
    auto first = reader.sample();
    QVERIFY(std::holds_alternative<HostSample>(first));
    QCOMPARE(std::get<HostSample>(first).gpus.size(), static_cast<std::size_t>(readings));
    std::size_t seen = 0;
    QBENCHMARK { seen += std::get<HostSample>(reader.sample()).gpus.size(); }
    QVERIFY(seen % static_cast<std::size_t>(readings) == 0);
  }
};

QTEST_GUILESS_MAIN(BenchNvmlRead)
#include "bench_nvml_read.moc"
