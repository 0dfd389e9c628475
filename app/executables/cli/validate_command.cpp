// hetsched validate: how closely the engine reproduces a snapshot's
// recorded period (backend/usecases/whatif/fidelity.h; the console shows the same).
#include "cli_args.h"
#include "commands.h"
#include "usecases/whatif/fidelity.h"
#include "usecases/whatif/snapshot_files.h"

#include <cstdio>
#include <exception>
#include <fstream>
#include <nlohmann/json.hpp>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <variant>

namespace hetsched::cli {

namespace {

constexpr const char* kUsage =
    "usage: hetsched validate --snapshot FILE [--snapshot-id N] [--json FILE]\n"
    "  replays the snapshot's recorded period under the policy in force, from the recorded arrivals,\n"
    "  actual runtimes and node failures, and reports how closely the replay reproduces what happened:\n"
    "  jobs started on the same node, start-time error P50/P95/P99, mean-wait error, per device kind.\n"
    "  --snapshot-id N  which snapshot of FILE (default: the newest)\n"
    "  --json FILE      also write the report as JSON ('-': standard output)\n";

nlohmann::json toJson(const StartFidelity& f) {
  return {{"jobs", f.jobs},
          {"same_node", f.sameNode},
          {"same_node_share", f.sameNodeShare()},
          {"within_agent_period", f.withinPeriod},
          {"within_agent_period_share", f.withinPeriodShare()},
          {"not_started", f.notStarted},
          {"start_error_p50_s", f.errorP50S},
          {"start_error_p95_s", f.errorP95S},
          {"start_error_p99_s", f.errorP99S},
          {"mean_wait_recorded_s", f.meanWaitRecordedS},
          {"mean_wait_replayed_s", f.meanWaitReplayedS},
          {"mean_wait_error_s", f.meanWaitErrorS()}};
}

void printRow(const char* label, const StartFidelity& f) {
  if (f.jobs == 0) {
    std::printf("  %-5s %6s\n", label, "0");
    return;
  }
  std::printf("  %-5s %6zu  %6.1f %%  %6.1f %%  %9.1f  %9.1f  %9.1f  %9.1f\n", label, f.jobs, 100.0 * f.sameNodeShare(),
              100.0 * f.withinPeriodShare(), f.errorP50S, f.errorP95S, f.errorP99S, f.meanWaitErrorS());
}

}  // namespace

int runValidate(std::span<char* const> argv) {
  const Args args(argv);
  const std::string_view known[] = {"snapshot", "snapshot-id", "json", "help"};
  const std::optional<std::string> snapshot = args.value("snapshot");
  if (args.flag("help") || !args.unknownOptions(known).empty() || !snapshot || !args.positional().empty()) {
    std::fputs(kUsage, args.flag("help") ? stdout : stderr);
    return args.flag("help") ? 0 : 2;
  }
  long long id = 0;
  if (const auto text = args.value("snapshot-id")) {
    try {
      std::size_t used = 0;
      id = std::stoll(*text, &used);
      if (used != text->size() || id <= 0) throw std::invalid_argument("");
    } catch (const std::exception&) {
      std::fprintf(stderr, "hetsched validate: --snapshot-id takes a snapshot number > 0, not '%s'\n", text->c_str());
      return 2;
    }
  }
  const std::string& path = *snapshot;
  const auto result = validateSnapshot(path, id);
  if (const auto* e = std::get_if<std::string>(&result)) {
    std::fprintf(stderr, "hetsched validate: %s\n", e->c_str());
    return 1;
  }
  const FidelityReport& r = std::get<FidelityReport>(result);
  if (const auto json = args.value("json")) {
    nlohmann::json out = {
        {"snapshot", path},
        {"snapshot_id", r.snapshotId},
        {"policy", r.policyName},
        {"policy_version", r.policyVersion},
        {"period_start_s", r.periodStartS},
        {"period_end_s", r.periodEndS},
        {"agent_period_s", r.agentPeriodS},
        {"jobs_replayed", r.jobsReplayed},
        {"node_changes", r.nodeChanges},
        {"canary_jobs", r.canaryJobs},
        {"exact", r.exact()},
        {"all", toJson(r.all)},
        {"by_kind", {{"cpu", toJson(r.byKind[0])}, {"gpu", toJson(r.byKind[1])}, {"tpu", toJson(r.byKind[2])}}}};
    if (*json == "-") {
      std::printf("%s\n", out.dump(2).c_str());
      return 0;
    }
    std::ofstream file(*json);
    file << out.dump(2) << '\n';
    if (!file) {
      std::fprintf(stderr, "hetsched validate: cannot write %s\n", json->c_str());
      return 1;
    }
  }
  std::printf("%s #%lld: policy %s v%llu, period %.0f-%.0f s of cluster time (agent period %.0f s)\n", path.c_str(),
              static_cast<long long>(r.snapshotId), r.policyName.c_str(),
              static_cast<unsigned long long>(r.policyVersion), r.periodStartS, r.periodEndS, r.agentPeriodS);
  std::printf("replayed %zu recorded jobs from their submit times with %zu node failures/repairs\n", r.jobsReplayed,
              r.nodeChanges);
  if (r.canaryJobs > 0)
    std::printf(
        "note: %zu jobs ran on a canary candidate the snapshot does not record; replayed under the active policy\n",
        r.canaryJobs);
  std::printf("\n  %-5s %6s  %8s  %8s  %9s  %9s  %9s  %9s\n", "kind", "jobs", "node", "start", "err P50", "err P95",
              "err P99", "wait err");
  std::printf("  %-5s %6s  %8s  %8s  %9s  %9s  %9s  %9s\n", "", "", "same", "<=period", "(s)", "(s)", "(s)", "(s)");
  printRow("all", r.all);
  printRow("CPU", r.byKind[0]);
  printRow("GPU", r.byKind[1]);
  printRow("TPU", r.byKind[2]);
  std::printf("\n%s\n", r.exact()
                            ? "exact reproduction: >= 99 % of jobs on the same node and within one agent period"
                            : "not an exact reproduction: what-ifs on this snapshot predict within the errors above");
  return 0;
}

}  // namespace hetsched::cli
