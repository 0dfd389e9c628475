// Replaying a snapshot maps its jobs with the embedder saved in it: the
// replay session hands the stored weights over unchanged, the job map worker
// draws with them instead of retraining, and the console's replay shows
// that map while the live map's model is left alone.
#include "base/model/embedded_point.h"
#include "base/model/job.h"
#include "checked_value.h"
#include "cluster_connection.h"
#include "cluster_workspace.h"
#include "data/embed/job_features.h"
#include "data/embed/job_map_builder.h"
#include "data/store/snapshot_data.h"
#include "data/store/snapshot_store.h"
#include "job_map_worker.h"
#include "main_window.h"
#include "replay_controller.h"
#include "replay_session.h"
#include "serve/gateway/gateway.h"
#include "snapshot_taker.h"
#include "sources/cluster/sim_options.h"
#include "sources/cluster/simulated_cluster.h"
#include "store_test_data.h"
#include "widgets/embedding_map_view.h"

#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <utility>
#include <variant>
#include <vector>

using namespace hetsched;

namespace {

std::vector<embed::JobSample> samplesOf(const SnapshotData& d) {
  std::vector<embed::JobSample> samples;
  samples.reserve(d.jobs.size());
  for (const Job& job : d.jobs) samples.push_back({job, d.topology.models.front(), 0.0});
  return samples;
}

void comparePoints(const std::vector<EmbeddedPoint>& got, const std::vector<EmbeddedPoint>& want) {
  QCOMPARE(got.size(), want.size());
  for (std::size_t i = 0; i < want.size(); ++i) {
    QCOMPARE(got[i].job, want[i].job);
    QCOMPARE(got[i].x, want[i].x);
    QCOMPARE(got[i].y, want[i].y);
  }
}

bool samePoints(const std::vector<EmbeddedPoint>& got, const std::vector<EmbeddedPoint>& want) {
  if (got.size() != want.size()) return false;
  for (std::size_t i = 0; i < want.size(); ++i)
    if (got[i].job != want[i].job || got[i].x != want[i].x || got[i].y != want[i].y) return false;
  return true;
}

bool sameModel(const embed::JobMapModel& a, const embed::JobMapModel& b) {
  return a.features.mean() == b.features.mean() && a.features.stddev() == b.features.stddev() &&
         a.embedder.w1() == b.embedder.w1() && a.embedder.b1() == b.embedder.b1() &&
         a.embedder.w2() == b.embedder.w2() && a.embedder.b2() == b.embedder.b2();
}

// Takes a snapshot of `gateway` into `file` with `embedder` (maybe null) and
// loads it back.
std::optional<SnapshotMeta> takeAndLoad(const Gateway& gateway, const QString& file,
                                        std::shared_ptr<const embed::JobMapModel> embedder) {
  ClusterConnection connection(QString::fromStdString(gateway.address()));
  SnapshotTaker taker(connection.channel());
  QSignalSpy finished(&taker, &SnapshotTaker::finished);
  taker.start(file, QStringLiteral("taken"), 0, std::move(embedder));
  if (!finished.wait(30000)) return std::nullopt;
  auto store = SnapshotStore::open(file.toStdString(), OpenMode::ReadOnly);
  if (!std::holds_alternative<SnapshotStore>(store)) return std::nullopt;
  auto meta = std::get<SnapshotStore>(store).loadMeta(finished.front().front().toLongLong());
  if (!std::holds_alternative<SnapshotMeta>(meta)) return std::nullopt;
  return std::get<SnapshotMeta>(std::move(meta));
}

}  // namespace

class TestReplayJobMap : public QObject {
  Q_OBJECT
 private:
  QTemporaryDir m_dir;
  QString m_file;
  SnapshotData m_data;
  std::shared_ptr<const embed::JobMapModel> m_saved;
  std::vector<EmbeddedPoint> m_withSaved;  // the map the stored weights draw

 private Q_SLOTS:
  void initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QVERIFY(m_dir.isValid());
    m_data = test::simSnapshot(7, 5);
    // Trained on another cluster's jobs with another seed: a replay that
    // retrained on the snapshot's own jobs would draw a different map.
    const SnapshotData other = test::simSnapshot(9, 2);
    embed::JobMapOptions training;
    training.seed = 5;
    training.embedderSteps = 100;
    m_saved = embed::trainJobMapModel(other.jobs, other.topology, training);
    QVERIFY(m_saved);
    m_data.embedder = m_saved;
    m_file = m_dir.filePath(QStringLiteral("mapped.hsnap"));
    auto store = SnapshotStore::open(m_file.toStdString(), OpenMode::Create);
    QVERIFY(std::holds_alternative<SnapshotStore>(store));
    QVERIFY(std::holds_alternative<SnapshotId>(std::get<SnapshotStore>(store).save(m_data)));

