// Who holds each device (GpuAllocation) and the ATC'23 fragmentation of a
// running cluster's GPU nodes (fragmentationOf), from a job list.
#include "base/model/device_kind.h"
#include "base/model/gpu_allocation.h"
#include "base/model/gpu_fragmentation.h"
#include "base/model/job.h"
#include "base/model/topology.h"
#include "builtin_model.h"
#include "engine/frag/node_fragmentation.h"

#include <QTest>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

using namespace hetsched;
using hetsched::test::builtinModel;

namespace {

// One 2-socket CPU node (devices 0-1), one 4-GPU node (devices 2-5).
Topology cluster() {
  Topology t;
  t.models = {builtinModel("Xeon"), builtinModel("A100")};
  t.nodes.push_back({"cpu-1", DeviceKind::Cpu, 0, 2, 80000, std::uint64_t{512} * 1024});
  t.nodes.push_back({"gpu-1", DeviceKind::Gpu, 2, 4, 64000, std::uint64_t{1024} * 1024});
  t.devices = {{0, 0, 0}, {0, 1, 0}, {1, 0, 1}, {1, 1, 1}, {1, 2, 1}, {1, 3, 1}};
  return t;
}

Job job(JobId id, JobState state, std::uint32_t node, std::vector<std::uint32_t> devices, JobRequests r) {
  Job j;
  j.id = id;
  j.state = state;
  j.node = node;
  j.devices = std::move(devices);
  j.spec.name = "job-" + std::to_string(id);
  j.spec.requests = r;
  return j;
}

JobRequests share(std::uint32_t milli) { return {.cpuMilli = 1000, .memoryMib = 1024, .gpuMilli = milli}; }
JobRequests whole(std::uint32_t gpus) { return {.cpuMilli = 1000, .memoryMib = 1024, .gpuCount = gpus}; }

// Three shares on GPU 0 (device 2), a 2-GPU job on devices 3-4, device 5
// free; a finished job once held device 5, one job waits for a whole GPU.
std::vector<Job> jobs() {
  return {job(1, JobState::Running, 1, {2}, share(300)),
          job(2, JobState::Running, 1, {2}, share(200)),
          job(3, JobState::Running, 1, {2}, share(250)),
          job(4, JobState::Running, 1, {3, 4}, whole(2)),
          job(5, JobState::Completed, 1, {5}, whole(1)),
          job(6, JobState::Queued, 0, {}, whole(1)),
          job(7, JobState::Running, 0, {0, 1}, {.cpuMilli = 30000})};
}

}  // namespace

class TestGpuSharing : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void threeJobsOnOneGpu() {
    const Topology t = cluster();
    const GpuAllocation a = GpuAllocation::fromJobs(t, jobs());
    QCOMPARE(a.deviceCount(), t.devices.size());
    QCOMPARE(a.jobCount(2), std::size_t{3});
    QCOMPARE(a.allocatedMilli(2), 750u);
    QVERIFY(a.isShared(2));
    QCOMPARE(a.fractions()[2], 0.75f);
    // Largest share first.
    const std::vector<DeviceShare> shares(a.sharesOf(2).begin(), a.sharesOf(2).end());
    QCOMPARE(shares, (std::vector<DeviceShare>{{1, 300}, {3, 250}, {2, 200}}));
  }

  void wholeDevicesAndWhatIsNotHeld() {
    const Topology t = cluster();
    const GpuAllocation a = GpuAllocation::fromJobs(t, jobs());
    for (const std::size_t d : {3u, 4u}) {
      QCOMPARE(a.allocatedMilli(d), 1000u);
      QCOMPARE(a.jobCount(d), std::size_t{1});
      QVERIFY(!a.isShared(d));  // a whole GPU to one job is not sharing
    }
    // Finished and waiting jobs hold nothing.
    QCOMPARE(a.jobCount(5), std::size_t{0});
    QCOMPARE(a.fractions()[5], 0.0f);
    // A CPU job's cores spread over its sockets (32 cores each).
    QCOMPARE(a.allocatedMilli(0), 15000u);
    QCOMPARE(a.capacityMilli(0), 32000u);
  }

  void devicesOutOfRangeAreIgnored() {
    const Topology t = cluster();
    const std::vector<Job> list{job(1, JobState::Running, 1, {2, 99}, whole(2))};
    const GpuAllocation a = GpuAllocation::fromJobs(t, list);
    QCOMPARE(a.jobCount(2), std::size_t{1});
  }

  // The measure by hand (Weng et al. §4): free share [250, 0, 0, 1000] =
  // 1250; six GPU jobs in five shapes (one whole GPU twice: 2/6, the others
  // 1/6). 300 share: only the 250 GPU is too small -> 250. 250 and 200
  // shares: every free GPU serves them -> 0. Two whole GPUs: only one GPU is
  // whole, the task cannot run -> all 1250. One whole GPU: the 250 GPU is
  // lost -> 250, twice. (250 + 1250 + 2 x 250) / 6 = 333.33.
  void fragmentationAsTheAtc23PaperDefinesIt() {
    const Topology t = cluster();
    const ClusterFragmentation f = fragmentationOf(t, jobs(), 1.0);
    QCOMPARE(f.nodes.size(), std::size_t{1});  // GPU nodes only
    const NodeFragmentation& n = f.nodes.front();
    QCOMPARE(n.node, 1u);
    QCOMPARE(n.gpus, 4u);
    QCOMPARE(n.freeMilli, 1250u);
    QCOMPARE(n.partlyFreeMilli, 250u);
    QVERIFY2(std::abs(n.fragmentedMilli - 2000.0 / 6.0) < 1e-9, qPrintable(QString::number(n.fragmentedMilli)));
    QCOMPARE(f.workloadShapes, std::size_t{5});
    QCOMPARE(f.skippedJobs, std::size_t{0});
    QCOMPARE(f.fragmentedMilli, n.fragmentedMilli);
  }

  void anInconsistentListIsCountedNotWrapped() {
    const Topology t = cluster();
    std::vector<Job> list = jobs();
    list.push_back(job(8, JobState::Running, 1, {3}, whole(1)));  // device 3 is taken
    const ClusterFragmentation f = fragmentationOf(t, list, 1.0);
    QCOMPARE(f.skippedJobs, std::size_t{1});
    QCOMPARE(f.nodes.front().freeMilli, 1250u);
  }

  void noGpuJobsMeansNothingFragmented() {
    const Topology t = cluster();
    const ClusterFragmentation f = fragmentationOf(t, {}, 0.95);
    QCOMPARE(f.nodes.front().freeMilli, 4000u);
    QCOMPARE(f.nodes.front().fragmentedMilli, 0.0);
  }
};

QTEST_GUILESS_MAIN(TestGpuSharing)
#include "tst_gpu_sharing.moc"
