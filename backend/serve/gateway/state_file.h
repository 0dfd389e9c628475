#pragma once

#include "alerts.pb.h"
#include "data/store/sqlite_db.h"
#include "policy_service.pb.h"

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace hetsched {

// The policy book as the state file keeps it.
struct StoredBook {
  std::vector<v1::PolicyVersion> versions;  // [i] is version i + 1
  std::uint64_t active = 0;
  std::uint64_t candidate = 0;  // 0: no canary
  std::uint32_t canaryPercent = 0;
};

// Alert rules an operator set (SetAlertRules), and who set them.
struct StoredAlertRules {
  v1::AlertRuleSet rules;
  std::string origin;  // "pushed by NAME"
};

// One change, written in one transaction: a new policy version with the
// book's pointers after it, new alert rules, and/or one audit entry.
struct StateChange {
  const v1::PolicyVersion* version = nullptr;
  std::optional<std::uint64_t> active;  // with version: the pointers after it
  std::uint64_t candidate = 0;
  std::uint32_t canaryPercent = 0;
  const StoredAlertRules* alertRules = nullptr;
  const v1::AuditEntry* audit = nullptr;
};

struct AuditHead {
  std::uint64_t sequence = 0;  // 0: no entry yet
  std::string hash;            // of that entry; the genesis hash when none
};

// hetschedd --state FILE: policy versions, canary state, the alert rules
// an operator set and the hash-chained audit log in SQLite (WAL, synchronous=FULL), so a restart
// or a kill -9 resumes at the same version and audit sequence. The file is
// held with SQLite's exclusive locking mode for the process's life: a
// second gateway on it is refused at open. In memory (no file) for the
// console's embedded gateway and for --state none. Safe from any thread.
class StateFile {
 public:
  static std::variant<std::unique_ptr<StateFile>, std::string> open(const std::filesystem::path& path);
  static std::unique_ptr<StateFile> inMemory();
  ~StateFile();

  bool durable() const { return !m_path.empty(); }
  const std::string& path() const { return m_path; }

  // The stored book, nothing for a new file; an error names what is damaged.
  std::variant<std::optional<StoredBook>, std::string> loadBook() const;
  // The alert rules last set through SetAlertRules; nothing when none were.
  std::variant<std::optional<StoredAlertRules>, std::string> loadAlertRules() const;
  AuditHead auditHead() const;
  // All of the change or none of it; an error message when none.
  std::optional<std::string> commit(const StateChange& change);

  struct AuditPage {
    std::vector<v1::AuditEntry> entries;  // oldest first
    std::uint64_t nextBefore = 0;         // 0: the page reaches the first kept
    std::uint64_t total = 0;
  };
  // Up to `limit` entries older than `beforeSequence` (0: the newest).
  AuditPage auditPage(std::uint64_t beforeSequence, std::size_t limit) const;
  // Memory only: keeps the newest `keep` entries; returns how many went.
  std::uint64_t pruneAudit(std::uint64_t keep);

 private:
  StateFile(SqliteDb db, std::string path) : m_db(std::move(db)), m_path(std::move(path)) {}
  std::optional<std::string> createSchema();
  std::optional<std::string> upgradeSchema(long long from);
  std::string sqliteError(std::string_view doing) const;

  mutable std::mutex m_mutex;
  SqliteDb m_db;
  std::string m_path;  // empty: in memory
};

}  // namespace hetsched
