// What the simulator reads: Alibaba trace rows, the seed's
// §3.1/§3.2 estimates and the runtime predictor.
#include "base/model/device_kind.h"
#include "base/model/device_model.h"
#include "base/model/job.h"
#include "base/model/topology.h"
#include "checked_value.h"
#include "data/trace/alibaba_trace_importer.h"
#include "data/trace/trace_node.h"
#include "data/trace/trace_pod.h"
#include "engine/estimate/device_features.h"
#include "engine/estimate/resource_estimate.h"
#include "engine/estimate/runtime_predictor.h"
#include "engine/policy/compiled_policy.h"
#include "engine/sim/sim_job.h"
#include "engine/sim/sim_result.h"
#include "engine/sim/synthetic_workload.h"
#include "engine/sim/trace_workload.h"
#include "sim_fixtures.h"

#include <QTest>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

using namespace hetsched;
using namespace hetsched::testing;

class TestSimInputs : public QObject {
  Q_OBJECT

 private Q_SLOTS:
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

  // Trace rows (as the importer yields them) as a cluster and jobs: a GPU
  // node and a CPU node; a GPU-sharing pod limited to one model, a CPU pod,
  // a pod still running (no runtime: left out).
  void traceRowsAsWorkload() {
    const std::vector<trace::TraceNode> nodes{{"g0", 96000, 786432, 8, "V100M32"}, {"c0", 64000, 262144, 0, ""}};
    const Topology t = topologyFromTrace(nodes);
    QCOMPARE(t.nodes.size(), std::size_t{2});
    QCOMPARE(int(t.nodes[0].kind), int(DeviceKind::Gpu));
    QCOMPARE(t.nodes[0].deviceCount, 8u);
    QCOMPARE(t.modelOf(0).name, std::string("V100M32"));
    QCOMPARE(t.modelOf(0).tdpWatts, 300.0);
    QCOMPARE(int(t.nodes[1].kind), int(DeviceKind::Cpu));
    QCOMPARE(t.modelOf(8).cores, 64u);
    trace::TracePod share;
    share.name = "p0";
    share.cpuMilli = 8000;
    share.memoryMib = 30000;
    share.gpuCount = 1;
    share.gpuMilli = 500;
    share.gpuModels = {"V100M32"};
    share.qos = Qos::BestEffort;
    share.creationTime = 100;
    share.scheduledTime = 110;
    share.deletionTime = 400;
    trace::TracePod running = share;
    running.gpuCount = 0;
    running.gpuMilli = 0;
    running.gpuModels = {};
    running.deletionTime.reset();
    trace::TracePod cpu = running;
    cpu.creationTime = 160;
    cpu.scheduledTime = 170;
    cpu.deletionTime = 260;
    const TraceJobs read = jobsFromTrace(std::vector{share, running, cpu}, t);
    QCOMPARE(read.jobs.size(), std::size_t{2});
    QCOMPARE(read.withoutRuntime, 1u);
    QCOMPARE(read.jobs[0].spec.requests.gpuMilli, 500u);
    QCOMPARE(read.jobs[0].spec.requests.gpuCount, 0u);
    QCOMPARE(read.jobs[0].allowedModels, (std::vector<std::uint32_t>{0}));
    QCOMPARE(read.jobs[0].runtimeS, 290.0);
    QCOMPARE(read.jobs[0].spec.estimatedRuntimeS, 0.0);
    QCOMPARE(read.jobs[1].arrivalS, 60.0);
    const SimResult r = simulate(t, policy(QueueKind::Fcfs), read.jobs);
    QCOMPARE(r.summary.completed, 2u);
    QCOMPARE(r.jobs[0].node, 0u);
    QCOMPARE(r.jobs[1].node, 1u);
  }

