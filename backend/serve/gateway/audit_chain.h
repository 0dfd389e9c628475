#pragma once

#include "policy_service.pb.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace hetsched {

// The audit log's hash chain: every entry carries the SHA-256 of the one
// before it (prev_hash) and its own (hash, over prev_hash and all of its
// fields), so an entry changed, removed or reordered after the fact breaks
// every hash from there on. It cannot stop someone who rewrites the whole
// tail: the head hash `hetsched policy audit --verify` prints is what to
// keep elsewhere to catch that.
inline constexpr std::string_view kGenesisHash = "0000000000000000000000000000000000000000000000000000000000000000";

// Free text in an entry stays on one line, within bounds: control
// characters become spaces and `detail` is cut at kMaxAuditDetail bytes
// (an audited request never grows the log by more than that).
inline constexpr std::size_t kMaxAuditDetail = 512;
void sanitizeAuditEntry(v1::AuditEntry& entry);

// Lower-case hex SHA-256 of the entry's fields and its prev_hash.
std::string auditHash(const v1::AuditEntry& entry);

// Sets sequence, prev_hash and hash after `previous` (the chain's head).
void sealAuditEntry(v1::AuditEntry& entry, std::uint64_t sequence, std::string_view previousHash);

struct ChainCheck {
  std::uint64_t checked = 0;
  std::uint64_t firstSequence = 0;
  std::uint64_t lastSequence = 0;
  std::string headHash;  // the last entry's hash
  // Empty when sound; else what is wrong, naming the entry's sequence.
  std::string problem;
  bool ok() const { return problem.empty(); }
};
// Checks consecutive entries, oldest first. The first one must start the
// chain (sequence 1, genesis prev_hash) unless `startsMidway`.
ChainCheck verifyAuditChain(std::span<const v1::AuditEntry> entries, bool startsMidway = false);

// One tab-separated line of an --audit-log file: sequence, time, who,
// action, ok|refused, OLD->NEW, detail, prev_hash, hash (no newline).
std::string auditLine(const v1::AuditEntry& entry);
// The entry a line holds, or nothing with *error saying what is wrong.
std::optional<v1::AuditEntry> parseAuditLine(std::string_view line, std::string* error);

}  // namespace hetsched
