// hetsched snapshot: inspect snapshot files, save one from a live gateway,
// make one from a simulated cluster (for tests and benchmarks).
#include "bench_suite.h"
#include "cli_args.h"
#include "commands.h"
#include "connect_args.h"
#include "data/embed/job_map_builder.h"
#include "data/store/schema.h"
#include "data/store/snapshot_data.h"
#include "data/store/snapshot_store.h"
#include "data/store/store_error.h"
#include "sim_args.h"
#include "sim_snapshot.h"
#include "snapshot_save.h"
#include "sources/cluster/sim_options.h"
#include "utc_time.h"

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <iterator>
#include <nlohmann/json.hpp>
#include <span>
#include <string>
#include <system_error>
#include <utility>
#include <variant>
#include <vector>

namespace hetsched::cli {

namespace {

constexpr const char* kTableTime = "%Y-%m-%d %H:%M:%SZ";

int usage() {
  std::fprintf(stderr,
               "usage: hetsched snapshot info FILE\n"
               "       hetsched snapshot upgrade FILE\n"
               "       hetsched snapshot save --connect HOST:PORT FILE [--name TEXT] [--history S] [TLS and token]\n"
               "       hetsched snapshot make-sim FILE [--devices N] [--history-s S] [--name TEXT] [sim options]\n\n"
               "  info      list the snapshots in FILE with their sizes, time spans and job embedders\n"
               "  upgrade   migrate FILE written by an older HetSched to this build's schema\n"
               "  save      take a snapshot of a live gateway into FILE (created if missing)\n"
               "    --connect HOST:PORT  the gateway (hetschedd) to take it from\n"
               "    --name TEXT          snapshot name (default: the cluster's name)\n"
               "    --history S          seconds of recent frames (default 0: all the gateway keeps)\n"
               "%s"
               "  make-sim  run a simulated cluster and save a snapshot of it into FILE (created if missing)\n"
               "    --devices N    about N devices (20%% CPU, 60%% GPU, 20%% TPU); overrides --*-nodes\n"
               "    --history-s S  seconds of history to record at the agent period (default 3600)\n"
               "    --name TEXT    snapshot name (default \"simulated\")\n%s",
               kConnectOptionsHelp, kSimOptionsHelp);
  return 2;
}

std::string formatSpan(std::int64_t ms) {
  const std::int64_t s = ms / 1000;
  char buf[32];
  std::snprintf(buf, sizeof buf, "%lld:%02lld:%02lld", static_cast<long long>(s / 3600),
                static_cast<long long>(s / 60 % 60), static_cast<long long>(s % 60));
  return buf;
}

std::string formatBytes(std::uint64_t bytes) {
  char buf[32];
  if (bytes < 1'000'000) std::snprintf(buf, sizeof buf, "%.1f KB", bytes / 1e3);
  else std::snprintf(buf, sizeof buf, "%.1f MB", bytes / 1e6);
  return buf;
}

// "35-128-64", or "none" for a snapshot saved without a job embedder (by
// an older build, or with too few jobs to train one).
std::string formatLayers(const EmbedderLayers& layers) {
  if (!layers.present()) return "none";
  return std::to_string(layers.input) + "-" + std::to_string(layers.hidden) + "-" + std::to_string(layers.output);
}

// What-if comparisons recorded against each snapshot (hetsched whatif
// --snapshot, the console's What-if tab).
int printWhatifRuns(SnapshotStore& store, const std::vector<SnapshotInfo>& list) {
  for (const SnapshotInfo& s : list) {
    auto runs = store.whatIfRuns(s.id);
    if (auto* e = std::get_if<StoreError>(&runs)) {
      std::fprintf(stderr, "hetsched snapshot info: %s\n", e->message.c_str());
      return 1;
    }
    const auto& recorded = std::get<std::vector<WhatIfRun>>(runs);
    if (recorded.empty()) continue;
    std::printf("\nwhat-if runs of snapshot #%lld:\n%4s  %-20s  %-24s  %12s  %12s\n", static_cast<long long>(s.id),
                "RUN", "RECORDED (UTC)", "POLICY", "WAIT AVG (s)", "COMPLETED");
    for (const WhatIfRun& r : recorded) {
      const auto body = nlohmann::json::parse(r.resultsJson, nullptr, false);
      const auto number = [&](const char* key) {
        return body.is_object() && body.contains("summary") && body["summary"].is_object() &&
                       body["summary"].contains(key) && body["summary"][key].is_number()
                   ? body["summary"][key].get<double>()
                   : std::nan("");
      };
      std::printf("%4lld  %-20s  %-24s  %12.2f  %12.0f\n", static_cast<long long>(r.id),
                  utcTime(r.createdAtMs, kTableTime).c_str(), r.policy.name.c_str(), number("wait_avg_s"),
                  number("completed"));
    }
  }
  return 0;
}

int info(const std::string& path) {
  auto opened = SnapshotStore::open(path, OpenMode::ReadOnly);
  if (auto* e = std::get_if<StoreError>(&opened)) {
    std::fprintf(stderr, "hetsched snapshot info: %s\n", e->message.c_str());
    if (e->code == StoreErrorCode::NeedsUpgrade)
      std::fprintf(stderr, "hint: 'hetsched snapshot upgrade %s' migrates it in place\n", path.c_str());
    return 1;
  }
  SnapshotStore& store = std::get<SnapshotStore>(opened);
  auto listed = store.list();
  if (auto* e = std::get_if<StoreError>(&listed)) {
    std::fprintf(stderr, "hetsched snapshot info: %s\n", e->message.c_str());
    return 1;
  }
  const auto& list = std::get<std::vector<SnapshotInfo>>(listed);
  std::error_code ec;
  const auto bytes = std::filesystem::file_size(path, ec);
  std::printf("%s: %zu snapshot%s, %s on disk\n", path.c_str(), list.size(), list.size() == 1 ? "" : "s",
              formatBytes(ec ? 0 : bytes).c_str());
  if (list.empty()) return 0;
  std::printf("%4s  %-20s  %-20s  %7s  %6s  %7s  %6s  %-9s  %9s  %-9s  %s\n", "ID", "NAME", "TAKEN (UTC)", "DEVICES",
              "NODES", "JOBS", "FRAMES", "SPAN", "HISTORY", "EMBEDDER", "POLICY");
  for (const SnapshotInfo& s : list) {
    std::printf("%4lld  %-20s  %-20s  %7zu  %6zu  %7zu  %6zu  %-9s  %9s  %-9s  %s v%llu\n",
                static_cast<long long>(s.id), s.name.c_str(), utcTime(s.takenAtMs, kTableTime).c_str(), s.deviceCount,
                s.nodeCount, s.jobCount, s.frameCount, formatSpan(s.lastSimTimeMs - s.firstSimTimeMs).c_str(),
                formatBytes(s.historyBytes).c_str(), formatLayers(s.embedder).c_str(), s.policyName.c_str(),
                static_cast<unsigned long long>(s.policyVersion));
  }
  return printWhatifRuns(store, list);
}

int upgrade(const std::string& path) {
  auto opened = SnapshotStore::open(path, OpenMode::ReadWrite);
  if (auto* e = std::get_if<StoreError>(&opened)) {
    std::fprintf(stderr, "hetsched snapshot upgrade: %s\n", e->message.c_str());
    return 1;
  }
  const int from = std::get<SnapshotStore>(opened).openedSchemaVersion();
  std::printf("%s: schema version %d%s\n", path.c_str(), from,
              from == kSnapshotSchemaVersion ? ", already current" : " upgraded");
  return 0;
}

int makeSim(const std::string& path, const Args& args) {
  auto parsed = simOptionsFromArgs(args);
  if (auto* e = std::get_if<std::string>(&parsed)) {
    std::fprintf(stderr, "hetsched snapshot make-sim: %s\n", e->c_str());
    return 2;
  }
  SimOptions options = std::get<SimOptions>(std::move(parsed));
  if (auto text = args.value("devices")) {
    auto v = parseInteger("devices", *text, 10, 1'000'000);
    if (auto* e = std::get_if<std::string>(&v)) {
      std::fprintf(stderr, "hetsched snapshot make-sim: %s\n", e->c_str());
      return 2;
    }
    options.shape = benchClusterShape(static_cast<std::size_t>(std::get<long long>(v)));
  }
  double historyS = 3600;
  if (auto text = args.value("history-s")) {
    auto v = parseNumber("history-s", *text, 0, 7 * 86400.0);
    if (auto* e = std::get_if<std::string>(&v)) {
      std::fprintf(stderr, "hetsched snapshot make-sim: %s\n", e->c_str());
      return 2;
    }
    historyS = std::get<double>(v);
  }
  const auto frames = static_cast<std::size_t>(historyS * 1000.0 / options.agentPeriodMs);
  auto opened = SnapshotStore::open(path, OpenMode::Create);
  if (auto* e = std::get_if<StoreError>(&opened)) {
    std::fprintf(stderr, "hetsched snapshot make-sim: %s\n", e->message.c_str());
    return 1;
  }
  SnapshotData data = recordSimSnapshot(options, frames, 0, args.value("name").value_or("simulated"));
  data.embedder = embed::trainJobMapModel(data.jobs, data.topology, {});
  auto saved = std::get<SnapshotStore>(opened).save(data);
  if (auto* e = std::get_if<StoreError>(&saved)) {
    std::fprintf(stderr, "hetsched snapshot make-sim: %s\n", e->message.c_str());
    return 1;
  }
  std::printf("%s: saved snapshot %lld (%zu devices, %zu jobs, %zu frames)\n", path.c_str(),
              static_cast<long long>(std::get<SnapshotId>(saved)), data.topology.devices.size(), data.jobs.size(),
              data.history.size());
  return 0;
}

}  // namespace

int runSnapshot(std::span<char* const> args) {
  if (args.size() < 2) return usage();
  const Args parsed(args.subspan(1));
  const std::string_view what = args.front();
  if (parsed.positional().size() != 1) return usage();
  const std::string& file = parsed.positional().front();
  std::vector<std::string_view> known{std::begin(kSimOptionNames), std::end(kSimOptionNames)};
  if (what == "make-sim") known.insert(known.end(), {"devices", "history-s", "name"});
  else if (what == "save") {
    known = {"connect", "name", "history"};
    known.insert(known.end(), std::begin(kConnectOptionNames), std::end(kConnectOptionNames));
  } else known.clear();
  if (const auto unknown = parsed.unknownOptions(known); !unknown.empty()) {
    std::fprintf(stderr, "hetsched snapshot %s: unknown option %s\n", args.front(), unknown.front().c_str());
    return 2;
  }
  if (what == "info") return info(file);
  if (what == "upgrade") return upgrade(file);
  if (what == "make-sim") return makeSim(file, parsed);
  if (what == "save") return saveFromGateway(file, parsed);
  std::fprintf(stderr, "hetsched snapshot: unknown subcommand '%s'\n", args.front());
  return usage();
}

}  // namespace hetsched::cli
