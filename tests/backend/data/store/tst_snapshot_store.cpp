// The snapshot store: round trip field by field, several snapshots per file,
// seeking and scrubbing, what-if runs, and migration of an older file.
#include "base/model/frame.h"
#include "base/model/job.h"
#include "checked_value.h"
#include "data/store/schema.h"
#include "data/store/snapshot_data.h"
#include "data/store/snapshot_store.h"
#include "data/store/sqlite_db.h"
#include "data/store/store_error.h"
#include "store_test_data.h"

#include <QDir>
#include <QTemporaryDir>
#include <QTest>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <random>
#include <sqlite3.h>
#include <string>
#include <utility>
#include <variant>
#include <vector>

using namespace hetsched;
using namespace hetsched::test;

namespace {

void verifySnapshot(SnapshotStore& store, SnapshotId id, const SnapshotData& want) {
  const SnapshotMeta meta = value(store.loadMeta(id));
  QCOMPARE(meta.info.name, want.name);
  QCOMPARE(meta.info.takenAtMs, want.takenAtMs);
  QVERIFY(meta.topology == want.topology);
  QVERIFY(meta.policy == want.policy);
  compareJobs(meta.jobs, want.jobs);
  QCOMPARE(meta.info.frameCount, want.history.size());
  QCOMPARE(meta.info.deviceCount, want.topology.devices.size());
  QCOMPARE(value(store.frameCount(id)), want.history.size());
  Frame f;
  for (std::size_t i = 0; i < want.history.size(); ++i) {
    const auto error = store.frameIndex(id, i, &f);
    QVERIFY2(!error, error ? error->message.c_str() : "");
    compareFrame(f, want.history[i]);
    if (QTest::currentTestFailed()) return;
  }
}

}  // namespace