    embed::JobMapOptions options;
    options.model = m_saved;
    const auto map = embed::buildJobMap(m_data.jobs, m_data.topology, options, nullptr, {});
    QVERIFY2(map.error.empty(), map.error.c_str());
    QVERIFY(map.points.size() >= 10);
    m_withSaved = map.points;
    const auto retrained = embed::buildJobMap(m_data.jobs, m_data.topology, {}, nullptr, {});
    QVERIFY(retrained.error.empty());
    QCOMPARE(retrained.points.size(), m_withSaved.size());
    bool differs = false;
    for (std::size_t i = 0; i < m_withSaved.size(); ++i)
      differs = differs || retrained.points[i].x != m_withSaved[i].x || retrained.points[i].y != m_withSaved[i].y;
    QVERIFY(differs);
  }

  void sessionHandsOverTheStoredWeights() {
    ReplaySession session;
    QSignalSpy listed(&session, &ReplaySession::listed);
    QSignalSpy loaded(&session, &ReplaySession::loaded);
    session.open(m_file);
    QVERIFY(listed.wait(10000));
    const auto snapshots = listed.front().front().value<QList<SnapshotInfo>>();
    QCOMPARE(snapshots.size(), 1);
    QCOMPARE(snapshots.front().embedder.hidden, std::uint32_t{embed::TaskEmbedder::kHidden});
    session.load(snapshots.front().id);
    QVERIFY(loaded.wait(10000));
    const auto meta = loaded.front().front().value<std::shared_ptr<const SnapshotMeta>>();
    QVERIFY(meta && meta->embedder);
    const auto samples = samplesOf(m_data);
    const Eigen::MatrixXf want = m_saved->embedder.embed(m_saved->features.encode(samples));
    const Eigen::MatrixXf got = meta->embedder->embedder.embed(meta->embedder->features.encode(samples));
    QVERIFY(got == want);  // bit for bit: the same weights and scaling
  }

  void workerDrawsWithTheStoredWeights() {
    auto store = SnapshotStore::open(m_file.toStdString(), OpenMode::ReadOnly);
    QVERIFY(std::holds_alternative<SnapshotStore>(store));
    auto meta = std::get<SnapshotStore>(store).loadMeta(1);
    QVERIFY(std::holds_alternative<SnapshotMeta>(meta));
    const SnapshotMeta& m = std::get<SnapshotMeta>(meta);
    JobMapWorker worker;
    QSignalSpy ready(&worker, &JobMapWorker::ready);
    worker.requestReplay(m.jobs, m.topology, m.embedder);
    QVERIFY(ready.wait(60000));
    comparePoints(ready.front().front().value<std::vector<EmbeddedPoint>>(), m_withSaved);
    QVERIFY(!worker.model());  // a replay leaves the live map's model alone
  }

  // "Take snapshot" saves the live map's embedder as it is; with no map
  // drawn yet, the one the first map of the snapshot's jobs would train.
  void takerSavesTheJobMapsEmbedder() {
    GatewayOptions options;
    options.speed = 300;
    options.historyFrames = 5;
    SimOptions sim;
    sim.shape = defaultClusterShape(2, 2, 1);
    sim.warmupS = 1800;
    Gateway gateway(std::make_unique<SimulatedCluster>(sim), options);
    std::string error;
    QVERIFY2(gateway.start(&error), error.c_str());
    QTest::qWait(300);
    const auto given = takeAndLoad(gateway, m_dir.filePath(QStringLiteral("given.hsnap")), m_saved);
    VERIFY_HAS_VALUE(given);
    QVERIFY(given->embedder);
    QVERIFY(sameModel(*given->embedder, *m_saved));
    const auto trained = takeAndLoad(gateway, m_dir.filePath(QStringLiteral("trained.hsnap")), nullptr);
    VERIFY_HAS_VALUE(trained);
    QVERIFY(trained->embedder);
    const auto first = embed::trainJobMapModel(trained->jobs, trained->topology, {});
    QVERIFY(first && sameModel(*trained->embedder, *first));
    gateway.stop();
  }

  void consoleReplayShowsTheStoredMap() {
    MainWindow window;  // nothing at the address: replay needs no cluster
    ClusterWorkspace& ws =
        *window.addCluster(std::make_unique<ClusterConnection>(QStringLiteral("127.0.0.1:1")), QStringLiteral("test"));
    QSignalSpy entered(ws.replay(), &ReplayController::entered);
    ws.replay()->openFile(m_file);
    QVERIFY(entered.wait(10000));
    // A full layout shows previews while it settles; the stored map is what
    // it settles on.
    QTRY_VERIFY_WITH_TIMEOUT(samePoints(ws.jobMap()->points(), m_withSaved), 60000);
    comparePoints(ws.jobMap()->points(), m_withSaved);
  }
};

QTEST_MAIN(TestReplayJobMap)
#include "tst_replay_job_map.moc"
