// `hetsched experiment hybrid`: leave one workload out, every policy judged
// by its median over replays of the left-out list.
#include "base/model/topology.h"
#include "engine/hybrid/hybrid_experiment.h"
#include "engine/sim/sim_job.h"
#include "engine/sim/sim_result.h"
#include "hybrid_test_workloads.h"

#include <QTest>
#include <cstddef>
#include <vector>

using namespace hetsched;
using namespace hetsched::test;

class TestHybridExperiment : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  // `experiment hybrid` judges every policy by its median over replays of
  // the left-out list: the first as recorded, the others with arrivals
  // moved by up to the jitter. One replay is the recorded run exactly; the
  // median lies within the replays' range; the moved replays are other
  // runs (the arrivals of a loaded queue moved by up to 30 s change who
  // waits behind whom); the same options give the same numbers.
  void experimentJudgesByTheMedianOverReplays() {
    const Topology t = gpuCluster(4);
    const auto lists = workloads({3, 4}, 300);
    HybridExperimentOptions o;
    o.seeds = {1};
    o.training = quick(1);
    o.training.generations = 1;
    o.replays = 1;
    const HybridExperiment once = runHybridExperiment(t, seedScore(), lists, o);
    QCOMPARE(once.tests.size(), std::size_t{2});
    for (const HybridTest& test : once.tests) {
      const std::size_t w = test.workload == lists[0].name ? 0 : 1;
      std::vector<SimJob> recorded = lists[w].jobs;  // from 0, as the experiment replays a list
      for (SimJob& j : recorded) j.arrivalS -= lists[w].jobs.front().arrivalS;
      const SimSummary rule = simulate(t, seedScore(), recorded);
      QCOMPARE(test.baselines[0].waitAvgS, rule.waitAvgS);
      QCOMPARE(test.baselines[0].waitAvgRecordedS, rule.waitAvgS);
      QCOMPARE(test.baselines[0].waitAvgLowS, rule.waitAvgS);
      QCOMPARE(test.baselines[0].waitAvgHighS, rule.waitAvgS);
    }
    o.replays = 9;
    o.jitterS = 30.0;
    const HybridExperiment replayed = runHybridExperiment(t, seedScore(), lists, o);
    for (std::size_t k = 0; k < replayed.tests.size(); ++k) {
      const HybridTest& test = replayed.tests[k];
      for (const PolicyOutcome& p : test.baselines) {
        QVERIFY(p.waitAvgLowS <= p.waitAvgS && p.waitAvgS <= p.waitAvgHighS);
        QVERIFY(p.waitAvgLowS <= p.waitAvgRecordedS && p.waitAvgRecordedS <= p.waitAvgHighS);
      }
      QCOMPARE(test.baselines[0].waitAvgRecordedS, once.tests[k].baselines[0].waitAvgS);
      QVERIFY(test.baselines[0].waitAvgLowS < test.baselines[0].waitAvgHighS);
      QCOMPARE(test.learned.front().waitAvgRecordedS, once.tests[k].learned.front().waitAvgS);
    }
    const HybridExperiment again = runHybridExperiment(t, seedScore(), lists, o);
    QCOMPARE(again.tests[1].learned.front().waitAvgS, replayed.tests[1].learned.front().waitAvgS);
    QCOMPARE(again.tests[1].baselines[3].waitAvgS, replayed.tests[1].baselines[3].waitAvgS);
  }
};

QTEST_GUILESS_MAIN(TestHybridExperiment)
#include "tst_hybrid_experiment.moc"
