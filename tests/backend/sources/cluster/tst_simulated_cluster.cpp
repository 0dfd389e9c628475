// The simulated cluster: deterministic per seed, metrics follow the jobs,
// failed nodes requeue their work, and cluster descriptions are checked.
#include "base/model/device_kind.h"
#include "base/model/device_model.h"
#include "base/model/job.h"
#include "base/model/topology.h"
#include "serve/rpc/cluster_description.h"
#include "sources/cluster/sim_options.h"
#include "sources/cluster/simulated_cluster.h"
#include "sources/cluster/team_mix.h"
#include "sources/cluster/topology_builder.h"

#include <QTest>
#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

using namespace hetsched;

namespace {

SimOptions small(std::uint64_t seed) {
  SimOptions options;
  options.shape = defaultClusterShape(4, 4, 2);
  options.seed = seed;
  options.warmupS = 3600;
  return options;
}

}  // namespace

class TestSimulatedCluster : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void deterministicPerSeed() {
    SimulatedCluster a(small(7));
    SimulatedCluster b(small(7));
    SimulatedCluster c(small(8));
    QCOMPARE(a.frame().job, b.frame().job);
    QCOMPARE(a.frame().utilization, b.frame().utilization);
    QVERIFY(a.frame().job != c.frame().job);
  }

  // Every simulated job has an owner in one of the five teams, the same for
  // a seed; the teams' mixes differ (vision trains, platform never does)
  // and the owner is one of the team's users.
  void jobsHaveOwnersAndTeams() {
    const auto larger = [](std::uint64_t seed) {
      SimOptions o = small(seed);
      o.shape = defaultClusterShape(10, 10, 4);
      o.warmupS = 4 * 3600;
      return o;
    };
    SimulatedCluster a(larger(7));
    SimulatedCluster b(larger(7));
    const std::vector<JobState> all{JobState::Queued, JobState::Running, JobState::Completed};
    std::size_t total = 0;
    const std::vector<Job> jobs = a.jobs(all, 100000, &total);
    const std::vector<Job> again = b.jobs(all, 100000, &total);
    QVERIFY2(jobs.size() > 500, qPrintable(QString::number(jobs.size())));  // 739 measured
    QCOMPARE(jobs.size(), again.size());
    std::map<std::string, std::array<int, kJobKindCount>> kinds;
    for (std::size_t i = 0; i < jobs.size(); ++i) {
      const JobSpec& s = jobs[i].spec;
      QCOMPARE(s.owner, again[i].spec.owner);
      QCOMPARE(s.team, again[i].spec.team);
      const auto team = std::ranges::find(simTeams(), std::string_view(s.team), &SimTeam::name);
      QVERIFY2(team != simTeams().end(), s.team.c_str());
      QVERIFY(std::ranges::find(team->users, std::string_view(s.owner)) != team->users.end());
      ++kinds[s.team][static_cast<std::size_t>(s.kind)];
    }
    QCOMPARE(kinds.size(), std::size_t{5});
    QVERIFY(kinds["vision"][0] > 0);    // training
    QCOMPARE(kinds["platform"][0], 0);  // never trains
    QCOMPARE(kinds["language"][4], 0);  // no real-time work
    // Another seed hands the same jobs to other people.
    SimulatedCluster c(larger(8));
    std::size_t differ = 0;
    const std::vector<Job> other = c.jobs(all, 100000, &total);
    for (std::size_t i = 0; i < std::min(other.size(), jobs.size()); ++i)
      differ += other[i].spec.owner != jobs[i].spec.owner;
    QVERIFY(differ > 0);
  }

  // The warm-up leaves out the per-device metrics but nothing that decides:
  // fast-forwarding an hour runs the same jobs on the same devices as
  // watching the hour step by step, and the devices come out as busy.
  void fastForwardRunsWhatStepsRun() {
    SimOptions options = small(5);
    options.warmupS = 0;
    SimulatedCluster watched(options);
    SimulatedCluster fast(options);
    const auto steps = static_cast<int>(3600 * 1000 / options.agentPeriodMs);
    for (int i = 0; i < steps; ++i) watched.step();
    fast.fastForward(3600);
    QCOMPARE(fast.nowMs(), watched.nowMs());
    QCOMPARE(fast.frame().sequence, watched.frame().sequence);
    const std::array all{JobState::Queued, JobState::Running, JobState::Completed, JobState::Unschedulable};
    const auto a = watched.jobs(all, 1'000'000, nullptr);
    const auto b = fast.jobs(all, 1'000'000, nullptr);
    QVERIFY(a.size() > 50);
    QCOMPARE(b.size(), a.size());
    for (std::size_t i = 0; i < a.size(); ++i) {
      QCOMPARE(b[i].id, a[i].id);
      QVERIFY(b[i].state == a[i].state);
      QCOMPARE(b[i].startTimeMs, a[i].startTimeMs);
      QCOMPARE(b[i].devices, a[i].devices);
    }
    QCOMPARE(fast.frame().job, watched.frame().job);
    QCOMPARE(fast.frame().queue.queuedByClass, watched.frame().queue.queuedByClass);
    // Busy on the same devices (the noise differs); temperatures settled
    // at the present load rather than followed through the hour.
    double off = 0.0;
    for (std::size_t d = 0; d < fast.frame().deviceCount(); ++d) {
      QCOMPARE(fast.frame().utilization[d] > 0.0f, watched.frame().utilization[d] > 0.0f);
      off += std::abs(fast.frame().temperatureC[d] - watched.frame().temperatureC[d]);
    }
    QVERIFY2(off / fast.frame().deviceCount() < 5.0, qPrintable(QString::number(off / fast.frame().deviceCount())));
  }

  void metricsFollowJobs() {
    SimulatedCluster cluster(small(3));
    const Frame& f = cluster.frame();
    const Topology& t = cluster.topology();
    int busy = 0;
    for (std::size_t d = 0; d < f.deviceCount(); ++d) {
      const DeviceModel& m = t.modelOf(d);
      if (f.job[d] == 0) {
        QCOMPARE(f.utilization[d], 0.0f);
        if (f.nodeUp[t.devices[d].node]) QCOMPARE(f.powerWatts[d], static_cast<float>(m.idleWatts));
      } else {
        ++busy;
        QVERIFY(f.utilization[d] > 0.0f);
        QVERIFY(f.powerWatts[d] > m.idleWatts);
        QVERIFY(f.powerWatts[d] <= m.tdpWatts + 0.01);
      }
      QVERIFY(f.temperatureC[d] >= 20.0f && f.temperatureC[d] <= 90.0f);
    }
    QVERIFY2(busy > static_cast<int>(f.deviceCount() / 4), "an hour of trace-shaped load leaves most devices idle");
  }

  void submittedJobRunsOnNextRound() {
    SimOptions options = small(1);
    options.targetLoad = 0.0;
    SimulatedCluster cluster(options);
    JobSpec spec;
    spec.name = "probe";
    spec.kind = JobKind::Inference;
    spec.requests.tpuCount = 2;
    spec.estimatedRuntimeS = 30;
    const auto id = std::get<JobId>(cluster.submit(spec));
    cluster.step();
    std::size_t total = 0;
    const JobState running[] = {JobState::Running};
    const auto jobs = cluster.jobs(running, 10, &total);
    QCOMPARE(total, std::size_t{1});
    QCOMPARE(jobs.front().id, id);
    QCOMPARE(jobs.front().devices.size(), std::size_t{2});
    for (int i = 0; i < 11; ++i) cluster.step();  // 33 s later it is done
    const JobState completed[] = {JobState::Completed};
    QCOMPARE(cluster.jobs(completed, 10, &total).size(), std::size_t{1});
    QCOMPARE(cluster.frame().queue.completedTotal, std::uint64_t{1});
  }

  // A limit keeps the newest jobs, in id order, and still counts them all
  // (only those kept are copied: the gateway lists under its lock).
  void aLimitKeepsTheNewest() {
    SimulatedCluster cluster(small(3));
    const std::vector<JobState> all{JobState::Queued, JobState::Running, JobState::Completed};
    std::size_t total = 0;
    const std::vector<Job> every = cluster.jobs(all, 1'000'000, &total);
    QVERIFY2(every.size() > 40, qPrintable(QString::number(every.size())));  // 69 measured
    QCOMPARE(total, every.size());
    QVERIFY(std::ranges::is_sorted(every, {}, &Job::id));
    for (const std::size_t limit : {std::size_t{1}, std::size_t{7}, every.size() - 1, every.size()}) {
      std::size_t counted = 0;
      const std::vector<Job> newest = cluster.jobs(all, limit, &counted);
      QCOMPARE(counted, every.size());
      QCOMPARE(newest.size(), limit);
      for (std::size_t i = 0; i < limit; ++i) QCOMPARE(newest[i].id, every[every.size() - limit + i].id);
    }
  }

  void failedNodeRequeuesItsJobs() {
    SimOptions options = small(1);
    options.targetLoad = 0.0;
    SimulatedCluster cluster(options);
    JobSpec spec;
    spec.name = "victim";
    spec.kind = JobKind::Training;
    spec.requests.gpuCount = 8;
    spec.estimatedRuntimeS = 3600;
    cluster.submit(spec);
    cluster.step();
    std::size_t total = 0;
    const JobState running[] = {JobState::Running};
    const std::uint32_t node = cluster.jobs(running, 1, &total).front().node;
    cluster.setNodeUp(node, false);
    QCOMPARE(cluster.frame().nodeUp[node], std::uint8_t{0});
    cluster.step();
    const auto moved = cluster.jobs(running, 1, &total);
    QCOMPARE(total, std::size_t{1});
    QVERIFY(moved.front().node != node);
  }

  void impossibleJobIsUnschedulable() {
    SimulatedCluster cluster(small(1));
    JobSpec spec;
    spec.name = "too-big";
    spec.kind = JobKind::Training;
    spec.requests.gpuCount = 16;  // nodes hold 8
    const auto id = std::get<JobId>(cluster.submit(spec));
    std::size_t total = 0;
    const JobState states[] = {JobState::Unschedulable};
    const auto jobs = cluster.jobs(states, 10, &total);
    QCOMPARE(total, std::size_t{1});
    QCOMPARE(jobs.front().id, id);
  }

  void descriptionErrorsNameTheField_data() {
    QTest::addColumn<QString>("json");
    QTest::addColumn<QString>("error");
    QTest::newRow("not json") << "{" << "test.json: ";
    QTest::newRow("unknown field") << R"({"groupz": []})" << "test.json: ";
    QTest::newRow("no groups") << R"({"name": "x"})" << "test.json: groups: at least one";
    QTest::newRow("zero devices") << R"({"groups": [{"namePrefix": "g", "count": 1, "deviceModel": "A100"}]})"
                                  << "test.json: groups[0].devices_per_node";
    QTest::newRow("model without kind")
        << R"({"models": [{"name": "H100"}], "groups": [{"namePrefix": "g", "count": 1, "deviceModel": "H100", "devicesPerNode": 8}]})"
        << "test.json: models[0].kind";
    // Each group was bounded but not their sum (seen writing tests/fuzz/fuzz_cluster_json).
    QTest::newRow("too many devices")
        << R"({"groups": [{"namePrefix": "g", "count": 5000, "deviceModel": "A100", "devicesPerNode": 256}]})"
        << "test.json: groups[0].count: more than 1000000 devices in all";
    QTest::newRow("too many nodes")
        << R"({"groups": [{"namePrefix": "a", "count": 60000, "deviceModel": "Xeon", "devicesPerNode": 1},
              {"namePrefix": "b", "count": 60000, "deviceModel": "Xeon", "devicesPerNode": 1}]})"
        << "test.json: groups[1].count: more than 100000 nodes in all";
  }
  void descriptionErrorsNameTheField() {
    QFETCH(QString, json);
    QFETCH(QString, error);
    const auto result = parseClusterDescription(json.toStdString(), "test.json");
    QVERIFY(std::holds_alternative<std::string>(result));
    const QString message = QString::fromStdString(std::get<std::string>(result));
    QVERIFY2(message.startsWith(error), qPrintable(message));
  }

  void descriptionDeclaresNewModels() {
    const auto result = parseClusterDescription(
        R"({"name": "lab", "models": [{"name": "H100", "kind": "DEVICE_KIND_GPU", "peakTflops": 989,
            "tdpWatts": 700, "idleWatts": 60, "memoryMib": 81920, "memoryBandwidthGbps": 3350}],
            "groups": [{"namePrefix": "h", "count": 3, "deviceModel": "H100", "devicesPerNode": 8,
            "cpuMilli": 96000, "memoryMib": 1048576}, {"namePrefix": "c", "count": 2, "deviceModel": "Xeon",
            "devicesPerNode": 2, "memoryMib": 262144}]})",
        "lab.json");
    QVERIFY(std::holds_alternative<ClusterShape>(result));
    const auto topology = buildTopology(std::get<ClusterShape>(result));
    QVERIFY(std::holds_alternative<Topology>(topology));
    const Topology& t = std::get<Topology>(topology);
    QCOMPARE(t.nodes.size(), std::size_t{5});
    QCOMPARE(t.deviceCount(DeviceKind::Gpu), std::size_t{24});
    QCOMPARE(t.nodes.front().name, std::string("c-000"));  // grouped by kind: CPU first
    QCOMPARE(t.modelOf(t.nodes.back().firstDevice).name, std::string("H100"));
  }
};

QTEST_GUILESS_MAIN(TestSimulatedCluster)
#include "tst_simulated_cluster.moc"
