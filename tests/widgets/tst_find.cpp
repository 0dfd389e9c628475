// Issue 14 item 1: finding jobs and nodes (SearchIndex) and outlining the
// results on the heatmap, up to 100,000 jobs.
#include "base/model/device_kind.h"
#include "base/model/job.h"
#include "base/model/job_filter.h"
#include "base/model/job_search.h"
#include "base/model/topology.h"
#include "checked_value.h"
#include "many_jobs.h"
#include "synthetic_cluster.h"
#include "widgets/find_bar.h"
#include "widgets/heatmap_overlay.h"
#include "widgets/heatmap_view.h"

#include <QLineEdit>
#include <QSignalSpy>
#include <QTest>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

using namespace hetsched;

namespace {

Topology small() { return testing::makeTopology({{DeviceKind::Cpu, 3, 2}, {DeviceKind::Gpu, 12, 8}}); }

}  // namespace

class TestFind : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void wordsMatchIdsNamesKindsStatesAndNodes() {
    const Topology topology = small();
    const std::vector<Job> jobs = testing::manyJobs(topology, 60);
    SearchIndex index;
    index.rebuild(topology, jobs);
    // By id: "#1007" is the id alone; a bare number also matches names.
    QCOMPARE(index.find("#1007").jobs, std::vector<JobId>{1007});
    const std::vector<JobId> bare = index.find("1007").jobs;
    QVERIFY(std::ranges::find(bare, JobId{1007}) != bare.end());
    // By a part of the name, any case.
    const SearchHits bert = index.find("BERT");
    QCOMPARE(bert.jobs.size(), std::size_t{10});
    for (const JobId id : bert.jobs) QVERIFY(jobs[id - 1000].spec.name.starts_with("bert-serve"));
    // Every word must match: kind and state together.
    const SearchHits trainingRunning = index.find("training running");
    for (const JobId id : trainingRunning.jobs) {
      QVERIFY(jobs[id - 1000].spec.kind == JobKind::Training);
      QVERIFY(jobs[id - 1000].state == JobState::Running);
    }
    std::size_t expected = 0;
    for (const Job& j : jobs) expected += j.spec.kind == JobKind::Training && j.state == JobState::Running;
    QCOMPARE(trainingRunning.jobs.size(), expected);
    QCOMPARE(index.find("waiting").jobs.size(), index.find("queued").jobs.size());
    // The devices of running jobs found are highlighted.
    for (const JobId id : trainingRunning.jobs)
      QVERIFY(std::ranges::binary_search(trainingRunning.devices, jobs[id - 1000].devices.front()));
    // Nodes by name, devices by node/slot; jobs on a node by its name.
    const SearchHits node = index.find("gpu-12");
    QCOMPARE(node.nodes, std::vector<std::uint32_t>{14});
    QCOMPARE(node.devices.size(), std::size_t{8});
    const SearchHits slot = index.find("gpu-12/3");
    QCOMPARE(slot.devices, std::vector<std::uint32_t>{topology.nodes[14].firstDevice + 3});
    for (const JobId id : index.find("gpu-12 running").jobs) QCOMPARE(jobs[id - 1000].node, 14u);
    // Nothing, and an empty query.
    QVERIFY(index.find("no-such-thing").empty());
    QVERIFY(index.find("   ").empty());
  }

  // Owner and team are words a search matches, like the name.
  void wordsMatchOwnersAndTeams() {
    const Topology topology = small();
    const std::vector<Job> jobs = testing::manyJobs(topology, 60);
    SearchIndex index;
    index.rebuild(topology, jobs);
    const SearchHits owner = index.find("USER7");
    std::size_t expected = 0;
    for (const Job& j : jobs) expected += j.spec.owner.find("user7") != std::string::npos;
    QCOMPARE(owner.jobs.size(), expected);
    QVERIFY(expected > 0);
    const SearchHits team = index.find("vision running");
    for (const JobId id : team.jobs) {
      QCOMPARE(jobs[id - 1000].spec.team, std::string("vision"));
      QCOMPARE(int(jobs[id - 1000].state), int(JobState::Running));
    }
    QVERIFY(!team.jobs.empty());
    // A word never matches across the name and the owner.
    QVERIFY(index.find("notebook-5user").empty());
  }

  // Filters: any value within a facet, every facet together; the devices
  // shown are those of the node groups chosen, narrowed to the devices of
  // jobs that pass when the filter names job attributes.
  void filterNarrowsJobsNodesAndDevices() {
    const Topology topology = small();
    const std::vector<Job> jobs = testing::manyJobs(topology, 60);
    SearchIndex index;
    index.rebuild(topology, jobs);
    QCOMPARE(index.nodeGroups(), (std::vector<std::string>{"cpu", "gpu"}));
    QCOMPARE(index.teams(), (std::vector<std::string>{"ads", "language", "platform", "search", "vision"}));

    const SearchHits all = index.filtered({});
    QCOMPARE(all.jobs.size(), jobs.size());
    QCOMPARE(all.devices.size(), topology.devices.size());
    QCOMPARE(all.nodes.size(), topology.nodes.size());

    JobFilter f;
    f.kinds = 1u << unsigned(JobKind::Training) | 1u << unsigned(JobKind::Inference);
    f.states = 1u << unsigned(JobState::Running);
    f.teams = {"vision", "ads"};
    std::vector<JobId> expected;
    std::vector<std::uint32_t> devices;
    for (const Job& j : jobs) {
      const bool kind = j.spec.kind == JobKind::Training || j.spec.kind == JobKind::Inference;
      const bool team = j.spec.team == "vision" || j.spec.team == "ads";
      if (kind && team && j.state == JobState::Running) {
        expected.push_back(j.id);
        devices.insert(devices.end(), j.devices.begin(), j.devices.end());
      }
    }
    std::ranges::sort(devices);
    devices.erase(std::ranges::unique(devices).begin(), devices.end());
    const SearchHits narrowed = index.filtered(f);
    QCOMPARE(narrowed.jobs, expected);
    QVERIFY(!expected.empty());
    QCOMPARE(narrowed.devices, devices);

    // A node group: jobs that run or last ran there, and waiting jobs that
    // ask for its kind of device (training jobs ask for a GPU); every device
    // of the group.
    JobFilter gpu;
    gpu.nodeGroups = {"gpu"};
    expected.clear();
    for (const Job& j : jobs) {
      const bool placed = j.state == JobState::Running || j.state == JobState::Completed;
      const bool there = placed ? topology.nodes[j.node].kind == DeviceKind::Gpu : j.spec.kind == JobKind::Training;
      if (there) expected.push_back(j.id);
    }
    const SearchHits groups = index.filtered(gpu);
    QCOMPARE(groups.jobs, expected);
    QCOMPARE(groups.devices.size(), topology.deviceCount(DeviceKind::Gpu));
    QCOMPARE(groups.nodes.size(), std::size_t{12});
    // With a job attribute too: only the group's devices that run such a job.
    gpu.kinds = 1u << unsigned(JobKind::Training);
    for (const std::uint32_t d : index.filtered(gpu).devices) QCOMPARE(int(topology.kindOf(d)), int(DeviceKind::Gpu));

    // A search under a filter finds only what passes it.
    JobFilter vision;
    vision.teams = {"vision"};
    const SearchHits bert = index.find("bert", vision);
    QVERIFY(!bert.jobs.empty());
    for (const JobId id : bert.jobs) QCOMPARE(jobs[id - 1000].spec.team, std::string("vision"));
    QVERIFY(bert.jobs.size() < index.find("bert").jobs.size());
    JobFilter cpu;
    cpu.nodeGroups = {"cpu"};
    QVERIFY(index.find("gpu-12", cpu).nodes.empty());
    // A team nobody is in lets nothing through.
    JobFilter nobody;
    nobody.teams = {"no-such-team"};
    QVERIFY(index.filtered(nobody).jobs.empty());
    QVERIFY(index.filtered(nobody).devices.empty());
  }

  // The heatmap veils exactly the devices a filter leaves out; merged bands
  // stay clear while any of their devices passes.
  void heatmapVeilsWhatTheFilterLeavesOut() {
    const Topology topology = small();
    HeatmapView view;
    view.resize(900, 700);
    view.setTopology(topology);
    view.setFrame(testing::makeFrame(topology, 1));
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.replotNow();
    QVERIFY(!view.filtered());
    QVERIFY(view.veiledRuns().empty());
    QVERIFY(!view.bands().aggregated());
    std::vector<std::uint32_t> shown;
    shown.reserve(topology.nodes[5].deviceCount);
    for (std::uint32_t d = 0; d < topology.nodes[5].deviceCount; ++d)
      shown.push_back(topology.nodes[5].firstDevice + d);
    shown.push_back(topology.nodes[1].firstDevice + 1);
    view.setShownDevices(shown);
    view.replotNow();
    QVERIFY(view.filtered());
    std::size_t veiled = 0;
    for (const HeatmapOverlay::Run& run : view.veiledRuns()) {
      for (int slot = run.firstSlot; slot <= run.lastSlot; ++slot) {
        const auto device = view.bands().deviceAt(run.row, slot);
        VERIFY_HAS_VALUE(device);
        QVERIFY(!std::ranges::binary_search(shown, static_cast<std::uint32_t>(*device)));
        ++veiled;
      }
    }
    QCOMPARE(veiled, topology.devices.size() - shown.size());
    view.setShownDevices(std::nullopt);
    QVERIFY(view.veiledRuns().empty());

    // A band of many rows: clear where one of its devices passes.
    const Topology many = testing::makeTopology({{DeviceKind::Cpu, 4000, 2}});
    HeatmapView big;
    big.resize(900, 500);
    big.setTopology(many);
    big.setFrame(testing::makeFrame(many, 1));
    big.show();
    QVERIFY(QTest::qWaitForWindowExposed(&big));
    big.replotNow();
    QVERIFY(big.bands().aggregated());
    const std::uint32_t one = many.nodes[1].firstDevice + 1;
    big.setShownDevices(std::vector<std::uint32_t>{one});
    big.replotNow();
    const int band = big.bands().bandOfRow(1);
    std::size_t cells = 0;
    for (const HeatmapOverlay::Run& run : big.veiledRuns()) {
      QVERIFY(!(run.row == band && run.firstSlot <= 1 && 1 <= run.lastSlot));
      cells += static_cast<std::size_t>(run.lastSlot - run.firstSlot + 1);
    }
    QCOMPARE(cells, static_cast<std::size_t>(big.bands().bandCount()) * 2 - 1);
  }

  void filterTextRoundTrips() {
    JobFilter f;
    f.kinds = 0b10011;
    f.states = 0b0101;
    f.priorities = 0b100;
    f.teams = {"vision", "a,b;c\\d", ""};
    f.nodeGroups = {"gpu-a100"};
    QCOMPARE(JobFilter::parse(f.toText()), f);
    QVERIFY(JobFilter::parse(JobFilter{}.toText()).empty());
    JobFilter noTeam;
    noTeam.teams = {""};  // jobs whose source reports no team
    QCOMPARE(JobFilter::parse(noTeam.toText()), noTeam);
    // A damaged line restores no filter rather than failing.
    QVERIFY(JobFilter::parse("kinds=x;states=;teams").empty());
    QCOMPARE(JobFilter::parse("kinds=255").kinds, std::uint8_t{0b11111});
    QCOMPARE(nodeGroupOf("gpu-a100-007"), std::string("gpu-a100"));
    QCOMPARE(nodeGroupOf("worker3"), std::string("worker"));
    QCOMPARE(nodeGroupOf("1234"), std::string("1234"));
    QCOMPARE(nodeGroupOf("login"), std::string("login"));
  }

  void hundredThousandJobs() {
    // 20 CPU nodes x 2, 12,495 GPU nodes x 8: 100,000 devices.
    const Topology topology = testing::makeTopology({{DeviceKind::Cpu, 20, 2}, {DeviceKind::Gpu, 12'495, 8}});
    QCOMPARE(topology.devices.size(), std::size_t{100'000});
    const std::vector<Job> jobs = testing::manyJobs(topology, 100'000);
    SearchIndex index;
    index.rebuild(topology, jobs);
    QCOMPARE(index.jobCount(), std::size_t{100'000});
    const SearchHits hits = index.find("llama running");
    std::size_t expected = 0;
    for (const Job& j : jobs) expected += j.spec.name.starts_with("llama") && j.state == JobState::Running;
    QCOMPARE(hits.jobs.size(), expected);
    QVERIFY(expected > 1000);
    QCOMPARE(index.find("#99999").jobs, std::vector<JobId>{99'999});
    // Under a filter, at this size: exactly what a plain loop finds.
    JobFilter f;
    f.teams = {"search"};
    f.states = 1u << unsigned(JobState::Running);
    const SearchHits filtered = index.find("llama", f);
    expected = 0;
    for (const Job& j : jobs)
      expected += j.spec.name.starts_with("llama") && j.state == JobState::Running && j.spec.team == "search";
    QCOMPARE(filtered.jobs.size(), expected);
    QVERIFY(expected > 100);
    QCOMPARE(index.filtered(f).devices.size(), [&] {
      std::vector<std::uint8_t> seen(topology.devices.size(), 0);
      for (const Job& j : jobs)
        if (j.state == JobState::Running && j.spec.team == "search")
          for (const std::uint32_t d : j.devices) seen[d] = 1;
      return static_cast<std::size_t>(std::ranges::count(seen, 1));
    }());

    // Outlined on a heatmap of that size: merged bands, each cell once.
    HeatmapView view;
    view.resize(1200, 800);
    view.setTopology(topology);
    view.setFrame(testing::makeFrame(topology, 1));
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.replotNow();
    view.setHighlightedDevices(hits.devices);
    view.replotNow();
    QVERIFY(!view.highlightedCells().empty());
    QVERIFY(view.highlightedCells().size() <= hits.devices.size());
    view.setHighlightedDevices({});
    QVERIFY(view.highlightedCells().empty());
  }

  void findBarKeys() {
    FindBar bar;
    QSignalSpy query(&bar, &FindBar::queryChanged);
    QSignalSpy step(&bar, &FindBar::stepRequested);
    QSignalSpy closed(&bar, &FindBar::closed);
    bar.show();
    bar.activate();
    QTest::keyClicks(bar.field(), QStringLiteral("gpu"));
    QCOMPARE(query.size(), 3);
    QTest::keyClick(bar.field(), Qt::Key_Return);
    QTest::keyClick(bar.field(), Qt::Key_Return, Qt::ShiftModifier);
    QCOMPARE(step.size(), 2);
    QCOMPARE(step.at(0).at(0).toInt(), 1);
    QCOMPARE(step.at(1).at(0).toInt(), -1);
    bar.setResult(3, 1, 0);
    QCOMPARE(bar.resultText(), QStringLiteral("3 jobs, 1 nodes · result 1"));
    QTest::keyClick(bar.field(), Qt::Key_Escape);
    QCOMPARE(closed.size(), 1);
    QVERIFY(!bar.isVisible());
  }
};

QTEST_MAIN(TestFind)
#include "tst_find.moc"
