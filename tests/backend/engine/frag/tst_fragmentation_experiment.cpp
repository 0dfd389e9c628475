#include "data/trace/alibaba_trace_importer.h"
#include "data/trace/trace_node.h"
#include "data/trace/trace_pod.h"
#include "engine/frag/fragmentation_experiment.h"
#include "engine/frag/pod_request.h"
#include "engine/frag/policy_kind.h"

#include <QtTest>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

using namespace hetsched;
using namespace hetsched::frag;

namespace {

std::string dataFile(const char* name) { return std::string(HETSCHED_TEST_DATA) + "/alibaba/" + name; }

}  // namespace

class TestFragmentationExperiment : public QObject {
  Q_OBJECT

 private:
  std::vector<trace::TraceNode> m_nodes;
  std::vector<trace::TracePod> m_pods;

 private Q_SLOTS:
  void initTestCase() {
    const auto nodes = trace::AlibabaTraceImporter::loadNodes(dataFile("openb_node_list_gpu_node_excerpt.csv"));
    const auto pods = trace::AlibabaTraceImporter::loadPods(dataFile("openb_pod_list_default_excerpt.csv"));
    QVERIFY(nodes.ok());
    QVERIFY(pods.ok());
    m_nodes = nodes.rows;
    m_pods = pods.rows;
  }

  void workloadIsInflatedTo130Percent() {
    const FragmentationExperiment ex(m_nodes, m_pods, {});
    QCOMPARE(ex.gpuCapacityMilli(), std::uint64_t{314000});
    const auto pods = ex.workloadFor(42);
    std::uint64_t requested = 0;
    for (const PodRequest& p : pods) requested += p.totalGpuMilli();
    QVERIFY(pods.size() > m_pods.size());
    QVERIFY(requested <= 1.3 * 314000);
    QVERIFY(requested > 1.3 * 314000 - 8000);  // stops within one task of the target
    // The originals come first, shuffled; the resampled copies follow.
    QVERIFY(pods[m_pods.size()].name.find("-tuned-0") != std::string::npos);
    QVERIFY(ex.workloadFor(43)[0].name != pods[0].name || ex.workloadFor(43)[1].name != pods[1].name);
  }

  void sameSeedSameResult_data() {
    QTest::addColumn<int>("policy");
    for (const PolicyKind k : kAllPolicies) QTest::newRow(std::string(cliName(k)).c_str()) << static_cast<int>(k);
  }

  void sameSeedSameResult() {
    QFETCH(int, policy);
    const auto kind = static_cast<PolicyKind>(policy);
    const FragmentationExperiment ex(m_nodes, m_pods, {});
    const FragmentationRun a = ex.runOne(kind, 42);
    const FragmentationRun b = ex.runOne(kind, 42);
    QCOMPARE(a.tasks, b.tasks);
    QCOMPARE(a.failedTasks, b.failedTasks);
    QCOMPARE(a.unallocatedPct, b.unallocatedPct);
    QCOMPARE(a.unallocatedPct.size(), std::size_t{8});
    for (const double v : a.unallocatedPct) QVERIFY(std::isnan(v) || (v >= 0.0 && v <= 100.0));
    // At 80% arrived nothing has failed yet on this cluster: 20% is unallocated.
    QVERIFY(std::abs(a.unallocatedPct[0] - 20.0) < 2.5);
    QVERIFY(a.failedTasks > 0);  // 130% cannot all fit
  }

  void parallelSweepMatchesSequentialRuns() {
    FragmentationExperimentConfig config;
    config.seeds = {42, 43, 44};
    config.policies = {PolicyKind::Fgd, PolicyKind::BestFit};
    config.workers = 2;
    const FragmentationExperiment ex(m_nodes, m_pods, config);
    const auto summaries = ex.run();
    QCOMPARE(summaries.size(), std::size_t{2});
    for (const FragmentationSummary& s : summaries) {
      QCOMPARE(s.runs.size(), std::size_t{3});
      QCOMPARE(s.secondsPerSeed.size(), std::size_t{3});
      std::vector<double> at100;
      for (const FragmentationRun& r : s.runs) {
        QCOMPARE(r.unallocatedPct, ex.runOne(s.policy, r.seed).unallocatedPct);
        at100.push_back(r.unallocatedPct[3]);
      }
      std::sort(at100.begin(), at100.end());
      QCOMPARE(s.medianUnallocatedPct[3], at100[1]);
    }
  }

  void nodeNamesArePermutedPerSeed() {
    FragmentationExperimentConfig config;
    const FragmentationExperiment shuffled(m_nodes, m_pods, config);
    const auto a = shuffled.clusterFor(42);
    QCOMPARE(a.size(), m_nodes.size());
    QVERIFY(a.front().name().ends_with("-openb-node-0000"));
    const auto b = shuffled.clusterFor(43);
    std::size_t differing = 0;
    for (std::size_t i = 0; i < a.size(); ++i) differing += a[i].name() != b[i].name() ? 1 : 0;
    QVERIFY(differing > a.size() / 2);
    config.shuffleNodeNames = false;
    const FragmentationExperiment plain(m_nodes, m_pods, config);
    QCOMPARE(plain.clusterFor(42).front().name(), std::string("openb-node-0000"));
  }
};

QTEST_GUILESS_MAIN(TestFragmentationExperiment)
#include "tst_fragmentation_experiment.moc"
