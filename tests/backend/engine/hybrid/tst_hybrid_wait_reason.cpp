// "Why is this job waiting" when the hybrid holds a job back: the live
// scheduling core's facts with the hybrid scorer running in it.
#include "base/model/job.h"
#include "base/model/job_prediction.h"
#include "base/model/topology.h"
#include "engine/core/core_options.h"
#include "engine/core/decision_sink.h"
#include "engine/core/policy_arms.h"
#include "engine/core/scheduling_core.h"
#include "engine/core/scorer_registry.h"
#include "engine/core/wait_facts.h"
#include "engine/frag/frag_scorers.h"
#include "engine/frag/target_workload.h"
#include "engine/hybrid/hybrid_features.h"
#include "engine/hybrid/hybrid_registration.h"
#include "engine/hybrid/policy_search.h"
#include "engine/hybrid/weights_file.h"
#include "engine/policy/compiled_policy.h"
#include "engine/predict/wait_reason_of.h"
#include "engine/sim/sim_job.h"
#include "hybrid_test_workloads.h"

#include <QTest>
#include <cstddef>
#include <memory>
#include <string>
#include <vector>

using namespace hetsched;
using namespace hetsched::test;

class TestHybridWaitReason : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  // "Why is this job waiting" names the hybrid's deferral: a job it
  // deferred while a node had room waits Deferred, not Queue, in the live
  // core's facts (what the console and `hetsched queue` word), until
  // capacity of its kind is freed; then it starts.
  void aDeferredJobIsSaidToBeDeferred() {
    const Topology t = gpuCluster(2);
    std::vector<SimJob> jobs;
    for (const SimJob& j : fragmentingJobs(50, 3))
      if (j.spec.requests.gpuCount == 1 && jobs.size() < 2) jobs.push_back(j);
    QCOMPARE(jobs.size(), std::size_t{2});
    HybridModel deferring;
    deferring.weights[kJobFeatures + kNodeFeatures] = 100.0;  // defer's bias
    ScorerRegistry registry;
    const std::vector<JobRequests> requests{jobs[0].spec.requests, jobs[1].spec.requests};
    registerFragScorers(registry, std::make_shared<const frag::TargetWorkload>(targetWorkloadOf(requests)));
    addHybridScorer(registry, std::string(kHybridScorerName),
                    std::shared_ptr<const HybridModel>(&deferring, [](const HybridModel*) {}));
    CoreOptions options;
    options.scorers = &registry;
    SchedulingCore core(t, options);
    PolicyArms arms;
    arms.active = hybridPolicy(seedScore(), QueueKind::Fcfs);
    QVERIFY(core.setPolicies(arms).empty());
    core.arrive(0, jobs[0], 0.0);
    core.decide(0.0);
    QVERIFY(core.isRunning(0));  // nothing runs yet: no release would wake a deferral
    core.arrive(1, jobs[1], 1.0);
    core.decide(1.0);
    QVERIFY(core.isWaiting(1));
    const WaitFacts facts = core.waitFacts(1, 2.0);
    QVERIFY(facts.passedOver);
    QVERIFY(facts.nodesWithRoom > 0);
    QVERIFY(waitReasonOf(facts, jobs[1].spec.priority).cause == WaitCause::Deferred);
    const std::vector<JobSlot> waiting{1};
    QVERIFY(core.waitFacts(waiting, 2.0).front().passedOver);
    // The same facts without the deferral are the queue's.
    WaitFacts plain = facts;
    plain.passedOver = false;
    QVERIFY(waitReasonOf(plain, jobs[1].spec.priority).cause == WaitCause::Queue);
    core.complete(0, 3.0);
    core.decide(3.0);
    QVERIFY(core.isRunning(1));
  }
};

QTEST_GUILESS_MAIN(TestHybridWaitReason)
#include "tst_hybrid_wait_reason.moc"
