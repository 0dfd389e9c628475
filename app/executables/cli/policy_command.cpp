// hetsched policy: the gateway's policy lifecycle from a shell (get, push
// with a canary share, promote, rollback, history, audit).
#include "cli_args.h"
#include "commands.h"
#include "connect_args.h"
#include "engine/hybrid/hybrid_registration.h"
#include "engine/policy/policy_loader.h"
#include "engine/sched/job_validation.h"
#include "policy_audit.h"
#include "policy_service.grpc.pb.h"
#include "policy_service.pb.h"
#include "serve/client/gateway_channel.h"
#include "utc_time.h"

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <ctime>
#include <exception>
#include <grpcpp/grpcpp.h>
#include <grpcpp/support/status.h>
#include <iterator>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace hetsched::cli {

namespace {

constexpr const char* kUsage =
    "usage: hetsched policy get|push FILE [--canary P] [--expected-version V]|promote [--expected-version V]\n"
    "                       |rollback V [--expected-version V]|history|audit [--limit N] [--verify]\n"
    "                       --connect HOST:PORT [--token-file F] [--tls] [--ca F] [--cert F --key F]\n"
    "  get       the active policy, the canary candidate and the current version\n"
    "  push      FILE (policy JSON) becomes the candidate for P% of new arrivals (default 10)\n"
    "  promote   the candidate becomes active for every job\n"
    "  rollback  version V's policy becomes active again\n"
    "  history   every version: who, when, what\n"
    "  audit     the gateway's audit log of mutations and refused calls (newest --limit N; 0 = all);\n"
    "            --verify checks its whole hash chain and prints the head hash to keep;\n"
    "            audit --verify --file FILE checks an --audit-log file, no gateway needed\n"
    "  mutations need an operator token (hetschedd prints where it wrote one); reads a viewer token\n"
    "  unless the gateway is on loopback with anonymous reads\n";

void printVersion(const char* label, const v1::PolicyVersion& v) {
  std::printf("%-10s v%llu  %-24s %-9s by %s at %s", label, static_cast<unsigned long long>(v.version()),
              v.spec().name().c_str(), v.action().c_str(), v.author().c_str(), utcTime(v.created_ms()).c_str());
  if (v.source_version() != 0) std::printf("  (from v%llu)", static_cast<unsigned long long>(v.source_version()));
  std::printf("\n");
}

void printState(const v1::GetPolicyResponse& s) {
  std::printf("version   %llu\n", static_cast<unsigned long long>(s.version()));
  printVersion("active", s.active());
  if (s.has_candidate()) {
    printVersion("candidate", s.candidate());
    std::printf("canary    %u%% of new arrivals\n", s.canary_percent());
  }
}

int rpcFailed(const grpc::Status& status) {
  std::fprintf(stderr, "hetsched policy: %s (code %d)\n", status.error_message().c_str(),
               static_cast<int>(status.error_code()));
  return 1;
}

std::optional<std::uint64_t> number(const std::optional<std::string>& text) {
  if (!text) return std::uint64_t{0};
  try {
    std::size_t used = 0;
    const unsigned long long v = std::stoull(*text, &used);
    if (used != text->size()) return std::nullopt;
    return v;
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

}  // namespace

int runPolicy(std::span<char* const> argv) {
  const Args args(argv);
  std::vector<std::string_view> kKnown{"connect", "canary", "expected-version", "limit", "verify", "file", "help"};
  kKnown.insert(kKnown.end(), std::begin(kConnectOptionNames), std::end(kConnectOptionNames));
  const auto& pos = args.positional();
  const std::optional<std::string> file = args.value("file");
  if (!pos.empty() && pos[0] == "audit" && file && args.unknownOptions(kKnown).empty()) return verifyAuditFile(*file);
  const std::optional<std::string> connect = args.value("connect");
  if (args.flag("help") || !args.unknownOptions(kKnown).empty() || pos.empty() || !connect) {
    std::fputs(kUsage, args.flag("help") ? stdout : stderr);
    return args.flag("help") ? 0 : 2;
  }
  auto security = channelSecurityFromArgs(args);
  if (auto* e = std::get_if<std::string>(&security)) {
    std::fprintf(stderr, "hetsched policy: %s\n", e->c_str());
    return 2;
  }
  const auto expected = number(args.value("expected-version"));
  const auto canary = number(args.value("canary").value_or("10"));
  const auto limit = number(args.value("limit"));
  if (!expected || !canary || *canary > 100 || !limit) {
    std::fprintf(stderr, "hetsched policy: --canary takes 0..100; --expected-version and --limit whole numbers\n");
    return 2;
  }
  const ChannelSecurity& secure = std::get<ChannelSecurity>(security);
  auto stub = v1::PolicyService::NewStub(makeGatewayChannel(*connect, secure));
  grpc::ClientContext context;
  context.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(10));
  addBearerToken(context, secure);

  const std::string& verb = pos[0];
  const std::size_t wantArgs = verb == "push" || verb == "rollback" ? 2 : 1;
  if (pos.size() != wantArgs) {
    std::fputs(kUsage, stderr);
    return 2;
  }
  v1::PolicyMutationResponse mutation;
  grpc::Status status;
  if (verb == "get") {
    v1::GetPolicyResponse state;
    status = stub->GetPolicy(&context, {}, &state);
    if (!status.ok()) return rpcFailed(status);
    printState(state);
    std::printf("\n%s\n", policyToJson(state.active().spec()).c_str());
    return 0;
  } else if (verb == "push") {
    auto policy = loadPolicyFile(pos[1]);
    if (auto* e = std::get_if<PolicyLoadError>(&policy)) {
      std::fprintf(stderr, "hetsched policy: %s: %s\n", pos[1].c_str(), e->detail.c_str());
      for (const FieldError& f : e->fields) std::fprintf(stderr, "  %s\n", f.message().c_str());
      return 1;
    }
    // A hybrid policy naming its weights file carries the file's text: the
    // gateway runs exactly the network trained here and never reads a path.
    if (const auto error = embedHybridWeights(std::get<v1::Policy>(policy))) {
      std::fprintf(stderr, "hetsched policy: %s: %s\n", pos[1].c_str(), error->message().c_str());
      return 1;
    }
    v1::PushPolicyRequest request;
    *request.mutable_spec() = std::get<v1::Policy>(std::move(policy));
    request.set_canary_percent(static_cast<std::uint32_t>(*canary));
    request.set_expected_version(*expected);
    status = stub->PushPolicy(&context, request, &mutation);
  } else if (verb == "promote") {
    v1::PromotePolicyRequest request;
    request.set_expected_version(*expected);
    status = stub->PromotePolicy(&context, request, &mutation);
  } else if (verb == "rollback") {
    const auto to = number(pos[1]);
    if (!to || *to == 0) {
      std::fprintf(stderr, "hetsched policy: rollback takes a version number\n");
      return 2;
    }
    v1::RollbackPolicyRequest request;
    request.set_to_version(*to);
    request.set_expected_version(*expected);
    status = stub->RollbackPolicy(&context, request, &mutation);
  } else if (verb == "history") {
    v1::ListPolicyHistoryResponse history;
    status = stub->ListPolicyHistory(&context, {}, &history);
    if (!status.ok()) return rpcFailed(status);
    for (const auto& v : history.versions()) printVersion("", v);
    return 0;
  } else if (verb == "audit") {
    return auditFromGateway(*stub, args, [&secure](grpc::ClientContext& call) {
      call.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(10));
      addBearerToken(call, secure);
    });
  } else {
    std::fprintf(stderr, "hetsched policy: unknown action %s\n%s", verb.c_str(), kUsage);
    return 2;
  }
  if (!status.ok()) return rpcFailed(status);
  printState(mutation.state());
  return 0;
}

}  // namespace hetsched::cli