class TestSnapshotStore : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void roundTripFieldByField() {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("a.hsnap"));
    const SnapshotData data = simSnapshot(3, 75);
    QVERIFY(data.jobs.size() > 10);
    SnapshotId id = 0;
    {
      SnapshotStore store = openOrFail(path, OpenMode::Create);
      id = value(store.save(data));
    }
    SnapshotStore store = openOrFail(path, OpenMode::ReadOnly);
    QCOMPARE(store.openedSchemaVersion(), kSnapshotSchemaVersion);
    verifySnapshot(store, id, data);
    const auto list = value(store.list());
    QCOMPARE(list.size(), std::size_t{1});
    QCOMPARE(list[0].firstSimTimeMs, data.history.front().simTimeMs);
    QCOMPARE(list[0].lastSimTimeMs, data.history.back().simTimeMs);
    QCOMPARE(list[0].policyName, data.policy.name);
    QCOMPARE(list[0].jobCount, data.jobs.size());
    QVERIFY(list[0].historyBytes > 0);
  }

  void severalSnapshotsInOneFile() {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("many.hsnap"));
    std::vector<SnapshotData> data{simSnapshot(1, 31), simSnapshot(2, 0), simSnapshot(5, 64, 2, 6, 3)};
    std::vector<SnapshotId> ids;
    for (const SnapshotData& d : data) {
      SnapshotStore store = openOrFail(path, OpenMode::Create);  // reopen between saves on purpose
      ids.push_back(value(store.save(d)));
    }
    SnapshotStore store = openOrFail(path, OpenMode::ReadWrite);
    const auto list = value(store.list());
    QCOMPARE(list.size(), data.size());
    for (std::size_t i = 0; i < data.size(); ++i) {
      QCOMPARE(list[i].id, ids[i]);
      QCOMPARE(list[i].name, data[i].name);
      verifySnapshot(store, ids[i], data[i]);
    }
    // Interleaved reads of two snapshots must not mix their decode state.
    Frame a;
    Frame b;
    for (std::size_t i = 0; i < 31; ++i) {
      QVERIFY(!store.frameIndex(ids[0], i, &a));
      QVERIFY(!store.frameIndex(ids[2], i, &b));
      compareFrame(a, data[0].history[i]);
      compareFrame(b, data[2].history[i]);
    }
    QVERIFY(!store.remove(ids[1]));
    QCOMPARE(value(store.list()).size(), std::size_t{2});
    const std::optional<StoreError> removedAgain = store.remove(ids[1]);
    VERIFY_HAS_VALUE(removedAgain);
    QCOMPARE_CODE(removedAgain->code, StoreErrorCode::NoSuchSnapshot);
  }

  void seekAnywhere() {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("seek.hsnap"));
    const SnapshotData data = simSnapshot(9, 100);
    SnapshotStore store = openOrFail(path, OpenMode::Create);
    const SnapshotId id = value(store.save(data));
    const auto& h = data.history;
    Frame f;
    QCOMPARE(value(store.indexAt(id, h.front().simTimeMs - 100000)), std::size_t{0});
    QCOMPARE(value(store.indexAt(id, h.back().simTimeMs + 100000)), h.size() - 1);
    QCOMPARE(value(store.indexAt(id, h[42].simTimeMs)), std::size_t{42});
    QCOMPARE(value(store.indexAt(id, h[42].simTimeMs + 1)), std::size_t{42});
    QCOMPARE(value(store.indexAt(id, h[43].simTimeMs - 1)), std::size_t{42});
    // Random order, backwards and forwards, across keyframe boundaries.
    std::mt19937 rng(4);
    for (int k = 0; k < 200; ++k) {
      const std::size_t i = std::uniform_int_distribution<std::size_t>(0, h.size() - 1)(rng);
      QVERIFY(!store.frameAt(id, h[i].simTimeMs, &f));
      compareFrame(f, h[i]);
      if (QTest::currentTestFailed()) return;
    }
    for (std::size_t i = h.size(); i-- > 0;) {
      QVERIFY(!store.frameIndex(id, i, &f));
      compareFrame(f, h[i]);
    }
    const std::optional<StoreError> pastEnd = store.frameIndex(id, h.size(), &f);
    VERIFY_HAS_VALUE(pastEnd);
    QCOMPARE_CODE(pastEnd->code, StoreErrorCode::OutOfRange);
    const std::optional<StoreError> noSuchId = store.frameIndex(id + 100, 0, &f);
    VERIFY_HAS_VALUE(noSuchId);
    QCOMPARE_CODE(noSuchId->code, StoreErrorCode::NoSuchSnapshot);
  }

  void manyJobsSpanSeveralChunks() {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("jobs.hsnap"));
    SnapshotData data = simSnapshot(6, 2);
    const std::size_t real = data.jobs.size();
    QVERIFY(real > 0);
    for (std::size_t i = 0; data.jobs.size() < 20000; ++i) {
      Job copy = data.jobs[i % real];
      copy.id = data.jobs.back().id + 1 + i % 3;  // gaps in the ids
      copy.spec.name += "-" + std::to_string(i);
      copy.endTimeMs = -1 - static_cast<std::int64_t>(i);
      copy.devices.push_back(static_cast<std::uint32_t>(i));
      data.jobs.push_back(std::move(copy));
    }
    SnapshotStore store = openOrFail(path, OpenMode::Create);
    const SnapshotId id = value(store.save(data));
    compareJobs(value(store.loadMeta(id)).jobs, data.jobs);
    {
      sqlite3* raw = nullptr;
      QCOMPARE(sqlite3_open(path.toUtf8().constData(), &raw), SQLITE_OK);
      SqliteDb db(raw);
      QCOMPARE(db.exec("UPDATE job_chunk SET data = substr(data, 1, 40) WHERE chunk = 1"), SQLITE_OK);
    }
    const auto damaged = store.loadMeta(id);
    QCOMPARE_CODE(std::get<StoreError>(damaged).code, StoreErrorCode::Corrupt);
    QVERIFY(std::get<StoreError>(damaged).message.find("jobs chunk 1") != std::string::npos);
  }

  void whatIfRuns() {
    QTemporaryDir dir;
    SnapshotStore store = openOrFail(dir.filePath(QStringLiteral("w.hsnap")), OpenMode::Create);
    const SnapshotId id = value(store.save(simSnapshot(1, 3)));
    WhatIfRun run;
    run.snapshot = id;
    run.createdAtMs = 1234;
    run.policy = {"candidate", 7, R"({"queue":"sjf"})"};
    run.resultsJson = R"({"meanWaitS":12.5})";
    run.resultsBlob = {1, 2, 3, 0, 255};
    const WhatIfRunId runId = value(store.addWhatIfRun(run));
    const auto runs = value(store.whatIfRuns(id));
    QCOMPARE(runs.size(), std::size_t{1});
    QCOMPARE(runs[0].id, runId);
    QVERIFY(runs[0].policy == run.policy);
    QCOMPARE(runs[0].resultsJson, run.resultsJson);
    QCOMPARE(runs[0].resultsBlob, run.resultsBlob);
    run.snapshot = id + 1;
    QCOMPARE_CODE(std::get<StoreError>(store.addWhatIfRun(run)).code, StoreErrorCode::NoSuchSnapshot);
    QVERIFY(!store.remove(id));  // cascades
    QVERIFY(value(store.whatIfRuns(id)).empty());
  }

  void badDataAndReadOnly() {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("bad.hsnap"));
    SnapshotData data = simSnapshot(2, 5);
    data.history[3].job.pop_back();
    {
      SnapshotStore store = openOrFail(path, OpenMode::Create);
      const auto result = store.save(data);
      QCOMPARE_CODE(std::get<StoreError>(result).code, StoreErrorCode::InvalidData);
      QVERIFY(std::get<StoreError>(result).message.find("frame 3: job") != std::string::npos);
      QVERIFY(value(store.list()).empty());
    }
    // A new file appears only with its first complete save.
    QVERIFY(!QFile::exists(path));
    QCOMPARE(QDir(dir.path()).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot), QStringList());
    value(openOrFail(path, OpenMode::Create).save(simSnapshot(2, 1)));
    SnapshotStore store = openOrFail(path, OpenMode::ReadOnly);
    QCOMPARE_CODE(std::get<StoreError>(store.save(simSnapshot(2, 1))).code, StoreErrorCode::ReadOnly);
  }

  void cancelledSaveWritesNothing() {
    QTemporaryDir dir;
    SnapshotStore store = openOrFail(dir.filePath(QStringLiteral("c.hsnap")), OpenMode::Create);
    const SnapshotData first = simSnapshot(1, 4);
    const SnapshotId id = value(store.save(first));
    const auto result = store.save(simSnapshot(2, 40), [](std::size_t done, std::size_t) { return done < 20; });
    QCOMPARE_CODE(std::get<StoreError>(result).code, StoreErrorCode::Cancelled);
    QCOMPARE(value(store.list()).size(), std::size_t{1});
    verifySnapshot(store, id, first);
  }

  void damagedHistoryBlobIsReported() {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("d.hsnap"));
    SnapshotStore store = openOrFail(path, OpenMode::Create);
    const SnapshotId id = value(store.save(simSnapshot(1, 10)));
    {
      sqlite3* raw = nullptr;
      QCOMPARE(sqlite3_open(path.toUtf8().constData(), &raw), SQLITE_OK);
      SqliteDb db(raw);
      QCOMPARE(db.exec("UPDATE frame SET data = substr(data, 1, 20) || zeroblob(10) || substr(data, 31) "
                       "WHERE idx = 4"),
               SQLITE_OK);
    }
    Frame f;
    QVERIFY(!store.frameIndex(id, 3, &f));
    const auto error = store.frameIndex(id, 4, &f);
    VERIFY_HAS_VALUE(error);
    QCOMPARE_CODE(error->code, StoreErrorCode::Corrupt);
    QVERIFY(error->message.find("frame 4") != std::string::npos);
    QVERIFY(!store.frameIndex(id, 2, &f));  // the rest still reads
  }

  void migratesOlderSchemaFixture() {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("v1.hsnap"));
    QVERIFY(QFile::copy(QStringLiteral(HETSCHED_STORE_FIXTURE_DIR "/snapshots-v1.hsnap"), path));
    QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner);
    const QByteArray before = fileBytes(path);
    auto readOnly = SnapshotStore::open(path.toStdString(), OpenMode::ReadOnly);
    QCOMPARE_CODE(std::get<StoreError>(readOnly).code, StoreErrorCode::NeedsUpgrade);
    QCOMPARE(fileBytes(path), before);

    SnapshotStore store = openOrFail(path, OpenMode::ReadWrite);
    QCOMPARE(store.openedSchemaVersion(), 1);
    const auto list = value(store.list());
    QCOMPARE(list.size(), std::size_t{2});
    for (const SnapshotInfo& info : list) {
      QVERIFY(info.name.starts_with("v1 fixture"));
      QCOMPARE(info.policyName, std::string("fifo-binpack"));
      QVERIFY(info.historyBytes > 0);  // filled in by the v1 -> v2 migration
      const SnapshotMeta meta = value(store.loadMeta(info.id));
      QCOMPARE(meta.topology.devices.size(), info.deviceCount);
      QVERIFY(!meta.jobs.empty());
      Frame f;
      for (std::size_t i = 0; i < info.frameCount; ++i) {
        QVERIFY(!store.frameIndex(info.id, i, &f));
        QCOMPARE(f.deviceCount(), info.deviceCount);
      }
      QCOMPARE(f.simTimeMs, info.lastSimTimeMs);
    }
    QVERIFY(std::holds_alternative<WhatIfRunId>(store.addWhatIfRun({0, list[0].id, 1, {}, "{}", {}})));
    const SnapshotId id = value(store.save(simSnapshot(4, 3)));
    verifySnapshot(store, id, simSnapshot(4, 3));
  }

  // Rebuilds tests/data/store/snapshots-v1.hsnap: a v1 schema made by the
  // real v1 migration, filled with rows from two snapshots saved by this
  // build. Run with HETSCHED_WRITE_FIXTURES=1 after changing the schema's
  // past (which should never happen).
  void regenerateV1Fixture() {
    if (qEnvironmentVariableIsEmpty("HETSCHED_WRITE_FIXTURES")) QSKIP("set HETSCHED_WRITE_FIXTURES=1 to rewrite");
    QTemporaryDir dir;
    const QString current = dir.filePath(QStringLiteral("v2.hsnap"));
    {
      SnapshotStore store = openOrFail(current, OpenMode::Create);
      for (const std::uint64_t seed : {11, 12}) {
        SnapshotData d = simSnapshot(seed, 40);
        d.name = "v1 fixture " + d.name;
        value(store.save(d));
      }
    }
    const QString out = QStringLiteral(HETSCHED_STORE_FIXTURE_DIR "/snapshots-v1.hsnap");
    QFile::remove(out);
    sqlite3* raw = nullptr;
    QCOMPARE(sqlite3_open(out.toUtf8().constData(), &raw), SQLITE_OK);
    SqliteDb db(raw);
    QCOMPARE(db.exec("PRAGMA page_size = 65536; BEGIN"), SQLITE_OK);
    QCOMPARE(db.exec(("PRAGMA application_id = " + std::to_string(kSnapshotApplicationId)).c_str()), SQLITE_OK);
    QVERIFY(!migrateSchema(db, 0, 1));
    QCOMPARE(db.exec("COMMIT"), SQLITE_OK);
    const std::string attach = "ATTACH '" + current.toStdString() + "' AS src";
    QCOMPARE(db.exec(attach.c_str()), SQLITE_OK);
    QCOMPARE(db.exec("BEGIN;"
                     "INSERT INTO snapshot SELECT id, name, taken_at_ms, cluster_name, source, topology_version, "
                     "agent_period_ms, device_count, node_count, job_count, frame_count, first_sim_ms, last_sim_ms, "
                     "keyframe_interval, policy_name, policy_version, policy_json FROM src.snapshot;"
                     "INSERT INTO device_model SELECT * FROM src.device_model;"
                     "INSERT INTO node SELECT * FROM src.node;"
                     "INSERT INTO device SELECT * FROM src.device;"
                     "INSERT INTO job_chunk SELECT * FROM src.job_chunk;"
                     "INSERT INTO frame SELECT * FROM src.frame;"
                     "COMMIT; DETACH src; VACUUM"),
             SQLITE_OK);
  }
};

QTEST_GUILESS_MAIN(TestSnapshotStore)
#include "tst_snapshot_store.moc"
