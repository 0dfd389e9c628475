// Files the store must refuse without touching them, and a save killed
// mid-transaction that must leave every earlier snapshot intact.
#include "base/model/frame.h"
#include "checked_value.h"
#include "data/store/snapshot_data.h"
#include "data/store/snapshot_store.h"
#include "data/store/sqlite_db.h"
#include "data/store/store_error.h"
#include "store_test_data.h"

#include <QDir>
#include <QTemporaryDir>
#include <QTest>
#include <csignal>
#include <cstddef>
#include <cstdint>
#include <poll.h>
#include <random>
#include <signal.h>
#include <sqlite3.h>
#include <stdlib.h>
#include <sys/poll.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#include <utility>
#include <variant>
#include <vector>

using namespace hetsched;
using namespace hetsched::test;

namespace {

void saveSim(const QString& path, std::uint64_t seed, std::size_t frames) {
  auto opened = SnapshotStore::open(path.toStdString(), OpenMode::Create);
  QVERIFY(std::holds_alternative<SnapshotStore>(opened));
  QVERIFY(std::holds_alternative<SnapshotId>(std::get<SnapshotStore>(opened).save(simSnapshot(seed, frames))));
}

void rawExec(const QString& path, const char* sql) {
  sqlite3* raw = nullptr;
  QCOMPARE(sqlite3_open(path.toUtf8().constData(), &raw), SQLITE_OK);
  SqliteDb db(raw);
  QCOMPARE(db.exec(sql), SQLITE_OK);
}

void writeBytes(const QString& path, const QByteArray& bytes) {
  QFile f(path);
  QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
  f.write(bytes);
}

// Noisy synthetic history: it compresses badly, so a save's pages spill
// from SQLite's cache into the WAL long before it commits.
SnapshotData bigNoisySnapshot(std::size_t frames) {
  SnapshotData d = simSnapshot(21, 1, 40, 200, 60);
  d.name = "big";
  std::mt19937 rng(1);
  std::uniform_real_distribution<float> u(0.0f, 1.0f);
  const Frame base = d.history.front();
  d.history.clear();
  for (std::size_t i = 0; i < frames; ++i) {
    Frame f = base;
    f.sequence = i;
    f.simTimeMs = static_cast<std::int64_t>(i) * 3000;
    for (std::size_t k = 0; k < f.deviceCount(); ++k) {
      f.utilization[k] = u(rng);
      f.powerWatts[k] = 400 * u(rng);
      f.memoryUsed[k] = u(rng);
    }
    d.history.push_back(std::move(f));
  }
  return d;
}

}  // namespace

