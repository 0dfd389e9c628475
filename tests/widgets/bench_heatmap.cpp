#include "base/model/device_kind.h"
#include "base/model/frame.h"
#include "base/model/gpu_allocation.h"
#include "base/model/job.h"
#include "base/model/topology.h"
#include "many_jobs.h"
#include "synthetic_cluster.h"
#include "widgets/device_teams.h"
#include "widgets/heatmap_view.h"
#include "widgets/metric.h"
#include "widgets/team_colours.h"

#include <QTest>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

using namespace hetsched;

Q_DECLARE_METATYPE(hetsched::Metric)

// setFrame + synchronous replot, the cost of one live update of the heatmap.
// The goal is 16 ms at 100,000 devices on a 1200×800 widget, and at
// 1,000,000 (issue 17). Each size coloured by utilisation and by team (issue
// 15: the Team colouring may cost at most ~1.5x utilisation): the teams of a
// job list as many as the devices, a third of them running.
class BenchHeatmap : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void setFrameAndReplot_data() {
    QTest::addColumn<std::uint32_t>("scale");
    QTest::addColumn<int>("devices");
    QTest::addColumn<Metric>("metric");
    // scale s: 20s CPU nodes × 2 + 100s GPU nodes × 8 + 40s TPU nodes × 4.
    // Issue 17: a million devices, banded (160,000 node rows into ~750 pixels).
    const std::pair<const char*, std::uint32_t> sizes[] = {
        {"10k devices", 10u}, {"100k devices", 100u}, {"1M devices", 1000u}};
    for (const auto& [name, scale] : sizes) {
      const int devices = static_cast<int>(scale) * 1000;
      QTest::addRow("%s, utilization", name) << scale << devices << Metric::Utilization;
      QTest::addRow("%s, team", name) << scale << devices << Metric::Team;
    }
  }
  void setFrameAndReplot() {
    QFETCH(std::uint32_t, scale);
    QFETCH(int, devices);
    QFETCH(Metric, metric);
    const Topology topology = testing::makeTopology(
        {{DeviceKind::Cpu, 20 * scale, 2}, {DeviceKind::Gpu, 100 * scale, 8}, {DeviceKind::Tpu, 40 * scale, 4}});
    QCOMPARE(static_cast<int>(topology.devices.size()), devices);
    // Two frames alternated so every iteration really changes every cell.
    const Frame frames[2] = {testing::makeFrame(topology, 1), testing::makeFrame(topology, 2)};
    HeatmapView view;
    view.resize(1200, 800);
    view.setTopology(topology);
    // The job list's work (allocation, teams) happens once per list, not per
    // frame, as in the console; set either way so both rows draw the same.
    const std::vector<Job> jobs = testing::manyJobs(topology, topology.devices.size());
    auto allocation = std::make_shared<const GpuAllocation>(GpuAllocation::fromJobs(topology, jobs));
    std::vector<std::string> teamNames;
    teamNames.reserve(jobs.size());
    for (const Job& job : jobs) teamNames.push_back(job.spec.team);
    TeamPalette palette;
    view.setAllocation(allocation);
    view.setTeams(
        std::make_shared<const DeviceTeams>(DeviceTeams::build(*allocation, jobs, palette.coloursFor(teamNames))));
    view.setMetric(metric);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setFrame(frames[0]);
    view.replotNow();
    std::size_t i = 1;
    QBENCHMARK {
      view.setFrame(frames[i++ & 1]);
      view.replotNow();
    }
    // What an operator sees at this scale: HETSCHED_RENDER_DIR=/tmp/x.
    const QString dir = qEnvironmentVariable("HETSCHED_RENDER_DIR");
    if (!dir.isEmpty())
      QVERIFY(view.grab().save(dir + QStringLiteral("/heatmap-%1-%2.png").arg(devices).arg(static_cast<int>(metric))));
  }
};

QTEST_MAIN(BenchHeatmap)
#include "bench_heatmap.moc"
