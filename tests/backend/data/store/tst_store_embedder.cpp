// The job embedder stored with a snapshot: weights round-trip bit for bit,
// a v2 file (before embedders) migrates, damaged weights are refused naming
// the problem, and removing a snapshot removes its weights.
#include "base/model/frame.h"
#include "data/embed/job_map_builder.h"
#include "data/embed/job_map_model.h"
#include "data/store/schema.h"
#include "data/store/snapshot_data.h"
#include "data/store/snapshot_store.h"
#include "data/store/sqlite_db.h"
#include "data/store/sqlite_statement.h"
#include "data/store/store_error.h"
#include "store_test_data.h"

#include <QTemporaryDir>
#include <QTest>
#include <cstdint>
#include <cstring>
#include <memory>
#include <sqlite3.h>
#include <string>
#include <variant>

using namespace hetsched;
using namespace hetsched::test;

namespace {

// A short training keeps the test quick; the weights are as real as any.
std::shared_ptr<const embed::JobMapModel> trainedModel(const SnapshotData& d, std::uint64_t seed) {
  embed::JobMapOptions options;
  options.embedderSteps = 40;
  options.seed = seed;
  auto model = embed::trainJobMapModel(d.jobs, d.topology, options);
  if (!model) qFatal("too few jobs to train an embedder");
  return model;
}

bool sameBits(const float* a, const float* b, std::size_t n) { return std::memcmp(a, b, n * sizeof(float)) == 0; }

template <typename M>
void compareMatrix(const M& got, const M& want, const char* name) {
  QVERIFY2(got.rows() == want.rows() && got.cols() == want.cols(), name);
  QVERIFY2(sameBits(got.data(), want.data(), static_cast<std::size_t>(want.size())), name);
}

void compareModels(const embed::JobMapModel& got, const embed::JobMapModel& want) {
  QCOMPARE(got.features.mean().size(), want.features.mean().size());
  QVERIFY(sameBits(got.features.mean().data(), want.features.mean().data(), want.features.mean().size()));
  QCOMPARE(got.features.stddev().size(), want.features.stddev().size());
  QVERIFY(sameBits(got.features.stddev().data(), want.features.stddev().data(), want.features.stddev().size()));
  compareMatrix(got.embedder.w1(), want.embedder.w1(), "w1");
  compareMatrix(got.embedder.b1(), want.embedder.b1(), "b1");
  compareMatrix(got.embedder.w2(), want.embedder.w2(), "w2");
  compareMatrix(got.embedder.b2(), want.embedder.b2(), "b2");
}

void execOn(const QString& path, const char* sql) {
  sqlite3* raw = nullptr;
  QCOMPARE(sqlite3_open(path.toUtf8().constData(), &raw), SQLITE_OK);
  SqliteDb db(raw);
  QCOMPARE(db.exec(sql), SQLITE_OK);
}

const EmbedderLayers kLayers{static_cast<std::uint32_t>(embed::JobFeatures::kDimension), embed::TaskEmbedder::kHidden,
                             embed::TaskEmbedder::kOutput};

}  // namespace

