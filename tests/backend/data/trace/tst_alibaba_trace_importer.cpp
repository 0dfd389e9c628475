#include "base/model/job.h"
#include "checked_value.h"
#include "data/trace/alibaba_trace_importer.h"
#include "data/trace/import_error.h"
#include "data/trace/trace_node.h"
#include "data/trace/trace_pod.h"

#include <QtTest>
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

using namespace hetsched;
using namespace hetsched::trace;

namespace {

// QCOMPARE would find our toString(enum) by ADL; compare enums as numbers.
template <class E>
int n(E e) {
  return static_cast<int>(e);
}

std::string dataFile(const char* name) { return std::string(HETSCHED_TEST_DATA) + "/alibaba/" + name; }

// The import's bookkeeping: every data row is kept or rejected, none vanishes.
template <class Result>
void verifyNothingDropped(const Result& r) {
  QCOMPARE(r.rowsRead, r.rows.size() + r.rowsRejected);
  QVERIFY(r.errors.size() >= r.rowsRejected);
}

}  // namespace

class TestAlibabaTraceImporter : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void defaultExcerptRoundTrip() {
    const auto r = AlibabaTraceImporter::loadPods(dataFile("openb_pod_list_default_excerpt.csv"));
    QVERIFY(!r.fatal);
    QVERIFY(r.errors.empty());
    QCOMPARE(r.rows.size(), std::size_t{400});
    verifyNothingDropped(r);

    const TracePod& first = r.rows.front();
    QCOMPARE(first.name, std::string("openb-pod-0000"));
    QCOMPARE(first.cpuMilli, 12000U);
    QCOMPARE(first.memoryMib, std::uint64_t{16384});
    QCOMPARE(first.gpuCount, 1U);
    QCOMPARE(first.gpuMilli, 1000U);
    QVERIFY(first.gpuModels.empty());
    QVERIFY(first.hasSchedulingColumns);
    QCOMPARE(n(first.qos), n(Qos::LatencySensitive));
    QCOMPARE(n(first.priority), n(PriorityClass::High));
    QCOMPARE(first.podPhase, std::string("Running"));
    QCOMPARE(first.creationTime, std::optional<std::int64_t>(0));
    QCOMPARE(first.deletionTime, std::optional<std::int64_t>(12537496));
    QCOMPARE(first.runtimeS(), std::optional<std::int64_t>(12537496));

