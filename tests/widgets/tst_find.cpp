// Issue 14 item 1: finding jobs and nodes (SearchIndex) and outlining the
// results on the heatmap, up to 100,000 jobs.
#include "many_jobs.h"
#include "model/job_search.h"
#include "synthetic_cluster.h"
#include "widgets/find_bar.h"
#include "widgets/heatmap_view.h"

#include <QLineEdit>
#include <QSignalSpy>
#include <QTest>

using namespace hetsched;

namespace {

Topology small() { return testing::makeTopology({{DeviceKind::Cpu, 3, 2}, {DeviceKind::Gpu, 12, 8}}); }

}  // namespace

class TestFind : public QObject {
  Q_OBJECT
private slots:
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
