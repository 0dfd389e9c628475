#include "state_file.h"

#include "audit_chain.h"
#include "data/store/sqlite_statement.h"
#include "data/store/sqlite_transaction.h"
#include "policy_service.pb.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <limits>
#include <memory>
#include <mutex>
#include <optional>
#include <sqlite3.h>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <variant>

namespace hetsched {

namespace {

// "HSGS": marks the file as ours, so a snapshot or another program's
// database given as --state is refused rather than written into.
constexpr long long kApplicationId = 0x48534753;
// 2: the alert_rules table. A version 1 file is upgraded in place at open
// (it gains the empty table), so no gateway's state is left behind.
constexpr long long kSchemaVersion = 2;

constexpr const char* kSchema = R"sql(
CREATE TABLE policy_version(version INTEGER PRIMARY KEY, record BLOB NOT NULL);
CREATE TABLE policy_book(id INTEGER PRIMARY KEY CHECK (id = 1), active INTEGER NOT NULL,
                         candidate INTEGER NOT NULL, canary_percent INTEGER NOT NULL);
CREATE TABLE audit(sequence INTEGER PRIMARY KEY, time_ms INTEGER NOT NULL, who TEXT NOT NULL,
                   action TEXT NOT NULL, ok INTEGER NOT NULL, old_version INTEGER NOT NULL,
                   new_version INTEGER NOT NULL, detail TEXT NOT NULL, prev_hash TEXT NOT NULL,
                   hash TEXT NOT NULL);
)sql";

constexpr const char* kAlertRulesTable = R"sql(
CREATE TABLE alert_rules(id INTEGER PRIMARY KEY CHECK (id = 1), record BLOB NOT NULL, origin TEXT NOT NULL);
)sql";

v1::AuditEntry auditRow(const SqliteStatement& row) {
  v1::AuditEntry e;
  e.set_sequence(row.columnAs<std::uint64_t>(0));
  e.set_time_ms(row.columnInt(1));
  e.set_who(row.columnText(2));
  e.set_action(row.columnText(3));
  e.set_ok(row.columnInt(4) != 0);
  e.set_old_version(row.columnAs<std::uint64_t>(5));
  e.set_new_version(row.columnAs<std::uint64_t>(6));
  e.set_detail(row.columnText(7));
  e.set_prev_hash(row.columnText(8));
  e.set_hash(row.columnText(9));
  return e;
}

}  // namespace

StateFile::~StateFile() = default;

std::string StateFile::sqliteError(std::string_view doing) const {
  return (m_path.empty() ? std::string("state (in memory)") : "state file " + m_path) + ": " + std::string(doing) +
         ": " + sqlite3_errmsg(m_db.get());
}

std::unique_ptr<StateFile> StateFile::inMemory() {
  sqlite3* raw = nullptr;
  sqlite3_open_v2(":memory:", &raw, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr);
  std::unique_ptr<StateFile> file(new StateFile(SqliteDb(raw), {}));
  if (auto e = file->createSchema()) throw std::runtime_error(*e);
  return file;
}

std::variant<std::unique_ptr<StateFile>, std::string> StateFile::open(const std::filesystem::path& path) {
  const std::string name = path.string();
  sqlite3* raw = nullptr;
  const int rc =
      sqlite3_open_v2(name.c_str(), &raw, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOFOLLOW, nullptr);
  SqliteDb db(raw);
  if (rc != SQLITE_OK) return "state file " + name + ": " + (raw ? sqlite3_errmsg(raw) : sqlite3_errstr(rc));
  std::unique_ptr<StateFile> file(new StateFile(std::move(db), name));
  SqliteDb& d = file->m_db;
  sqlite3_busy_timeout(d.get(), 0);
  // Exclusive locking before WAL: the lock taken below is held until the
  // file is closed (the process ends, however it ends), and WAL keeps its
  // index in memory, so no -shm file is left beside the state.
  d.exec("PRAGMA locking_mode=EXCLUSIVE");
  int pragmaRc = 0;
  const long long appId = d.pragmaInt("application_id", &pragmaRc);
  if ((pragmaRc & 0xff) == SQLITE_BUSY || (pragmaRc & 0xff) == SQLITE_LOCKED)
    return "state file " + name + " is in use by another hetschedd; give each gateway its own --state FILE";
  if ((pragmaRc & 0xff) == SQLITE_NOTADB) return "state file " + name + ": not a hetschedd state file (not SQLite)";
  if (pragmaRc != SQLITE_OK) return file->sqliteError("cannot read");
  const long long version = d.pragmaInt("user_version", &pragmaRc);
  if (appId != 0 && appId != kApplicationId) return "state file " + name + ": not a hetschedd state file";
  if (appId == 0) {  // checked before anything is written, so a foreign file is left as it was
    SqliteStatement tables(d.get(), "SELECT count(*) FROM sqlite_master");
    if (tables.step() != SQLITE_ROW || tables.columnInt(0) != 0)
      return "state file " + name + ": a database of another program; refusing to write into it";
  }
  if (d.exec("PRAGMA journal_mode=WAL") != SQLITE_OK || d.exec("PRAGMA synchronous=FULL") != SQLITE_OK)
    return file->sqliteError("cannot set the journal");
  // Take the write lock now and keep it (exclusive locking mode).
  if (const int lock = d.exec("BEGIN EXCLUSIVE; COMMIT"); lock != SQLITE_OK) {
    if ((lock & 0xff) == SQLITE_BUSY)
      return "state file " + name + " is in use by another hetschedd; give each gateway its own --state FILE";
    return file->sqliteError("cannot lock");
  }
  if (appId == 0) {
    if (auto e = file->createSchema()) return *e;
  } else if (version == 1) {
    if (auto e = file->upgradeSchema(version)) return *e;
  } else if (version != kSchemaVersion) {
    return "state file " + name + ": schema version " + std::to_string(version) + ", this hetschedd reads 1 to " +
           std::to_string(kSchemaVersion);
  }
  return file;
}

