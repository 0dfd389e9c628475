#pragma once

#include "policy_service.pb.h"

#include <cstddef>
#include <deque>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <optional>
#include <string>

namespace hetsched {

// Every mutation the gateway was asked for, granted or refused: the newest
// `capacity` in memory for ListAuditLog, and all of them appended to a file
// (one tab-separated line each) when one is given, for the record that
// outlives the process.
class AuditLog {
 public:
  explicit AuditLog(std::size_t capacity = 10000) : m_capacity(capacity) {}

  // Opens `path` for appending; an error message when it cannot.
  std::optional<std::string> openFile(const std::filesystem::path& path);
  // Fills in sequence and time, keeps it, writes it through to the file.
  void record(v1::AuditEntry entry);
  v1::ListAuditLogResponse list(std::size_t limit) const;

 private:
  mutable std::mutex m_mutex;
  std::size_t m_capacity;
  std::deque<v1::AuditEntry> m_entries;
  std::uint64_t m_next = 1;
  std::uint64_t m_dropped = 0;
  std::ofstream m_file;
};

}  // namespace hetsched