class TestStoreEmbedder : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void weightsRoundTripBitForBit() {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("e.hsnap"));
    SnapshotData with = simSnapshot(5, 6);
    with.embedder = trainedModel(with, 3);
    const SnapshotData without = simSnapshot(6, 4);
    SnapshotId first = 0, second = 0;
    {
      SnapshotStore store = openOrFail(path, OpenMode::Create);
      first = value(store.save(with));
      second = value(store.save(without));
    }
    SnapshotStore store = openOrFail(path, OpenMode::ReadOnly);
    const SnapshotMeta meta = value(store.loadMeta(first));
    QVERIFY(meta.embedder);
    QVERIFY(meta.embedder != with.embedder);  // read from the file, not shared
    compareModels(*meta.embedder, *with.embedder);
    QVERIFY(meta.info.embedder == kLayers);
    const auto list = value(store.list());
    QCOMPARE(list.size(), std::size_t{2});
    QVERIFY(list[0].embedder == kLayers);
    QVERIFY(!list[1].embedder.present());
    const SnapshotMeta none = value(store.loadMeta(second));
    QVERIFY(!none.embedder);
    QVERIFY(!none.info.embedder.present());
  }

  void removeTakesTheWeights() {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("r.hsnap"));
    SnapshotData d = simSnapshot(5, 3);
    d.embedder = trainedModel(d, 1);
    {
      SnapshotStore store = openOrFail(path, OpenMode::Create);
      const SnapshotId id = value(store.save(d));
      QVERIFY(!store.remove(id));
    }
    sqlite3* raw = nullptr;
    QCOMPARE(sqlite3_open(path.toUtf8().constData(), &raw), SQLITE_OK);
    SqliteDb db(raw);
    SqliteStatement count(db.get(), "SELECT COUNT(*) FROM embedder");
    QCOMPARE(count.step(), SQLITE_ROW);
    QCOMPARE(count.columnInt(0), std::int64_t{0});
  }

  void unstorableEmbedderWritesNothing() {
    QTemporaryDir dir;
    SnapshotStore store = openOrFail(dir.filePath(QStringLiteral("u.hsnap")), OpenMode::Create);
    SnapshotData d = simSnapshot(5, 3);
    d.embedder = std::make_shared<embed::JobMapModel>();  // no weights at all
    const auto result = store.save(d);
    QVERIFY(std::holds_alternative<StoreError>(result));
    QCOMPARE_CODE(std::get<StoreError>(result).code, StoreErrorCode::InvalidData);
    QVERIFY(std::get<StoreError>(result).message.find("job embedder") != std::string::npos);
    QVERIFY(value(store.list()).empty());
  }

  void damagedWeightsAreReported_data() {
    QTest::addColumn<QString>("sql");
    QTest::addColumn<QString>("named");
    QTest::newRow("flipped bytes") << "UPDATE embedder SET data = substr(data, 1, 400) || X'DEADBEEF' || "
                                      "substr(data, 405)"
                                   << "checksum mismatch";
    QTest::newRow("truncated") << "UPDATE embedder SET data = substr(data, 1, length(data) - 7)" << "truncated";
    QTest::newRow("header only") << "UPDATE embedder SET data = substr(data, 1, 10)" << "truncated";
    QTest::newRow("not weights") << "UPDATE embedder SET data = X'00112233'" << "not embedder weights";
    QTest::newRow("empty") << "UPDATE embedder SET data = zeroblob(0)" << "not embedder weights";
    QTest::newRow("text") << "UPDATE embedder SET data = 'some text'" << "not embedder weights";
    QTest::newRow("newer format") << "UPDATE embedder SET data = substr(data, 1, 8) || X'09' || substr(data, 10)"
                                  << "newer embedder format";
    QTest::newRow("row disagrees") << "UPDATE embedder SET input_dim = 7" << "the row says 7 -> 128 -> 64";
  }

  // Damaged weights are reported by name and cost only the stored map: the
  // snapshot still loads and replays.
  void damagedWeightsAreReported() {
    QFETCH(QString, sql);
    QFETCH(QString, named);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("d.hsnap"));
    SnapshotData damaged = simSnapshot(5, 3);
    damaged.embedder = trainedModel(damaged, 2);
    SnapshotData sound = simSnapshot(6, 3);
    sound.embedder = trainedModel(sound, 4);
    SnapshotId bad = 0, good = 0;
    {
      SnapshotStore store = openOrFail(path, OpenMode::Create);
      bad = value(store.save(damaged));
      good = value(store.save(sound));
    }
    execOn(path, (sql + QStringLiteral(" WHERE snapshot_id = %1").arg(bad)).toUtf8().constData());
    SnapshotStore store = openOrFail(path, OpenMode::ReadOnly);
    const SnapshotMeta meta = value(store.loadMeta(bad));
    QVERIFY(!meta.embedder);
    const std::string& problem = meta.embedderProblem;
    QVERIFY2(problem.find("snapshot " + std::to_string(bad) + ", job embedder") != std::string::npos, problem.c_str());
    QVERIFY2(problem.find(named.toStdString()) != std::string::npos, problem.c_str());
    QCOMPARE(meta.jobs.size(), damaged.jobs.size());
    // The rest of the file still reads.
    QCOMPARE(value(store.list()).size(), std::size_t{2});
    Frame f;
    QVERIFY(!store.frameIndex(bad, 0, &f));
    QVERIFY(value(store.loadMeta(good)).embedderProblem.empty());
    compareModels(*value(store.loadMeta(good)).embedder, *sound.embedder);
  }

  void migratesV2Fixture() {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("v2.hsnap"));
    QVERIFY(QFile::copy(QStringLiteral(HETSCHED_STORE_FIXTURE_DIR "/snapshots-v2.hsnap"), path));
    QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner);
    const QByteArray before = fileBytes(path);
    auto readOnly = SnapshotStore::open(path.toStdString(), OpenMode::ReadOnly);
    QCOMPARE_CODE(std::get<StoreError>(readOnly).code, StoreErrorCode::NeedsUpgrade);
    QCOMPARE(fileBytes(path), before);

    SnapshotData added = simSnapshot(8, 3);
    added.embedder = trainedModel(added, 5);
    SnapshotId addedId = 0;
    {
      SnapshotStore store = openOrFail(path, OpenMode::ReadWrite);
      QCOMPARE(store.openedSchemaVersion(), 2);
      const auto list = value(store.list());
      QCOMPARE(list.size(), std::size_t{1});
      const SnapshotInfo& info = list.front();
      QVERIFY(info.name.starts_with("v2 fixture"));
      QVERIFY(!info.embedder.present());
      QVERIFY(info.historyBytes > 0);
      const SnapshotMeta meta = value(store.loadMeta(info.id));
      QVERIFY(!meta.embedder);
      QVERIFY(!meta.jobs.empty());
      QCOMPARE(meta.topology.devices.size(), info.deviceCount);
      Frame f;
      for (std::size_t i = 0; i < info.frameCount; ++i) QVERIFY(!store.frameIndex(info.id, i, &f));
      QCOMPARE(f.simTimeMs, info.lastSimTimeMs);
      const auto runs = value(store.whatIfRuns(info.id));
      QCOMPARE(runs.size(), std::size_t{1});
      QCOMPARE(runs[0].resultsJson, std::string(R"({"fixture":true})"));
      addedId = value(store.save(added));
    }
    SnapshotStore store = openOrFail(path, OpenMode::ReadOnly);
    QCOMPARE(store.openedSchemaVersion(), kSnapshotSchemaVersion);
    compareModels(*value(store.loadMeta(addedId)).embedder, *added.embedder);
  }

  // Rebuilds tests/data/store/snapshots-v2.hsnap: a v2 schema made by the
  // real migrations, filled with one small snapshot and a what-if run saved
  // by this build, in 4 KB pages to keep the committed file small. Run with
  // HETSCHED_WRITE_FIXTURES=1 after changing the schema's past (which
  // should never happen).
  void regenerateV2Fixture() {
    if (qEnvironmentVariableIsEmpty("HETSCHED_WRITE_FIXTURES")) QSKIP("set HETSCHED_WRITE_FIXTURES=1 to rewrite");
    QTemporaryDir dir;
    const QString current = dir.filePath(QStringLiteral("current.hsnap"));
    {
      SnapshotStore store = openOrFail(current, OpenMode::Create);
      SnapshotData d = simSnapshot(21, 6, 2, 2, 1);
      d.name = "v2 fixture " + d.name;
      const SnapshotId id = value(store.save(d));
      value(store.addWhatIfRun({0, id, 1'790'000'000'000, d.policy, R"({"fixture":true})", {1, 2, 3}}));
    }
    const QString out = QStringLiteral(HETSCHED_STORE_FIXTURE_DIR "/snapshots-v2.hsnap");
    QFile::remove(out);
    sqlite3* raw = nullptr;
    QCOMPARE(sqlite3_open(out.toUtf8().constData(), &raw), SQLITE_OK);
    SqliteDb db(raw);
    QCOMPARE(db.exec("PRAGMA page_size = 4096; BEGIN"), SQLITE_OK);
    QCOMPARE(db.exec(("PRAGMA application_id = " + std::to_string(kSnapshotApplicationId)).c_str()), SQLITE_OK);
    QVERIFY(!migrateSchema(db, 0, 2));
    QCOMPARE(db.exec("COMMIT"), SQLITE_OK);
    const std::string attach = "ATTACH '" + current.toStdString() + "' AS src";
    QCOMPARE(db.exec(attach.c_str()), SQLITE_OK);
    QCOMPARE(db.exec("BEGIN;"
                     "INSERT INTO snapshot SELECT * FROM src.snapshot;"
                     "INSERT INTO device_model SELECT * FROM src.device_model;"
                     "INSERT INTO node SELECT * FROM src.node;"
                     "INSERT INTO device SELECT * FROM src.device;"
                     "INSERT INTO job_chunk SELECT * FROM src.job_chunk;"
                     "INSERT INTO frame SELECT * FROM src.frame;"
                     "INSERT INTO whatif_run SELECT * FROM src.whatif_run;"
                     "COMMIT; DETACH src; VACUUM"),
             SQLITE_OK);
  }
};

QTEST_GUILESS_MAIN(TestStoreEmbedder)
#include "tst_store_embedder.moc"