    // openb-pod-0001 shares 46% of one GPU.
    const TracePod& share = r.rows[1];
    QCOMPARE(share.gpuMilli, 460U);
    QCOMPARE(share.runtimeS(), std::optional<std::int64_t>(12902960 - 427061));
    const JobSpec spec = share.toJobSpec();
    QCOMPARE(spec.requests.gpuCount, 0U);
    QCOMPARE(spec.requests.gpuMilli, 460U);
    QCOMPARE(spec.requests.cpuMilli, 6000U);
    QCOMPARE(spec.estimatedRuntimeS, double(12902960 - 427061));
    QCOMPARE(first.toJobSpec().requests.gpuCount, 1U);
    QCOMPARE(first.toJobSpec().requests.gpuMilli, 0U);
  }

  void nodeExcerpt() {
    const auto r = AlibabaTraceImporter::loadNodes(dataFile("openb_node_list_gpu_node_excerpt.csv"));
    QVERIFY(r.ok());
    QCOMPARE(r.rows.size(), std::size_t{61});
    verifyNothingDropped(r);
    const TraceNode expected{"openb-node-0000", 64000, 262144, 2, "P100"};
    QCOMPARE(r.rows.front(), expected);
    std::uint64_t gpus = 0;
    for (const TraceNode& n : r.rows) gpus += n.gpuCount;
    QCOMPARE(gpus, std::uint64_t{314});
  }

  void gpuSpecSplitsIntoModels() {
    const auto r = AlibabaTraceImporter::loadPods(dataFile("openb_pod_list_gpuspec10_excerpt.csv"));
    QVERIFY(r.ok());
    QCOMPARE(r.rows.size(), std::size_t{80});
    const auto constrained =
        std::count_if(r.rows.begin(), r.rows.end(), [](const TracePod& p) { return !p.gpuModels.empty(); });
    QCOMPARE(constrained, 40);
    QCOMPARE(r.rows.front().gpuModels, std::vector<std::string>{"T4"});
  }

  void multiGpuFiveColumnVariant() {
    const auto r = AlibabaTraceImporter::loadPods(dataFile("openb_pod_list_multigpu20_excerpt.csv"));
    QVERIFY(r.ok());
    QCOMPARE(r.rows.size(), std::size_t{60});
    verifyNothingDropped(r);
    const TracePod& first = r.rows.front();
    QCOMPARE(first.name, std::string("openb-pod-0017"));
    QCOMPARE(first.gpuCount, 8U);
    QCOMPARE(first.gpuMilli, 1000U);
    QVERIFY(!first.hasSchedulingColumns);
    QVERIFY(!first.runtimeS());
    const auto multi = std::count_if(r.rows.begin(), r.rows.end(), [](const TracePod& p) { return p.gpuCount > 1; });
    QCOMPARE(multi, 20);
  }

  void malformedRowsAreReported_data() {
    QTest::addColumn<int>("line");
    QTest::addColumn<QString>("column");
    QTest::addColumn<int>("problem");
    QTest::addColumn<QString>("message");
    auto row = [](const char* tag, int line, const char* column, ImportProblem problem, const char* message) {
      QTest::newRow(tag) << line << QString::fromLatin1(column) << static_cast<int>(problem)
                         << QString::fromLatin1(message);
    };
    row("not a number", 3, "gpu_milli", ImportProblem::NotANumber,
        "malformed_pods.csv:3: gpu_milli: not a number 'abc'");
    row("field count", 4, "row", ImportProblem::WrongFieldCount,
        "malformed_pods.csv:4: row: wrong number of fields '10 fields, expected 11'");
    row("qos", 5, "qos", ImportProblem::UnknownQos, "malformed_pods.csv:5: qos: unknown QoS 'XX'");
    row("negative", 6, "cpu_milli", ImportProblem::OutOfRange, "malformed_pods.csv:6: cpu_milli: out of range '-5'");
    row("share without GPU", 7, "gpu_milli", ImportProblem::Inconsistent,
        "malformed_pods.csv:7: gpu_milli: inconsistent with other columns '500'");
    row("no name", 8, "name", ImportProblem::EmptyField, "malformed_pods.csv:8: name: empty value");
    row("duplicate", 9, "name", ImportProblem::DuplicateName,
        "malformed_pods.csv:9: name: duplicate name 'openb-pod-0000'");
    row("memory", 11, "memory_mib", ImportProblem::NotANumber, "malformed_pods.csv:11: memory_mib: not a number 'x'");
    row("same row, second column", 11, "num_gpu", ImportProblem::NotANumber,
        "malformed_pods.csv:11: num_gpu: not a number 'y'");
    row("empty model", 12, "gpu_spec", ImportProblem::EmptyField,
        "malformed_pods.csv:12: gpu_spec: empty value 'T4||A10'");
  }

  void malformedRowsAreReported() {
    QFETCH(int, line);
    QFETCH(QString, column);
    QFETCH(int, problem);
    QFETCH(QString, message);
    const auto r = AlibabaTraceImporter::loadPods(dataFile("malformed_pods.csv"));
    QVERIFY(!r.fatal);
    const auto it = std::find_if(r.errors.begin(), r.errors.end(), [&](const ImportError& e) {
      return e.line == static_cast<std::size_t>(line) && e.column == column.toStdString();
    });
    QVERIFY2(it != r.errors.end(), qPrintable(column));
    QCOMPARE(static_cast<int>(it->problem), problem);
    QCOMPARE(QString::fromStdString(describe(*it)), message);
  }

  void malformedCountsAddUp() {
    const auto r = AlibabaTraceImporter::loadPods(dataFile("malformed_pods.csv"));
    QCOMPARE(r.rowsRead, std::size_t{12});
    QCOMPARE(r.rows.size(), std::size_t{3});
    QCOMPARE(r.rowsRejected, std::size_t{9});
    QCOMPARE(r.errors.size(), std::size_t{10});
    verifyNothingDropped(r);
    // The good rows survive their bad neighbours, pending times stay unknown.
    QCOMPARE(r.rows[1].name, std::string("openb-pod-0008"));
    QVERIFY(!r.rows[1].deletionTime);
    QVERIFY(!r.rows[1].runtimeS());
    QCOMPARE(n(r.rows[1].priority), n(PriorityClass::Middle));
    QCOMPARE(r.rows[2].gpuModels, (std::vector<std::string>{"V100M16", "V100M32"}));
    QCOMPARE(r.rows[2].runtimeS(), std::optional<std::int64_t>(50));
  }

  void qosToPriority_data() {
    QTest::addColumn<QString>("qos");
    QTest::addColumn<int>("priority");
    QTest::newRow("LS") << QStringLiteral("LS") << static_cast<int>(PriorityClass::High);
    QTest::newRow("Guaranteed") << QStringLiteral("Guaranteed") << static_cast<int>(PriorityClass::High);
    QTest::newRow("Burstable") << QStringLiteral("Burstable") << static_cast<int>(PriorityClass::Middle);
    QTest::newRow("BE") << QStringLiteral("BE") << static_cast<int>(PriorityClass::Low);
  }

  void qosToPriority() {
    QFETCH(QString, qos);
    QFETCH(int, priority);
    std::istringstream in(
        "name,cpu_milli,memory_mib,num_gpu,gpu_milli,gpu_spec,qos,pod_phase,creation_time,"
        "deletion_time,scheduled_time\np,1000,1024,0,0,," +
        qos.toStdString() + ",Running,1,2,1\n");
    const auto r = AlibabaTraceImporter::readPods(in, "x.csv");
    QVERIFY(r.ok());
    QCOMPARE(static_cast<int>(r.rows.at(0).priority), priority);
  }

  void headerMismatchIsFatal() {
    std::istringstream in("name,cpu,memory_mib,num_gpu,gpu_milli\np,1,1,0,0\n");
    const auto r = AlibabaTraceImporter::readPods(in, "pods.csv");
    VERIFY_HAS_VALUE(r.fatal);
    QCOMPARE(n(r.fatal->problem), n(ImportProblem::HeaderMismatch));
    QCOMPARE(r.fatal->line, std::size_t{1});
    QVERIFY(r.rows.empty());
    QVERIFY(describe(*r.fatal).starts_with("pods.csv:1: header: unexpected header, expected 'name,cpu_milli,"));

    std::istringstream nodes("sn,cpu_milli,memory_mib,gpu\n");
    const auto badHeader = AlibabaTraceImporter::readNodes(nodes, "nodes.csv");
    VERIFY_HAS_VALUE(badHeader.fatal);
    QCOMPARE(n(badHeader.fatal->problem), n(ImportProblem::HeaderMismatch));
    std::istringstream empty("");
    const auto emptyFile = AlibabaTraceImporter::readNodes(empty, "nodes.csv");
    VERIFY_HAS_VALUE(emptyFile.fatal);
    QCOMPARE(n(emptyFile.fatal->problem), n(ImportProblem::EmptyFile));
  }

  void missingFileIsFatal() {
    const auto r = AlibabaTraceImporter::loadNodes(dataFile("no_such_file.csv"));
    VERIFY_HAS_VALUE(r.fatal);
    QCOMPARE(n(r.fatal->problem), n(ImportProblem::CannotOpen));
    QVERIFY(describe(*r.fatal).find("no_such_file.csv: cannot open file") != std::string::npos);
  }

  void malformedNodes() {
    std::istringstream in(
        "sn,cpu_milli,memory_mib,gpu,model\r\n"
        "a,64000,262144,2,P100\r\n"
        "b,64000,262144,2,\r\n"
        "c,lots,262144,0,\r\n"
        "\r\n"
        "d,32000,131072,0,\r\n");
    const auto r = AlibabaTraceImporter::readNodes(in, "nodes.csv");
    QCOMPARE(r.rowsRead, std::size_t{5});
    QCOMPARE(r.rows.size(), std::size_t{2});
    QCOMPARE(r.rows[0].gpuModel, std::string("P100"));  // CRLF does not leak into the model
    QCOMPARE(r.rows[1].name, std::string("d"));
    verifyNothingDropped(r);
    QCOMPARE(r.errors.size(), std::size_t{3});
    QCOMPARE(describe(r.errors[0]), std::string("nodes.csv:3: model: empty value"));
    QCOMPARE(describe(r.errors[1]), std::string("nodes.csv:4: cpu_milli: not a number 'lots'"));
    QCOMPARE(describe(r.errors[2]), std::string("nodes.csv:5: empty row"));
  }
};

QTEST_GUILESS_MAIN(TestAlibabaTraceImporter)
#include "tst_alibaba_trace_importer.moc"