std::optional<std::string> StateFile::createSchema() {
  SqliteTransaction tx(m_db);
  if (tx.beginResult() != SQLITE_OK || m_db.exec(kSchema) != SQLITE_OK || m_db.exec(kAlertRulesTable) != SQLITE_OK ||
      m_db.exec(("PRAGMA application_id=" + std::to_string(kApplicationId)).c_str()) != SQLITE_OK ||
      m_db.exec(("PRAGMA user_version=" + std::to_string(kSchemaVersion)).c_str()) != SQLITE_OK ||
      tx.commit() != SQLITE_OK)
    return sqliteError("cannot create the schema");
  return std::nullopt;
}

std::optional<std::string> StateFile::upgradeSchema(long long from) {
  SqliteTransaction tx(m_db);
  if (tx.beginResult() != SQLITE_OK || (from < 2 && m_db.exec(kAlertRulesTable) != SQLITE_OK) ||
      m_db.exec(("PRAGMA user_version=" + std::to_string(kSchemaVersion)).c_str()) != SQLITE_OK ||
      tx.commit() != SQLITE_OK)
    return sqliteError("cannot upgrade the schema from version " + std::to_string(from));
  return std::nullopt;
}

std::variant<std::optional<StoredAlertRules>, std::string> StateFile::loadAlertRules() const {
  std::lock_guard lock(m_mutex);
  SqliteStatement row(m_db.get(), "SELECT record, origin FROM alert_rules WHERE id = 1");
  const int rc = row.step();
  if (rc == SQLITE_DONE) return std::optional<StoredAlertRules>();
  if (rc != SQLITE_ROW) return sqliteError("cannot read the alert rules");
  StoredAlertRules stored;
  const auto bytes = row.columnBlob(0);
  if (!stored.rules.ParseFromArray(bytes.data(), static_cast<int>(bytes.size())))
    return sqliteError("the alert rules are damaged");
  stored.origin = row.columnText(1);
  return std::optional<StoredAlertRules>(std::move(stored));
}

std::variant<std::optional<StoredBook>, std::string> StateFile::loadBook() const {
  std::lock_guard lock(m_mutex);
  StoredBook book;
  SqliteStatement versions(m_db.get(), "SELECT version, record FROM policy_version ORDER BY version");
  int rc = 0;
  while ((rc = versions.step()) == SQLITE_ROW) {
    v1::PolicyVersion v;
    const auto bytes = versions.columnBlob(1);
    const auto number = versions.columnAs<std::uint64_t>(0);
    if (!v.ParseFromArray(bytes.data(), static_cast<int>(bytes.size())) || v.version() != number ||
        number != book.versions.size() + 1)
      return sqliteError("policy version " + std::to_string(number) + " is damaged");
    book.versions.push_back(std::move(v));
  }
  if (rc != SQLITE_DONE) return sqliteError("cannot read the policy versions");
  if (book.versions.empty()) return std::optional<StoredBook>();
  SqliteStatement pointers(m_db.get(), "SELECT active, candidate, canary_percent FROM policy_book WHERE id = 1");
  if (pointers.step() != SQLITE_ROW) return sqliteError("the policy book's pointers are missing");
  book.active = pointers.columnAs<std::uint64_t>(0);
  book.candidate = pointers.columnAs<std::uint64_t>(1);
  book.canaryPercent = pointers.columnAs<std::uint32_t>(2);
  const std::uint64_t latest = book.versions.size();
  if (book.active == 0 || book.active > latest || book.candidate > latest || book.canaryPercent > 100)
    return sqliteError("the policy book points past its versions");
  return std::optional<StoredBook>(std::move(book));
}

