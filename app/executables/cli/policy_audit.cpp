#include "policy_audit.h"

#include "cli_args.h"
#include "policy_service.grpc.pb.h"
#include "policy_service.pb.h"
#include "serve/gateway/audit_chain.h"
#include "utc_time.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <fstream>
#include <functional>
#include <grpcpp/client_context.h>
#include <grpcpp/support/status.h>
#include <string>
#include <utility>
#include <vector>

namespace hetsched::cli {

namespace {

void printEntry(const v1::AuditEntry& e) {
  std::printf("%6llu %s %-16s %-17s %-7s v%llu -> v%llu  %s\n", static_cast<unsigned long long>(e.sequence()),
              utcTime(e.time_ms()).c_str(), e.who().c_str(), e.action().c_str(), e.ok() ? "ok" : "refused",
              static_cast<unsigned long long>(e.old_version()), static_cast<unsigned long long>(e.new_version()),
              e.detail().c_str());
}

int report(const ChainCheck& check, bool startsMidway, const std::string& where) {
  if (!check.ok()) {
    std::printf("audit chain of %s BROKEN at %s\n", where.c_str(), check.problem.c_str());
    return 1;
  }
  if (check.checked == 0) {
    std::printf("audit log of %s is empty\n", where.c_str());
    return 0;
  }
  std::printf("audit chain of %s sound: entries %llu..%llu%s\nhead %llu %s\n", where.c_str(),
              static_cast<unsigned long long>(check.firstSequence), static_cast<unsigned long long>(check.lastSequence),
              startsMidway ? " (older entries were let go: the first is taken on trust)" : "",
              static_cast<unsigned long long>(check.lastSequence), check.headHash.c_str());
  return 0;
}

}  // namespace

int auditFromGateway(v1::PolicyService::Stub& stub, const Args& args,
                     const std::function<void(grpc::ClientContext&)>& prepare) {
  const bool verify = args.flag("verify");
  unsigned long long limit = 0;
  if (auto text = args.value("limit")) {
    try {
      limit = std::stoull(*text);
    } catch (const std::exception&) {
      std::fprintf(stderr, "hetsched policy audit: --limit takes a whole number\n");
      return 2;
    }
  }
  if (verify) limit = 0;  // the chain is checked whole
  // Pages come newest first; each is oldest first within.
  std::vector<std::vector<v1::AuditEntry>> pages;
  std::size_t have = 0;
  std::uint64_t before = 0, dropped = 0, total = 0;
  do {
    grpc::ClientContext context;
    prepare(context);
    v1::ListAuditLogRequest request;
    request.set_before_sequence(before);
    if (limit != 0) request.set_limit(static_cast<std::uint32_t>(std::min<unsigned long long>(limit - have, 1000)));
    v1::ListAuditLogResponse page;
    const grpc::Status status = stub.ListAuditLog(&context, request, &page);
    if (!status.ok()) {
      std::fprintf(stderr, "hetsched policy: %s (code %d)\n", status.error_message().c_str(),
                   static_cast<int>(status.error_code()));
      return 1;
    }
    dropped = page.dropped();
    total = page.total();
    have += static_cast<std::size_t>(page.entries_size());
    pages.emplace_back(page.entries().begin(), page.entries().end());
    before = page.next_before_sequence();
  } while (before != 0 && (limit == 0 || have < limit));
  std::vector<v1::AuditEntry> entries;
  entries.reserve(have);
  for (auto page = pages.rbegin(); page != pages.rend(); ++page)
    entries.insert(entries.end(), page->begin(), page->end());
  if (verify) {
    const bool midway = !entries.empty() && entries.front().sequence() != 1;
    return report(verifyAuditChain(entries, midway), midway, "the gateway");
  }
  for (const v1::AuditEntry& e : entries) printEntry(e);
  if (have < total)
    std::printf("(%llu older entries; --limit 0 for all)\n", static_cast<unsigned long long>(total - have));
  if (dropped > 0) std::printf("(%llu older entries dropped)\n", static_cast<unsigned long long>(dropped));
  return 0;
}

int verifyAuditFile(const std::string& path) {
  std::ifstream in(path);
  if (!in) {
    std::fprintf(stderr, "hetsched policy audit: cannot read %s\n", path.c_str());
    return 2;
  }
  std::vector<v1::AuditEntry> entries;
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    if (line.empty()) continue;
    std::string error;
    auto entry = parseAuditLine(line, &error);
    if (!entry) {
      std::printf("audit chain of %s BROKEN at line %d: %s\n", path.c_str(), number, error.c_str());
      return 1;
    }
    entries.push_back(std::move(*entry));
  }
  const bool midway = !entries.empty() && entries.front().sequence() != 1;
  return report(verifyAuditChain(entries, midway), midway, path);
}

}  // namespace hetsched::cli
