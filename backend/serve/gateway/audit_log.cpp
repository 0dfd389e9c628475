#include "audit_log.h"

#include "audit_chain.h"
#include "base/model/wall_clock.h"
#include "policy_service.pb.h"
#include "private_files.h"
#include "state_file.h"

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <ios>
#include <mutex>
#include <optional>
#include <ostream>
#include <utility>
#include <variant>

namespace hetsched {

void AuditLog::attach(StateFile* state) {
  std::lock_guard lock(m_mutex);
  m_state = state;
  const AuditHead head = state->auditHead();
  m_head = head.sequence;
  m_headHash = head.hash;
}

std::optional<std::string> AuditLog::openTextFile(const std::filesystem::path& path) {
  std::lock_guard lock(m_mutex);
  // Held on the log itself (made mode 0600 if new): two gateways never
  // interleave their chains in one file.
  auto locked = FileLock::acquire(path);
  if (auto* e = std::get_if<std::string>(&locked)) return "audit log " + path.string() + ": " + *e;
  m_fileLock.emplace(std::get<FileLock>(std::move(locked)));
  m_file.open(path, std::ios::app);
  if (!m_file) return path.string() + ": cannot open for appending";
  return std::nullopt;
}

std::optional<std::string> AuditLog::sealAndStore(v1::AuditEntry& entry, const Store& store) {
  if (!m_state) return std::string("audit log not attached");
  entry.set_time_ms(wallNowMs());
  sealAuditEntry(entry, m_head + 1, m_headHash);
  if (auto e = store(entry)) {
    if (!m_warned) std::fprintf(stderr, "hetschedd: audit entry not stored: %s\n", e->c_str());
    m_warned = true;
    return e;
  }
  m_head = entry.sequence();
  m_headHash = entry.hash();
  if (m_file.is_open()) m_file << auditLine(entry) << '\n' << std::flush;
  if (!m_state->durable() && m_head > kMemoryEntries && m_head % 1000 == 0)
    m_dropped += m_state->pruneAudit(kMemoryEntries);
  return std::nullopt;
}

void AuditLog::record(v1::AuditEntry entry) {
  std::lock_guard lock(m_mutex);
  (void)sealAndStore(entry, [this](const v1::AuditEntry& sealed) {
    StateChange change;
    change.audit = &sealed;
    return m_state->commit(change);
  });
}

std::optional<std::string> AuditLog::recordWith(v1::AuditEntry entry, const Store& store) {
  std::lock_guard lock(m_mutex);
  return sealAndStore(entry, store);
}

v1::ListAuditLogResponse AuditLog::list(std::uint64_t beforeSequence, std::size_t limit) const {
  std::lock_guard lock(m_mutex);
  v1::ListAuditLogResponse out;
  if (!m_state) return out;
  const std::size_t n = limit == 0 || limit > kAuditPage ? kAuditPage : limit;
  StateFile::AuditPage page = m_state->auditPage(beforeSequence, n);
  for (v1::AuditEntry& e : page.entries) *out.add_entries() = std::move(e);
  out.set_next_before_sequence(page.nextBefore);
  out.set_total(page.total);
  out.set_dropped(m_dropped);
  return out;
}

std::uint64_t AuditLog::headSequence() const {
  std::lock_guard lock(m_mutex);
  return m_head;
}

}  // namespace hetsched
