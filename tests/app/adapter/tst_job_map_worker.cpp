// The console's job map worker on live refreshes: a second map keeps every
// job the first one showed where it was, a replay in between leaves that
// alone, a re-layout asked for places every job afresh, and a first map is
// previewed while it settles.
#include "base/model/embedded_point.h"
#include "base/model/job.h"
#include "job_map_worker.h"
#include "sources/cluster/sim_options.h"
#include "sources/cluster/simulated_cluster.h"

#include <QSignalSpy>
#include <QTest>
#include <cstddef>
#include <unordered_map>
#include <utility>
#include <vector>

using namespace hetsched;

namespace {

std::vector<Job> clusterJobs(SimulatedCluster& cluster) {
  std::size_t total = 0;
  const JobState states[] = {JobState::Running, JobState::Queued, JobState::Completed};
  return cluster.jobs(states, 100000, &total);
}

// Points of `map` whose job `before` also shows, and how many of them moved.
std::pair<std::size_t, std::size_t> keptAndMoved(const std::vector<EmbeddedPoint>& before,
                                                 const std::vector<EmbeddedPoint>& map) {
  std::unordered_map<JobId, const EmbeddedPoint*> old;
  for (const EmbeddedPoint& p : before) old.emplace(p.job, &p);
  std::size_t kept = 0, moved = 0;
  for (const EmbeddedPoint& p : map) {
    const auto it = old.find(p.job);
    if (it == old.end()) continue;
    ++kept;
    moved += p.x != it->second->x || p.y != it->second->y ? 1 : 0;
  }
  return {kept, moved};
}

}  // namespace

class TestJobMapWorker : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void refreshesKeepShownJobsUntilRelayout() {
    SimOptions sim;
    sim.shape = defaultClusterShape(4, 4, 2);
    sim.warmupS = 2 * 3600;
    SimulatedCluster cluster(sim);
    JobMapWorker worker;
    QSignalSpy ready(&worker, &JobMapWorker::ready);
    QSignalSpy previews(&worker, &JobMapWorker::preview);
    const auto next = [&] {
      if (!ready.wait(60000)) qFatal("no job map within a minute");
      return ready.takeFirst().front().value<std::vector<EmbeddedPoint>>();
    };
    worker.request(clusterJobs(cluster), cluster.topology());
    const auto first = next();
    QVERIFY(first.size() > 50);
    // The first map was shown while it settled, before it was ready.
    QVERIFY(!previews.isEmpty());
    QCOMPARE(previews.takeFirst().front().value<std::vector<EmbeddedPoint>>().size(), first.size());

    worker.requestReplay(clusterJobs(cluster), cluster.topology(), worker.model());
    next();  // a replay's map is its own
    for (int i = 0; i < 100; ++i) cluster.step();
    worker.request(clusterJobs(cluster), cluster.topology());
    const auto second = next();
    const auto [kept, moved] = keptAndMoved(first, second);
    QVERIFY(kept > 50);
    QCOMPARE(moved, std::size_t{0});

    worker.relayoutNext();
    worker.request(clusterJobs(cluster), cluster.topology());
    const auto third = next();
    const auto [keptAgain, movedAgain] = keptAndMoved(second, third);
    QCOMPARE(keptAgain, second.size());
    QVERIFY2(movedAgain > keptAgain / 2, qPrintable(QStringLiteral("%1 of %2").arg(movedAgain).arg(keptAgain)));
  }
};

QTEST_GUILESS_MAIN(TestJobMapWorker)
#include "tst_job_map_worker.moc"
