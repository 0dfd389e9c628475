// What the simulator reads: the stop-gap Alibaba CSV reader, the seed's
// §3.1/§3.2 estimates and the runtime predictor.
#include "estimate/device_features.h"
#include "estimate/resource_estimate.h"
#include "estimate/runtime_predictor.h"
#include "sim/alibaba_csv.h"
#include "sim/synthetic_workload.h"
#include "sim_fixtures.h"

#include <QTest>

#include <cmath>
#include <sstream>

using namespace hetsched;
using namespace hetsched::testing;

class TestSimInputs : public QObject {
  Q_OBJECT

 private slots:
  // A training job with no requests but a §3.2 profile: classification,
  // input 64, batch 4 → 0.8 * 4 * sqrt(64) = 25.6 GB → one 40 GiB A100.
  void profileFillsMissingRequests() {
    const Topology t = syntheticTopology(10);
    SimJob j = job(0, 10);
    j.spec.kind = JobKind::Training;
    j.spec.requests = {};
    j.profile = TaskProfile{TaskType::Classification, 64, 4};
    const SimResult r = simulate(t, policy(QueueKind::Fcfs), {j});
    QCOMPARE(r.summary.completed, 1u);
    QCOMPARE(int(t.nodes[r.jobs[0].node].kind), int(DeviceKind::Gpu));
    QCOMPARE(r.jobs[0].devices.size(), std::size_t{1});
    j.profile = TaskProfile{TaskType::Nlp, 4096, 64};  // 2.1 * 64 * 64 GB: more than any node has
    QCOMPARE(simulate(t, policy(QueueKind::Fcfs), {j}).summary.unschedulable, 1u);
  }

  // The stop-gap reader of Alibaba's openb CSVs: a GPU node and a CPU node;
  // a GPU-sharing pod limited to one model, a CPU pod, and a pod that never
  // got scheduled (skipped).
  void alibabaCsv() {
    std::istringstream nodes("sn,cpu_milli,memory_mib,num_gpu,model\n"
                             "g0,96000,786432,8,V100M32\n"
                             "c0,64000,262144,0,\n");
    const Topology t = std::get<Topology>(readAlibabaNodes(nodes));
    QCOMPARE(t.nodes.size(), std::size_t{2});
    QCOMPARE(int(t.nodes[0].kind), int(DeviceKind::Gpu));
    QCOMPARE(t.nodes[0].deviceCount, 8u);
    QCOMPARE(t.modelOf(0).name, std::string("V100M32"));
    QCOMPARE(t.modelOf(0).tdpWatts, 300.0);
    QCOMPARE(int(t.nodes[1].kind), int(DeviceKind::Cpu));
    QCOMPARE(t.modelOf(8).cores, 64u);
    std::istringstream pods("name,cpu_milli,memory_mib,num_gpu,gpu_milli,gpu_spec,qos,pod_phase,creation_time,"
                            "deletion_time,scheduled_time\n"
                            "p0,8000,30000,1,500,V100M32,BE,Succeeded,100,400,110\n"
                            "p1,4000,1000,0,0,,LS,Running,150,,\n"
                            "p2,2000,1000,0,0,,LS,Succeeded,160,260,170\n");
    const AlibabaPods read = std::get<AlibabaPods>(readAlibabaPods(pods, t));
    QCOMPARE(read.jobs.size(), std::size_t{2});
    QCOMPARE(read.skipped, 1u);
    const SimJob& share = read.jobs[0];
    QCOMPARE(share.spec.requests.gpuMilli, 500u);
    QCOMPARE(share.spec.requests.gpuCount, 0u);
    QCOMPARE(share.allowedModels, (std::vector<std::uint32_t>{0}));
    QCOMPARE(share.runtimeS, 290.0);
    QCOMPARE(int(share.spec.priority), int(PriorityClass::Low));
    QCOMPARE(read.jobs[1].arrivalS, 60.0);
    const SimResult r = simulate(t, policy(QueueKind::Fcfs), read.jobs);
    QCOMPARE(r.summary.completed, 2u);
    QCOMPARE(r.jobs[0].node, 0u);
    QCOMPARE(r.jobs[1].node, 1u);
    std::istringstream bad("sn,cpu_milli,memory_mib\n");
    QCOMPARE(int(std::get<CsvError>(readAlibabaNodes(bad)).kind), int(CsvError::Kind::MissingColumn));
  }

  void seedEstimates() {
    const ResourceEstimate c = estimateResources(TaskType::Classification, 224, 32);
    QVERIFY(qFuzzyCompare(c.gpuFlops, 1.2 * 32 * 224));
    QVERIFY(qFuzzyCompare(c.memoryGb, 0.8 * 32 * std::sqrt(224.0)));
    const ResourceEstimate n = estimateResources(*parseTaskType("nlp"), 512, 8);
    QVERIFY(qFuzzyCompare(n.gpuFlops, 0.9 * 8 * 512));
    QVERIFY(qFuzzyCompare(n.memoryGb, 2.1 * 8 * std::sqrt(512.0)));
    const ResourceEstimate d = estimateResources(TaskType::Detection, 100, 4);
    QVERIFY(qFuzzyCompare(d.memoryGb, 1.5 * 4 * 10));
    QVERIFY(!parseTaskType("speech"));
    const DeviceModel a100 = *findBuiltinModel("A100");
    const JobRequests r = requestsFromEstimate({0, 100.0}, a100);  // 100 GB on 40 GiB GPUs
    QCOMPARE(r.memoryMib, 102400u);
    QCOMPARE(r.gpuCount, 3u);
    const auto f = extractComputationalFeatures(a100).asArray();
    QCOMPARE(f[0], 312e12);
    QCOMPARE(f[1], 1555e9);
    QCOMPARE(f[2], 5e-9);
  }

  void runtimePredictor() {
    RuntimePredictor predictor(5, 0.5);
    JobSpec small;
    small.kind = JobKind::Batch;
    small.requests.cpuMilli = 1000;
    JobSpec other = small;
    other.requests.cpuMilli = 16000;
    QVERIFY(!predictor.predictMedian(small));
    for (const double r : {10.0, 12.0, 11.0, 500.0, 13.0}) predictor.observe(small, r);
    QCOMPARE(*predictor.predictMedian(small), 12.0);  // the straggler does not move the median
    QCOMPARE(predictor.samples(small), 5u);
    QCOMPARE(*predictor.predictMedian(other), 12.0);  // unseen shape: the kind's median
    predictor.observe(small, 14.0);                   // window of 5 drops the 10
    QCOMPARE(*predictor.predictMedian(small), 13.0);
    QVERIFY(*predictor.predictEwma(small) > 13.0);
  }
};

QTEST_GUILESS_MAIN(TestSimInputs)
#include "tst_sim_inputs.moc"
