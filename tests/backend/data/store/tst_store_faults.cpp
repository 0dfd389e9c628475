// Snapshot files under faults: saves killed with SIGKILL at random moments,
// a disk that fills up (RLIMIT_FSIZE), and read-only opens of files the
// user cannot write. A path is only ever absent, as it was, or complete.
#include "base/model/frame.h"
#include "data/store/snapshot_data.h"
#include "data/store/snapshot_store.h"
#include "data/store/store_error.h"
#include "store_test_data.h"

#include <QDir>
#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QTest>
#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstddef>
#include <cstdint>
#include <poll.h>
#include <random>
#include <signal.h>
#include <sqlite3.h>
#include <stdlib.h>
#include <string>
#include <sys/resource.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <variant>
#include <vector>

using namespace hetsched;
using namespace hetsched::test;

namespace {

std::vector<std::string> names(SnapshotStore& store) {
  std::vector<std::string> out;
  for (const SnapshotInfo& info : value(store.list())) out.push_back(info.name);
  return out;
}

// Every snapshot in the file loads and every frame of it decodes.
bool readsWhole(SnapshotStore& store, QString* why) {
  auto listed = store.list();
  if (auto* e = std::get_if<StoreError>(&listed)) return *why = QString::fromStdString(e->message), false;
  Frame f;
  for (const SnapshotInfo& info : std::get<std::vector<SnapshotInfo>>(listed)) {
    auto meta = store.loadMeta(info.id);
    if (auto* e = std::get_if<StoreError>(&meta)) return *why = QString::fromStdString(e->message), false;
    if (std::get<SnapshotMeta>(meta).topology.devices.size() != info.deviceCount)
      return *why = QStringLiteral("snapshot %1: topology and header disagree").arg(info.id), false;
    for (std::size_t i = 0; i < info.frameCount; ++i) {
      if (auto e = store.frameIndex(info.id, i, &f)) return *why = QString::fromStdString(e->message), false;
    }
  }
  return true;
}

// The files in `dir` besides `keep` (journals, temporary files).
QStringList litter(const QString& dir, const QString& keep) {
  QStringList out = QDir(dir).entryList(QDir::Files | QDir::Hidden | QDir::System);
  out.removeAll(keep);
  return out;
}

// Runs `work` in a child process (so that a kill hits a real process with
// its own file descriptors and locks) and returns its exit status, or -1 if
// it was killed after `killAfter` (never, when negative).
template <typename Work>
int inChild(Work&& work, std::chrono::microseconds killAfter = std::chrono::microseconds(-1)) {
  const pid_t child = fork();
  if (child == 0) _exit(work());  // the work's destructors have run by now
  if (child < 0) return -2;
  if (killAfter.count() >= 0) {
    std::this_thread::sleep_for(killAfter);
    kill(child, SIGKILL);
  }
  int status = 0;
  waitpid(child, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

int saveInto(const QString& path, const SnapshotData& data) {
  auto opened = SnapshotStore::open(path.toStdString(), OpenMode::Create);
  if (!std::holds_alternative<SnapshotStore>(opened)) return 3;
  return std::holds_alternative<SnapshotId>(std::get<SnapshotStore>(opened).save(data)) ? 0 : 4;
}

// A message from a child, through a pipe.
class Pipe {
 public:
  Pipe() { QCOMPARE(pipe(m_fds), 0); }
  ~Pipe() {
    close(m_fds[0]);
    close(m_fds[1]);
  }
  void send(const std::string& text) const {
    if (write(m_fds[1], text.data(), text.size()) < 0) _exit(9);
  }
  QString receive() const {
    close(m_fds[1]);
    m_fds[1] = -1;
    std::string out;
    char buf[512];
    for (ssize_t n; (n = read(m_fds[0], buf, sizeof buf)) > 0;) out.append(buf, static_cast<std::size_t>(n));
    return QString::fromStdString(out);
  }

 private:
  mutable int m_fds[2] = {-1, -1};
};

}  // namespace

class TestStoreFaults : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  // 100 saves killed with SIGKILL at uniformly random moments of their run
  // (open, schema, rows, history, commit, rename), half into a new path and
  // half appending to a file that holds two snapshots. Each path must then
  // be absent, as it was, or complete and readable, and take a new save.
  void killedSavesLeaveNothingHalfMade() {
    QTemporaryDir dir;
    const QString base = dir.filePath(QStringLiteral("base.hsnap"));
    std::vector<std::string> baseNames;
    {
      SnapshotStore store = openOrFail(base, OpenMode::Create);
      for (const std::uint64_t seed : {1, 2}) value(store.save(simSnapshot(seed, 5)));
      baseNames = names(store);
    }
    const QByteArray baseBytes = [&] {
      QFile f(base);
      return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    }();
    QVERIFY(!baseBytes.isEmpty());
    const SnapshotData big = simSnapshot(7, 150, 12, 12, 6);
    const SnapshotData small = simSnapshot(8, 2);

    // How long a whole save takes here, child process included.
    std::vector<double> runs;
    for (int i = 0; i < 3; ++i) {
      const QString probe = dir.filePath(QStringLiteral("probe%1.hsnap").arg(i));
      QElapsedTimer timer;
      timer.start();
      QCOMPARE(inChild([&] { return saveInto(probe, big); }), 0);
      runs.push_back(static_cast<double>(timer.nsecsElapsed()) / 1e3);
    }
    std::sort(runs.begin(), runs.end());
    const double saveUs = runs[1];

    std::mt19937_64 rng(20251201);
    std::uniform_real_distribution<double> moment(0.0, saveUs);
    constexpr int kTrials = 100;
    int absent = 0, asItWas = 0, complete = 0, lost = 0, killedMidway = 0;
    for (int trial = 0; trial < kTrials; ++trial) {
      const bool append = trial % 2 == 1;
      const QString name = QStringLiteral("t%1.hsnap").arg(trial);
      const QString path = dir.filePath(name);
      if (append) {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly) && f.write(baseBytes) == baseBytes.size());
      }
      const auto killAfter = std::chrono::microseconds(static_cast<long long>(moment(rng)));
      const int status = inChild([&] { return saveInto(path, big); }, killAfter);
      QVERIFY2(status == -1 || status == 0,
               qPrintable(QStringLiteral("trial %1: save failed with %2").arg(trial).arg(status)));
      if (status == -1) ++killedMidway;

      QString why;
      if (!QFile::exists(path)) {
        if (append) why = QStringLiteral("the file vanished");
        else ++absent;
      } else {
        auto opened = SnapshotStore::open(path.toStdString(), OpenMode::ReadOnly);
        if (auto* e = std::get_if<StoreError>(&opened)) {
          why = QString::fromStdString(e->message);
        } else {
          SnapshotStore& store = std::get<SnapshotStore>(opened);
          std::vector<std::string> before = append ? baseNames : std::vector<std::string>{};
          std::vector<std::string> after = before;
          after.push_back(big.name);
          const std::vector<std::string> found = names(store);
          if (!readsWhole(store, &why)) {
          } else if (found == before) {
            ++asItWas;
          } else if (found == after && value(store.frameCount(value(store.list()).back().id)) == big.history.size()) {
            ++complete;
          } else {
            why = QStringLiteral("%1 snapshots, neither before nor after").arg(found.size());
          }
        }
      }
      if (!why.isEmpty()) {
        ++lost;
        qWarning("trial %d (%s, killed after %lld us): %s", trial, append ? "append" : "new",
                 static_cast<long long>(killAfter.count()), qPrintable(why));
      }
      // The reader put back what the killed writer left: no journal remains.
      QVERIFY2(!QFile::exists(path + QStringLiteral("-journal")) && !QFile::exists(path + QStringLiteral("-wal")),
               qPrintable(QStringLiteral("trial %1: %2").arg(trial).arg(litter(dir.path(), name).join(u' '))));
      // The path takes a new save, which also clears a dead save's temporary file.
      QCOMPARE(inChild([&] { return saveInto(path, small); }), 0);
      const QStringList left = litter(dir.path(), name).filter(name);
      QVERIFY2(left.isEmpty(), qPrintable(left.join(u' ')));
    }
    qInfo(
        "%d saves killed at random moments of a %.0f ms save (%d before they finished): "
        "%d paths absent, %d as they were, %d complete, %d lost",
        kTrials, saveUs / 1000, killedMidway, absent, asItWas, complete, lost);
    QCOMPARE(lost, 0);
    // The kills did land mid-save, on both kinds of path (wide margins:
    // uniform moments over the whole run).
    QVERIFY(killedMidway >= kTrials / 5);
    QVERIFY(absent + asItWas >= kTrials / 10);
  }

  // A full disk (here: a file size limit, which fails writes with EFBIG as
  // a full disk fails them with ENOSPC) fails the save with a clear error
  // and leaves the old file as it was, or no new file at all.
  void fullDiskKeepsTheOldFile() {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("full.hsnap"));
    {
      SnapshotStore store = openOrFail(path, OpenMode::Create);
      value(store.save(simSnapshot(1, 5)));
    }
    constexpr rlim_t kLimit = rlim_t{128} * 1024;
    QVERIFY(QFileInfo(path).size() > qint64{kLimit});
    const SnapshotData big = simSnapshot(7, 200, 12, 12, 6);
    for (const bool existing : {true, false}) {
      const QString target = existing ? path : dir.filePath(QStringLiteral("new.hsnap"));
      Pipe message;
      const int status = inChild([&] {
        // The file itself is past the limit already: its write-ahead log,
        // or a new file, fills up after two pages.
        const rlimit rl{kLimit, kLimit};
        if (setrlimit(RLIMIT_FSIZE, &rl) != 0) return 5;
        signal(SIGXFSZ, SIG_IGN);
        auto opened = SnapshotStore::open(target.toStdString(), OpenMode::Create);
        if (auto* e = std::get_if<StoreError>(&opened)) return message.send(e->message), existing ? 6 : 0;
        auto saved = std::get<SnapshotStore>(opened).save(big);
        if (auto* e = std::get_if<StoreError>(&saved)) return message.send(e->message), 0;
        return 7;
      });
      const QString text = message.receive();
      QCOMPARE(status, 0);
      qInfo("%s: %s", existing ? "existing file" : "new file", qPrintable(text));
      QVERIFY2(
          text.startsWith(target) && (text.contains(QStringLiteral("File too large")) ||
                                      text.contains(QStringLiteral("file size limit (ulimit -f) of 131072 bytes"))),
          qPrintable(text));
      if (existing) {
        SnapshotStore store = openOrFail(path, OpenMode::ReadOnly);
        QString why;
        QVERIFY2(readsWhole(store, &why), qPrintable(why));
        QCOMPARE(names(store), std::vector<std::string>{simSnapshot(1, 0).name});
      } else {
        QVERIFY(!QFile::exists(target));
      }
      QCOMPARE(litter(dir.path(), QStringLiteral("full.hsnap")), QStringList());
    }
  }

  // Read-only opens take no -wal or -shm files and work on a file (and a
  // folder) the user cannot write: as root, the check runs as nobody.
  void readOnlyOpensWriteNothing_data() {
    QTest::addColumn<bool>("legacyWal");
    QTest::newRow("rollback journal at rest") << false;
    QTest::newRow("left in WAL mode by an older build") << true;
  }
  void readOnlyOpensWriteNothing() {
    QFETCH(bool, legacyWal);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("ro.hsnap"));
    {
      SnapshotStore store = openOrFail(path, OpenMode::Create);
      value(store.save(simSnapshot(3, 12)));
    }
    if (legacyWal) {
      sqlite3* raw = nullptr;
      QCOMPARE(sqlite3_open(path.toUtf8().constData(), &raw), SQLITE_OK);
      QCOMPARE(sqlite3_exec(raw, "PRAGMA journal_mode = WAL", nullptr, nullptr, nullptr), SQLITE_OK);
      sqlite3_close(raw);
    }
    QCOMPARE(litter(dir.path(), QStringLiteral("ro.hsnap")), QStringList());
    const auto readAll = [&]() -> int {
      auto opened = SnapshotStore::open(path.toStdString(), OpenMode::ReadOnly);
      if (!std::holds_alternative<SnapshotStore>(opened)) return 2;
      QString why;
      return readsWhole(std::get<SnapshotStore>(opened), &why) ? 0 : 3;
    };
    QCOMPARE(readAll(), 0);
    QCOMPARE(litter(dir.path(), QStringLiteral("ro.hsnap")), QStringList());

    QVERIFY(QFile::setPermissions(path, QFile::ReadOwner | QFile::ReadGroup | QFile::ReadOther));
    QVERIFY(QFile::setPermissions(dir.path(), QFile::ReadOwner | QFile::ExeOwner | QFile::ReadGroup | QFile::ExeGroup |
                                                  QFile::ReadOther | QFile::ExeOther));
    const int status = inChild([&] {
      if (geteuid() == 0 && (setgid(65534) != 0 || setuid(65534) != 0)) return 4;
      if (access(path.toUtf8().constData(), W_OK) == 0) return 5;  // the check would prove nothing
      return readAll();
    });
    // Writing is refused up front, naming the file and the reason.
    const int refused = inChild([&] {
      if (geteuid() == 0 && (setgid(65534) != 0 || setuid(65534) != 0)) return 4;
      auto opened = SnapshotStore::open(path.toStdString(), OpenMode::ReadWrite);
      const auto* e = std::get_if<StoreError>(&opened);
      return e && e->code == StoreErrorCode::ReadOnly &&
                     e->message == path.toStdString() + ": cannot write: Permission denied"
                 ? 0
                 : 6;
    });
    QVERIFY(QFile::setPermissions(dir.path(), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));
    QCOMPARE(status, 0);
    QCOMPARE(refused, 0);
    QCOMPARE(litter(dir.path(), QStringLiteral("ro.hsnap")), QStringList());
  }
};

QTEST_GUILESS_MAIN(TestStoreFaults)
#include "tst_store_faults.moc"
