#include "audit_chain.h"

#include "policy_service.pb.h"

#include <charconv>
#include <cstddef>
#include <cstdint>
#include <openssl/evp.h>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

namespace hetsched {

namespace {

std::string hex(const unsigned char* bytes, unsigned size) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  out.reserve(std::size_t{size} * 2);
  for (unsigned i = 0; i < size; ++i) {
    out += kHex[bytes[i] >> 4];
    out += kHex[bytes[i] & 0xf];
  }
  return out;
}

std::string sha256(std::string_view text) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned size = 0;
  EVP_Digest(text.data(), text.size(), digest, &size, EVP_sha256(), nullptr);
  return hex(digest, size);
}

void oneLine(std::string* text) {
  for (char& c : *text)
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) c = ' ';
}

template <typename T>
bool number(std::string_view text, T* out) {
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), *out);
  return error == std::errc() && end == text.data() + text.size();
}

}  // namespace

void sanitizeAuditEntry(v1::AuditEntry& entry) {
  if (entry.detail().size() > kMaxAuditDetail) entry.mutable_detail()->resize(kMaxAuditDetail);
  if (entry.who().size() > 64) entry.mutable_who()->resize(64);
  if (entry.action().size() > 64) entry.mutable_action()->resize(64);
  oneLine(entry.mutable_who());
  oneLine(entry.mutable_action());
  oneLine(entry.mutable_detail());
}

std::string auditHash(const v1::AuditEntry& e) {
  // Newline-separated, every free-text field sanitised to one line: one
  // text, one meaning. Changing this layout breaks every stored chain.
  std::string text = "hetsched-audit-v1\n";
  text += e.prev_hash() + "\n";
  text += std::to_string(e.sequence()) + "\n" + std::to_string(e.time_ms()) + "\n";
  text += e.who() + "\n" + e.action() + "\n" + (e.ok() ? "1" : "0") + "\n";
  text += std::to_string(e.old_version()) + "\n" + std::to_string(e.new_version()) + "\n";
  text += e.detail();
  return sha256(text);
}

void sealAuditEntry(v1::AuditEntry& entry, std::uint64_t sequence, std::string_view previousHash) {
  sanitizeAuditEntry(entry);
  entry.set_sequence(sequence);
  entry.set_prev_hash(std::string(previousHash));
  entry.set_hash(auditHash(entry));
}

ChainCheck verifyAuditChain(std::span<const v1::AuditEntry> entries, bool startsMidway) {
  ChainCheck check;
  std::string previous(kGenesisHash);
  std::uint64_t expected = 1;
  for (const v1::AuditEntry& e : entries) {
    const std::string at = "entry " + std::to_string(e.sequence());
    if (check.checked == 0) {
      check.firstSequence = e.sequence();
      if (startsMidway) {
        previous = e.prev_hash();
        expected = e.sequence();
      }
    }
    if (e.sequence() != expected) {
      check.problem = at + ": expected sequence " + std::to_string(expected) + " (an entry is missing or reordered)";
      return check;
    }
    if (e.prev_hash() != previous) {
      check.problem = at + ": prev_hash does not match the hash of entry " + std::to_string(expected - 1) +
                      " (an entry before it was changed, removed or inserted)";
      return check;
    }
    if (auditHash(e) != e.hash()) {
      check.problem = at + ": its hash does not match its contents (the entry was changed)";
      return check;
    }
    previous = e.hash();
    check.lastSequence = e.sequence();
    ++check.checked;
    ++expected;
  }
  check.headHash = previous;
  return check;
}

std::string auditLine(const v1::AuditEntry& e) {
  return std::to_string(e.sequence()) + '\t' + std::to_string(e.time_ms()) + '\t' + e.who() + '\t' + e.action() + '\t' +
         (e.ok() ? "ok" : "refused") + '\t' + std::to_string(e.old_version()) + "->" + std::to_string(e.new_version()) +
         '\t' + e.detail() + '\t' + e.prev_hash() + '\t' + e.hash();
}

std::optional<v1::AuditEntry> parseAuditLine(std::string_view line, std::string* error) {
  std::vector<std::string_view> fields;
  for (std::size_t start = 0;;) {
    const auto tab = line.find('\t', start);
    fields.push_back(line.substr(start, tab == std::string_view::npos ? std::string_view::npos : tab - start));
    if (tab == std::string_view::npos) break;
    start = tab + 1;
  }
  if (fields.size() != 9) {
    *error = "expected 9 tab-separated fields, found " + std::to_string(fields.size());
    return std::nullopt;
  }
  v1::AuditEntry e;
  std::uint64_t sequence = 0, oldVersion = 0, newVersion = 0;
  std::int64_t time = 0;
  const auto arrow = fields[5].find("->");
  if (!number(fields[0], &sequence) || !number(fields[1], &time) || arrow == std::string_view::npos ||
      !number(fields[5].substr(0, arrow), &oldVersion) || !number(fields[5].substr(arrow + 2), &newVersion) ||
      (fields[4] != "ok" && fields[4] != "refused")) {
    *error = "malformed sequence, time, result or versions";
    return std::nullopt;
  }
  e.set_sequence(sequence);
  e.set_time_ms(time);
  e.set_who(std::string(fields[2]));
  e.set_action(std::string(fields[3]));
  e.set_ok(fields[4] == "ok");
  e.set_old_version(oldVersion);
  e.set_new_version(newVersion);
  e.set_detail(std::string(fields[6]));
  e.set_prev_hash(std::string(fields[7]));
  e.set_hash(std::string(fields[8]));
  return e;
}

}  // namespace hetsched