class TestStoreFiles : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void refusesBadFiles_data() {
    QTest::addColumn<QString>("kind");
    QTest::addColumn<int>("mode");
    QTest::addColumn<int>("expected");
    const auto add = [](const char* kind, StoreErrorCode code) {
      for (const OpenMode mode : {OpenMode::ReadOnly, OpenMode::ReadWrite, OpenMode::Create}) {
        // newRow with a built name: GCC -O3 misreads addRow's "%s" of `kind` as null.
        const QByteArray name = QByteArray(kind) + "/mode" + QByteArray::number(static_cast<int>(mode));
        QTest::newRow(name.constData()) << QString::fromLatin1(kind) << static_cast<int>(mode)
                                        << static_cast<int>(code);
      }
    };
    add("text", StoreErrorCode::NotSqlite);
    add("random", StoreErrorCode::NotSqlite);
    add("header-only", StoreErrorCode::Truncated);
    add("truncated", StoreErrorCode::Truncated);
    add("corrupt-page", StoreErrorCode::Corrupt);
    add("foreign", StoreErrorCode::ForeignDatabase);
    add("newer", StoreErrorCode::NewerSchema);
  }

  void refusesBadFiles() {
    QFETCH(QString, kind);
    QFETCH(int, mode);
    QFETCH(int, expected);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("f.hsnap"));
    if (kind == QLatin1String("text")) {
      writeBytes(path, QByteArray("cluster,devices\nalpha,12\n").repeated(200));
    } else if (kind == QLatin1String("random")) {
      std::mt19937 rng(7);
      QByteArray bytes(100000, '\0');
      for (char& c : bytes) c = static_cast<char>(rng());
      writeBytes(path, bytes);
    } else if (kind == QLatin1String("foreign")) {
      rawExec(path,
              "CREATE TABLE customers(id INTEGER PRIMARY KEY, name TEXT); INSERT INTO customers(name) "
              "VALUES('ada')");
    } else if (kind == QLatin1String("newer")) {
      saveSim(path, 1, 5);
      rawExec(path, "PRAGMA user_version = 99");
    } else {
      saveSim(path, 1, 40);
      QByteArray bytes = fileBytes(path);
      QVERIFY(bytes.size() > qsizetype{4} * 65536);
      if (kind == QLatin1String("header-only")) bytes.truncate(60);
      if (kind == QLatin1String("truncated")) bytes.truncate(bytes.size() / 2);
      // Page 2 is the first table's b-tree root: an invalid page type there
      // is what a flipped sector looks like to quick_check.
      if (kind == QLatin1String("corrupt-page")) {
        for (int i = 0; i < 12; ++i) bytes[65536 + i] = static_cast<char>(bytes[65536 + i] ^ 0x5a);
      }
      writeBytes(path, bytes);
    }
    QVERIFY(!QFile::exists(path + QStringLiteral("-wal")));
    const QByteArray before = fileBytes(path);
    {
      auto opened = SnapshotStore::open(path.toStdString(), static_cast<OpenMode>(mode));
      QVERIFY(std::holds_alternative<StoreError>(opened));
      const StoreError& e = std::get<StoreError>(opened);
      QCOMPARE_CODE(e.code, static_cast<StoreErrorCode>(expected));
      QVERIFY2(e.message.starts_with(path.toStdString()), e.message.c_str());
      qInfo("%s", e.message.c_str());
    }
    QCOMPARE(fileBytes(path), before);
  }

  // Rows a file's b-trees hold intact but whose values are damaged (or
  // crafted): loadMeta refuses them before anything indexes by them. The
  // kind was narrowed to the enum's byte and the counts reserved as stored.
  void refusesDamagedRows_data() {
    QTest::addColumn<QString>("sql");
    QTest::addColumn<QString>("message");
    QTest::newRow("model kind") << "UPDATE device_model SET kind = 77 WHERE idx = 0"
                                << "topology: models[0].kind: 255 is not a device kind";
    QTest::newRow("model kind past a byte") << "UPDATE device_model SET kind = 257 WHERE idx = 0"
                                            << "topology: models[0].kind: 255 is not a device kind";
    QTest::newRow("node kind") << "UPDATE node SET kind = -1 WHERE idx = 1"
                               << "topology: nodes[1].kind: 255 is not a device kind";
    QTest::newRow("device model") << "UPDATE device SET model = 999 WHERE idx = 2"
                                  << "topology: devices[2]: refers to a missing node or model";
    QTest::newRow("node range") << "UPDATE node SET device_count = 100000 WHERE idx = 0"
                                << "topology: nodes[0].device_count: runs past the device list";
    QTest::newRow("device count") << "UPDATE snapshot SET device_count = 1099511627776"
                                  << "devices and 10 nodes, the header says 1099511627776 and 10";
  }
  void refusesDamagedRows() {
    QFETCH(QString, sql);
    QFETCH(QString, message);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("rows.hsnap"));
    saveSim(path, 4, 6);
    rawExec(path, sql.toUtf8().constData());
    SnapshotStore store = openOrFail(path, OpenMode::ReadOnly);
    const SnapshotId id = value(store.list()).front().id;
    auto meta = store.loadMeta(id);
    QVERIFY(std::holds_alternative<StoreError>(meta));
    const StoreError& e = std::get<StoreError>(meta);
    QCOMPARE_CODE(e.code, StoreErrorCode::Corrupt);
    QVERIFY2(e.message.find(message.toStdString()) != std::string::npos, e.message.c_str());
    Frame f;
    const auto frame = store.frameIndex(id, 0, &f);
    if (sql.contains(QLatin1String("snapshot SET device_count"))) {
      VERIFY_HAS_VALUE(frame);
      QVERIFY2(frame->message.find("count is damaged (1099511627776)") != std::string::npos, frame->message.c_str());
    }
  }

  void missingAndEmptyFiles() {
    QTemporaryDir dir;
    const std::string missing = dir.filePath(QStringLiteral("none.hsnap")).toStdString();
    QCOMPARE_CODE(std::get<StoreError>(SnapshotStore::open(missing, OpenMode::ReadOnly)).code,
                  StoreErrorCode::NotFound);
    QCOMPARE_CODE(std::get<StoreError>(SnapshotStore::open(missing, OpenMode::ReadWrite)).code,
                  StoreErrorCode::NotFound);
    QVERIFY(!QFile::exists(QString::fromStdString(missing)));
    const QString empty = dir.filePath(QStringLiteral("empty.hsnap"));
    writeBytes(empty, {});
    QCOMPARE_CODE(std::get<StoreError>(SnapshotStore::open(empty.toStdString(), OpenMode::ReadOnly)).code,
                  StoreErrorCode::NotSqlite);
    QVERIFY(std::holds_alternative<SnapshotStore>(SnapshotStore::open(empty.toStdString(), OpenMode::Create)));
  }

  // A child process saves a large snapshot and is SIGKILLed halfway through
  // writing its history, inside the transaction. The file must reopen with
  // every earlier snapshot as it was, pass quick_check, and take new saves.
  void killedMidSaveKeepsEarlierSnapshots() {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("k.hsnap"));
    const std::vector<SnapshotData> earlier{simSnapshot(1, 20), simSnapshot(2, 35)};
    {
      SnapshotStore store = std::get<SnapshotStore>(SnapshotStore::open(path.toStdString(), OpenMode::Create));
      for (const SnapshotData& d : earlier) QVERIFY(std::holds_alternative<SnapshotId>(store.save(d)));
    }
    const SnapshotData big = bigNoisySnapshot(1500);
    int pipeFds[2];
    QCOMPARE(pipe(pipeFds), 0);
    const pid_t child = fork();
    QVERIFY(child >= 0);
    if (child == 0) {
      close(pipeFds[0]);
      auto opened = SnapshotStore::open(path.toStdString(), OpenMode::ReadWrite);
      if (!std::holds_alternative<SnapshotStore>(opened)) _exit(3);
      std::get<SnapshotStore>(opened).save(big, [&](std::size_t done, std::size_t total) {
        if (done == total * 2 / 3) {
          const char ready = 'r';
          if (write(pipeFds[1], &ready, 1) != 1) _exit(4);
          for (;;) pause();  // hold the transaction open until killed
        }
        return true;
      });
      _exit(5);  // never reached: the save must not finish
    }
    close(pipeFds[1]);
    pollfd pfd{pipeFds[0], POLLIN, 0};
    const int ready = poll(&pfd, 1, 120000);
    char byte = 0;
    const bool signalled = ready == 1 && read(pipeFds[0], &byte, 1) == 1;
    close(pipeFds[0]);
    kill(child, SIGKILL);
    int status = 0;
    waitpid(child, &status, 0);
    QVERIFY2(signalled, "the child never reached the middle of its save");
    QVERIFY(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL);
    // The uncommitted half-save really reached the disk.
    QVERIFY(QFileInfo(path + QStringLiteral("-wal")).size() > qint64{1024} * 1024);

    auto reopened = SnapshotStore::open(path.toStdString(), OpenMode::ReadWrite);
    if (auto* e = std::get_if<StoreError>(&reopened)) QFAIL(e->message.c_str());
    SnapshotStore& store = std::get<SnapshotStore>(reopened);
    const auto list = std::get<std::vector<SnapshotInfo>>(store.list());
    QCOMPARE(list.size(), earlier.size());
    Frame f;
    for (std::size_t s = 0; s < earlier.size(); ++s) {
      QCOMPARE(list[s].name, earlier[s].name);
      const SnapshotMeta meta = std::get<SnapshotMeta>(store.loadMeta(list[s].id));
      QVERIFY(meta.topology == earlier[s].topology);
      compareJobs(meta.jobs, earlier[s].jobs);
      for (std::size_t i = 0; i < earlier[s].history.size(); ++i) {
        QVERIFY(!store.frameIndex(list[s].id, i, &f));
        compareFrame(f, earlier[s].history[i]);
      }
    }
    {
      sqlite3* raw = nullptr;
      QCOMPARE(sqlite3_open_v2(path.toUtf8().constData(), &raw, SQLITE_OPEN_READONLY, nullptr), SQLITE_OK);
      SqliteDb db(raw);
      sqlite3_stmt* stmt = nullptr;
      QCOMPARE(sqlite3_prepare_v2(raw, "PRAGMA integrity_check", -1, &stmt, nullptr), SQLITE_OK);
      QCOMPARE(sqlite3_step(stmt), SQLITE_ROW);
      QCOMPARE(QByteArray(reinterpret_cast<const char*>(sqlite3_column_text(stmt, 0))), QByteArray("ok"));
      sqlite3_finalize(stmt);
    }
    QVERIFY(std::holds_alternative<SnapshotId>(store.save(simSnapshot(3, 5))));
    QCOMPARE(std::get<std::vector<SnapshotInfo>>(store.list()).size(), earlier.size() + 1);
  }
};

QTEST_GUILESS_MAIN(TestStoreFiles)
#include "tst_store_files.moc"
