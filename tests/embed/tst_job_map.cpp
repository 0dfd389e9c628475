// The job map pipeline on a live-like job list: every mapped job gets a
// point, groups (kind × priority) come out separated, cancel stops it.
#include "cluster/simulated_cluster.h"
#include "embed/job_map_builder.h"

#include <QTest>

#include <cmath>
#include <map>

using namespace hetsched;

namespace {

std::vector<Job> clusterJobs(SimulatedCluster& cluster) {
  std::size_t total = 0;
  const JobState states[] = {JobState::Running, JobState::Queued, JobState::Completed};
  return cluster.jobs(states, 100000, &total);
}

SimOptions small() {
  SimOptions options;
  options.shape = defaultClusterShape(6, 6, 4);
  options.warmupS = 3 * 3600;
  return options;
}

}  // namespace

class TestJobMap : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void groupsSeparate() {
    SimulatedCluster cluster(small());
    const auto jobs = clusterJobs(cluster);
    QVERIFY(jobs.size() > 100);
    embed::JobMapOptions options;
    options.maxJobs = 600;
    options.iterations = 400;
    int lastPercent = -1;
    const auto result = embed::buildJobMap(jobs, cluster.topology(), options, nullptr,
                                           [&](int percent, const char*) { lastPercent = percent; });
    QVERIFY2(result.error.empty(), result.error.c_str());
    QCOMPARE(lastPercent, 100);
    QVERIFY(result.points.size() >= 100);
    QVERIFY(result.klDivergence > 0.0);
    // Mean distance to points of the same group is well below the mean
    // distance to points of other groups.
    double same = 0, other = 0;
    std::size_t nSame = 0, nOther = 0;
    for (std::size_t i = 0; i < result.points.size(); i += 3) {
      for (std::size_t j = i + 1; j < result.points.size(); j += 5) {
        const auto& a = result.points[i];
        const auto& b = result.points[j];
        const double d = std::hypot(a.x - b.x, a.y - b.y);
        if (a.cluster == b.cluster) {
          same += d;
          ++nSame;
        } else {
          other += d;
          ++nOther;
        }
      }
    }
    QVERIFY(nSame > 0 && nOther > 0);
    QVERIFY2(same / nSame < 0.6 * (other / nOther),
             qPrintable(QStringLiteral("%1 vs %2").arg(same / nSame).arg(other / nOther)));
  }

  void warmStartKeepsKnownPoints() {
    SimulatedCluster cluster(small());
    auto jobs = clusterJobs(cluster);
    embed::JobMapOptions options;
    options.maxJobs = 400;
    options.iterations = 300;
    const auto first = embed::buildJobMap(jobs, cluster.topology(), options, nullptr, {});
    QVERIFY(first.error.empty());
    for (const auto& p : first.points) options.previous.emplace(p.job, std::make_pair(p.x, p.y));
    options.model = first.model;
    for (int i = 0; i < 200; ++i) cluster.step();  // ten minutes later: new jobs
    jobs = clusterJobs(cluster);
    const auto warm = embed::buildJobMap(jobs, cluster.topology(), options, nullptr, {});
    QVERIFY(warm.error.empty());
    auto cold = options;
    cold.previous.clear();
    const auto coldMap = embed::buildJobMap(jobs, cluster.topology(), cold, nullptr, {});
    QVERIFY(coldMap.error.empty());
    // Mean displacement of the jobs both maps share, against the first map.
    const auto displacement = [&](const embed::JobMapResult& map, std::size_t* kept) {
      double moved = 0;
      *kept = 0;
      for (const auto& p : map.points) {
        const auto it = options.previous.find(p.job);
        if (it == options.previous.end()) continue;
        moved += std::hypot(p.x - it->second.first, p.y - it->second.second);
        ++*kept;
      }
      return *kept ? moved / *kept : 0.0;
    };
    std::size_t kept = 0;
    const double warmMoved = displacement(warm, &kept);
    QVERIFY(kept > 50);
    const double coldMoved = displacement(coldMap, &kept);
    // Running jobs' features change as they run and half the window is new
    // after ten minutes, so the warm map moves too, but clearly less.
    QVERIFY2(warmMoved < 0.75 * coldMoved, qPrintable(QStringLiteral("warm %1, cold %2").arg(warmMoved).arg(coldMoved)));
  }

  // A snapshot taken where no map was drawn trains the model the first map
  // would have: the same weights, bit for bit.
  void trainedModelIsTheFirstMapsModel() {
    SimulatedCluster cluster(small());
    const auto jobs = clusterJobs(cluster);
    embed::JobMapOptions options;
    options.maxJobs = 300;
    options.iterations = 50;
    options.embedderSteps = 60;
    const auto map = embed::buildJobMap(jobs, cluster.topology(), options, nullptr, {});
    QVERIFY(map.error.empty() && map.model);
    const auto model = embed::trainJobMapModel(jobs, cluster.topology(), options);
    QVERIFY(model);
    QVERIFY(model->features.mean() == map.model->features.mean());
    QVERIFY(model->features.stddev() == map.model->features.stddev());
    QVERIFY(model->embedder.w1() == map.model->embedder.w1());
    QVERIFY(model->embedder.b1() == map.model->embedder.b1());
    QVERIFY(model->embedder.w2() == map.model->embedder.w2());
    QVERIFY(model->embedder.b2() == map.model->embedder.b2());
    const std::vector<Job> few(jobs.begin(), jobs.begin() + 5);
    QVERIFY(!embed::trainJobMapModel(few, cluster.topology(), options));
  }

  void cancelStops() {
    SimulatedCluster cluster(small());
    std::atomic<bool> cancel{true};
    const auto result = embed::buildJobMap(clusterJobs(cluster), cluster.topology(), {}, &cancel, {});
    QVERIFY(result.cancelled);
    QVERIFY(result.points.empty());
  }
};

QTEST_GUILESS_MAIN(TestJobMap)
#include "tst_job_map.moc"
