#pragma once

#include "policy_service.pb.h"
#include "private_files.h"
#include "state_file.h"

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <functional>
#include <mutex>
#include <optional>
#include <string>

namespace hetsched {

// Every mutation the gateway was asked for and every refused call, as a
// hash chain (audit_chain.h) kept in the state file, and appended to a
// text file (one tab-separated line each) when one is given. Entries are
// sealed (sequence, time, hashes) and stored one at a time, so the chain
// has no gaps even with many threads recording.
class AuditLog {
 public:
  // Entries go to `state` from now on, continuing its chain. Before
  // attach() nothing is recorded (a gateway that has not started).
  void attach(StateFile* state);
  // Appends to `path` too, locked against a second gateway; an error
  // message when it cannot.
  std::optional<std::string> openTextFile(const std::filesystem::path& path);

  // Seals and stores `entry` on its own.
  void record(v1::AuditEntry entry);
  // Seals `entry` and hands it to `store`, which writes it in the same
  // transaction as the change it records; the chain moves on only when
  // `store` succeeds. Returns store's error.
  using Store = std::function<std::optional<std::string>(const v1::AuditEntry&)>;
  std::optional<std::string> recordWith(v1::AuditEntry entry, const Store& store);

  // One page (newest first across pages, oldest first within), at most
  // kAuditPage entries; `limit` 0 means a whole page.
  static constexpr std::size_t kAuditPage = 1000;
  v1::ListAuditLogResponse list(std::uint64_t beforeSequence, std::size_t limit) const;
  std::uint64_t headSequence() const;
  // Entries a memory-only log keeps; older ones are let go and counted.
  static constexpr std::uint64_t kMemoryEntries = 10000;

 private:
  std::optional<std::string> sealAndStore(v1::AuditEntry& entry, const Store& store);

  mutable std::mutex m_mutex;
  StateFile* m_state = nullptr;
  std::uint64_t m_head = 0;
  std::string m_headHash;
  std::uint64_t m_dropped = 0;
  std::ofstream m_file;
  std::optional<FileLock> m_fileLock;
  bool m_warned = false;
};

}  // namespace hetsched
