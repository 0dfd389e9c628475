#include "audit_log.h"

#include <chrono>

namespace hetsched {

std::optional<std::string> AuditLog::openFile(const std::filesystem::path& path) {
  std::lock_guard lock(m_mutex);
  m_file.open(path, std::ios::app);
  if (!m_file) return path.string() + ": cannot open for appending";
  return std::nullopt;
}

void AuditLog::record(v1::AuditEntry entry) {
  std::lock_guard lock(m_mutex);
  entry.set_sequence(m_next++);
  entry.set_time_ms(std::chrono::duration_cast<std::chrono::milliseconds>(
                        std::chrono::system_clock::now().time_since_epoch())
                        .count());
  if (m_file.is_open()) {
    // Tabs and newlines in free text would break the one-line-per-entry format.
    std::string detail = entry.detail();
    for (char& c : detail) {
      if (c == '\t' || c == '\n' || c == '\r') c = ' ';
    }
    m_file << entry.sequence() << '\t' << entry.time_ms() << '\t' << entry.who() << '\t' << entry.action() << '\t'
           << (entry.ok() ? "ok" : "refused") << '\t' << entry.old_version() << "->" << entry.new_version() << '\t'
           << detail << '\n'
           << std::flush;
  }
  m_entries.push_back(std::move(entry));
  if (m_entries.size() > m_capacity) {
    m_entries.pop_front();
    ++m_dropped;
  }
}

v1::ListAuditLogResponse AuditLog::list(std::size_t limit) const {
  std::lock_guard lock(m_mutex);
  v1::ListAuditLogResponse out;
  const std::size_t n = limit == 0 ? m_entries.size() : std::min(limit, m_entries.size());
  for (auto it = m_entries.end() - static_cast<std::ptrdiff_t>(n); it != m_entries.end(); ++it) *out.add_entries() = *it;
  out.set_dropped(m_dropped);
  return out;
}

}  // namespace hetsched