  // A list without arrival times: refused naming the columns, or given a
  // seeded Poisson process at the stated rate (mean gap 1/rate, measured
  // 2,000 gaps: standard error 2.2 %, margin 10 %) and exponential runtimes
  // where the list has none; a pod's own runtime is kept.
  void poissonArrivalsForListsWithoutTimes() {
    const Topology t = syntheticTopology(10);
    std::vector<trace::TracePod> pods(2000);
    for (std::size_t i = 0; i < pods.size(); ++i) {
      pods[i].name = "p" + std::to_string(i);
      pods[i].cpuMilli = 1000;
      pods[i].memoryMib = 1024;
    }
    pods[7].scheduledTime = 0;
    pods[7].deletionTime = 42;
    const auto refused = replayableJobs(pods, t, std::nullopt);
    QVERIFY(std::holds_alternative<std::string>(refused));
    QVERIFY(std::get<std::string>(refused).find("no creation_time") != std::string::npos);
    const auto noRuntime = replayableJobs(pods, t, PoissonArrivals{0.5, 0.0, 1});
    QVERIFY(std::holds_alternative<TraceJobs>(noRuntime));  // pod 7 has one
    QCOMPARE(std::get<TraceJobs>(noRuntime).jobs.size(), std::size_t{1});
    pods[7].deletionTime.reset();
    const auto none = replayableJobs(pods, t, PoissonArrivals{0.5, 0.0, 1});
    QVERIFY(std::get<std::string>(none).find("deletion_time, scheduled_time") != std::string::npos);
    pods[7].deletionTime = 42;

    const TraceJobs a = std::get<TraceJobs>(replayableJobs(pods, t, PoissonArrivals{0.5, 100.0, 1}));
    QCOMPARE(a.jobs.size(), pods.size());
    QCOMPARE(a.withoutRuntime, 0u);
    const double meanGap = a.jobs.back().arrivalS / static_cast<double>(a.jobs.size());
    QVERIFY2(std::abs(meanGap - 2.0) < 0.2, std::to_string(meanGap).c_str());
    double runtime = 0.0;
    for (const SimJob& j : a.jobs) runtime += j.runtimeS;
    runtime = (runtime - 42.0) / static_cast<double>(a.jobs.size() - 1);
    QVERIFY2(std::abs(runtime - 100.0) < 10.0, std::to_string(runtime).c_str());
    QCOMPARE(a.jobs[7].runtimeS, 42.0);
    QVERIFY(std::ranges::is_sorted(a.jobs, {}, &SimJob::arrivalS));
    const TraceJobs same = std::get<TraceJobs>(replayableJobs(pods, t, PoissonArrivals{0.5, 100.0, 1}));
    const TraceJobs other = std::get<TraceJobs>(replayableJobs(pods, t, PoissonArrivals{0.5, 100.0, 2}));
    QCOMPARE(same.jobs[1999].arrivalS, a.jobs[1999].arrivalS);
    QVERIFY(other.jobs[1999].arrivalS != a.jobs[1999].arrivalS);
  }

  // The published excerpts end to end: every pod with a runtime is placed
  // (CPU-only pods on the GPU nodes' host CPUs, as in the ATC'23 setting).
  void traceExcerpts() {
    const auto nodes =
        trace::AlibabaTraceImporter::loadNodes(HETSCHED_TEST_DATA "/alibaba/openb_node_list_gpu_node_excerpt.csv");
    const auto pods =
        trace::AlibabaTraceImporter::loadPods(HETSCHED_TEST_DATA "/alibaba/openb_pod_list_default_excerpt.csv");
    QVERIFY(nodes.ok());
    QVERIFY(pods.ok());
    const Topology t = topologyFromTrace(nodes.rows);
    const TraceJobs jobs = jobsFromTrace(pods.rows, t);
    QVERIFY(jobs.jobs.size() > 300);
    CompiledPolicy p = builtin("sjf");
    p.routing.set(JobKind::Batch, DeviceKind::Gpu);
    const SimResult r = simulate(t, p, jobs.jobs);
    QCOMPARE(r.summary.unschedulable, 0u);
    QCOMPARE(r.summary.completed, jobs.jobs.size());
    QVERIFY(r.summary.gpuAllocationRatio > 0.0);
  }

  void seedEstimates() {
    const ResourceEstimate c = estimateResources(TaskType::Classification, 224, 32);
    QVERIFY(qFuzzyCompare(c.gpuFlops, 1.2 * 32 * 224));
    QVERIFY(qFuzzyCompare(c.memoryGb, 0.8 * 32 * std::sqrt(224.0)));
    const std::optional<TaskType> nlp = parseTaskType("nlp");
    VERIFY_HAS_VALUE(nlp);
    const ResourceEstimate n = estimateResources(*nlp, 512, 8);
    QVERIFY(qFuzzyCompare(n.gpuFlops, 0.9 * 8 * 512));
    QVERIFY(qFuzzyCompare(n.memoryGb, 2.1 * 8 * std::sqrt(512.0)));
    const ResourceEstimate d = estimateResources(TaskType::Detection, 100, 4);
    QVERIFY(qFuzzyCompare(d.memoryGb, 1.5 * 4 * 10));
    QVERIFY(!parseTaskType("speech"));
    const std::optional<DeviceModel> builtinA100 = findBuiltinModel("A100");
    VERIFY_HAS_VALUE(builtinA100);
    const DeviceModel& a100 = *builtinA100;
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
    const std::optional<double> median = predictor.predictMedian(small);
    VERIFY_HAS_VALUE(median);
    QCOMPARE(*median, 12.0);  // the straggler does not move the median
    QCOMPARE(predictor.samples(small), 5u);
    const std::optional<double> unseenMedian = predictor.predictMedian(other);
    VERIFY_HAS_VALUE(unseenMedian);
    QCOMPARE(*unseenMedian, 12.0);   // unseen shape: the kind's median
    predictor.observe(small, 14.0);  // window of 5 drops the 10
    const std::optional<double> windowMedian = predictor.predictMedian(small);
    VERIFY_HAS_VALUE(windowMedian);
    QCOMPARE(*windowMedian, 13.0);
    const std::optional<double> ewma = predictor.predictEwma(small);
    VERIFY_HAS_VALUE(ewma);
    QVERIFY(*ewma > 13.0);
  }
};

QTEST_GUILESS_MAIN(TestSimInputs)
#include "tst_sim_inputs.moc"