AuditHead StateFile::auditHead() const {
  std::lock_guard lock(m_mutex);
  SqliteStatement head(m_db.get(), "SELECT sequence, hash FROM audit ORDER BY sequence DESC LIMIT 1");
  if (head.step() != SQLITE_ROW) return {0, std::string(kGenesisHash)};
  return {head.columnAs<std::uint64_t>(0), head.columnText(1)};
}

std::optional<std::string> StateFile::commit(const StateChange& change) {
  std::lock_guard lock(m_mutex);
  SqliteTransaction tx(m_db);
  if (tx.beginResult() != SQLITE_OK) return sqliteError("cannot begin");
  if (change.version) {
    const std::string record = change.version->SerializeAsString();
    SqliteStatement insert(m_db.get(), "INSERT INTO policy_version(version, record) VALUES (?, ?)");
    insert.bind(1, static_cast<std::int64_t>(change.version->version()));
    insert.bindBlob(2, {reinterpret_cast<const std::uint8_t*>(record.data()), record.size()});
    if (insert.step() != SQLITE_DONE)
      return sqliteError("cannot store policy version " + std::to_string(change.version->version()));
  }
  if (change.active) {
    SqliteStatement book(
        m_db.get(), "INSERT OR REPLACE INTO policy_book(id, active, candidate, canary_percent) VALUES (1, ?, ?, ?)");
    book.bind(1, static_cast<std::int64_t>(*change.active));
    book.bind(2, static_cast<std::int64_t>(change.candidate));
    book.bind(3, static_cast<std::int64_t>(change.canaryPercent));
    if (book.step() != SQLITE_DONE) return sqliteError("cannot store the policy book");
  }
  if (const StoredAlertRules* rules = change.alertRules) {
    const std::string record = rules->rules.SerializeAsString();
    SqliteStatement store(m_db.get(), "INSERT OR REPLACE INTO alert_rules(id, record, origin) VALUES (1, ?, ?)");
    store.bindBlob(1, {reinterpret_cast<const std::uint8_t*>(record.data()), record.size()});
    store.bindText(2, rules->origin);
    if (store.step() != SQLITE_DONE) return sqliteError("cannot store the alert rules");
  }
  if (const v1::AuditEntry* e = change.audit) {
    SqliteStatement insert(m_db.get(),
                           "INSERT INTO audit(sequence, time_ms, who, action, ok, old_version, new_version, detail, "
                           "prev_hash, hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    insert.bind(1, static_cast<std::int64_t>(e->sequence()));
    insert.bind(2, static_cast<std::int64_t>(e->time_ms()));
    insert.bindText(3, e->who());
    insert.bindText(4, e->action());
    insert.bind(5, static_cast<std::int64_t>(e->ok() ? 1 : 0));
    insert.bind(6, static_cast<std::int64_t>(e->old_version()));
    insert.bind(7, static_cast<std::int64_t>(e->new_version()));
    insert.bindText(8, e->detail());
    insert.bindText(9, e->prev_hash());
    insert.bindText(10, e->hash());
    if (insert.step() != SQLITE_DONE) return sqliteError("cannot store audit entry " + std::to_string(e->sequence()));
  }
  if (tx.commit() != SQLITE_OK) return sqliteError("cannot commit");
  return std::nullopt;
}

StateFile::AuditPage StateFile::auditPage(std::uint64_t beforeSequence, std::size_t limit) const {
  std::lock_guard lock(m_mutex);
  AuditPage page;
  SqliteStatement count(m_db.get(), "SELECT count(*), coalesce(min(sequence), 0) FROM audit");
  std::uint64_t first = 0;
  if (count.step() == SQLITE_ROW) {
    page.total = count.columnAs<std::uint64_t>(0);
    first = count.columnAs<std::uint64_t>(1);
  }
  SqliteStatement rows(m_db.get(),
                       "SELECT sequence, time_ms, who, action, ok, old_version, new_version, detail, prev_hash, hash "
                       "FROM audit WHERE sequence < ? ORDER BY sequence DESC LIMIT ?");
  rows.bind(1,
            beforeSequence == 0 ? std::numeric_limits<std::int64_t>::max() : static_cast<std::int64_t>(beforeSequence));
  rows.bind(2, static_cast<std::int64_t>(limit));
  while (rows.step() == SQLITE_ROW) page.entries.push_back(auditRow(rows));
  std::reverse(page.entries.begin(), page.entries.end());
  if (!page.entries.empty() && page.entries.front().sequence() > first)
    page.nextBefore = page.entries.front().sequence();
  return page;
}

std::uint64_t StateFile::pruneAudit(std::uint64_t keep) {
  std::lock_guard lock(m_mutex);
  SqliteStatement prune(m_db.get(), "DELETE FROM audit WHERE sequence <= (SELECT max(sequence) FROM audit) - ?");
  prune.bind(1, static_cast<std::int64_t>(keep));
  prune.step();
  return static_cast<std::uint64_t>(sqlite3_changes(m_db.get()));
}

}  // namespace hetsched
