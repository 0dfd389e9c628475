#include "snapshot_save.h"

#include "cli_args.h"
#include "connect_args.h"
#include "data/embed/job_map_builder.h"
#include "data/store/snapshot_data.h"
#include "data/store/snapshot_store.h"
#include "data/store/store_error.h"
#include "serve/client/cluster_client.h"
#include "serve/client/snapshot_fetcher.h"
#include "sim_args.h"

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <optional>
#include <string>
#include <system_error>
#include <utility>
#include <variant>

namespace hetsched::cli {

namespace {

int fail(const std::string& message) {
  std::fprintf(stderr, "hetsched snapshot save: %s\n", message.c_str());
  return 1;
}

// Progress lines at every tenth of the work, so a log stays readable.
class ProgressPrinter {
 public:
  explicit ProgressPrinter(const char* what) : m_what(what) {}
  void operator()(std::size_t done, std::size_t total, const std::string& extra = {}) {
    const int tenth = total == 0 ? 10 : static_cast<int>(done * 10 / total);
    if (tenth <= m_lastTenth) return;
    m_lastTenth = tenth;
    std::fprintf(stderr, "%s: %zu/%zu%s\n", m_what, done, total, extra.c_str());
  }

 private:
  const char* m_what;
  int m_lastTenth = -1;
};

}  // namespace

int saveFromGateway(const std::string& path, const Args& args) {
  const std::optional<std::string> address = args.value("connect");
  if (!address || address->empty()) return fail("--connect HOST:PORT is required");
  double historyS = 0;
  if (auto text = args.value("history")) {
    auto v = parseNumber("history", *text, 0, 7 * 86400.0);
    if (auto* e = std::get_if<std::string>(&v)) return fail(*e);
    historyS = std::get<double>(v);
  }

  // Check the file before the fetch: a foreign or damaged file is refused
  // untouched, and a big fetch is not wasted on a path we cannot write.
  std::optional<SnapshotStore> store;
  std::error_code ec;
  if (std::filesystem::exists(path, ec)) {
    auto opened = SnapshotStore::open(path, OpenMode::ReadWrite);
    if (auto* e = std::get_if<StoreError>(&opened)) return fail(e->message);
    store.emplace(std::get<SnapshotStore>(std::move(opened)));
  } else {
    const auto parent = std::filesystem::absolute(path, ec).parent_path();
    if (!std::filesystem::is_directory(parent, ec)) return fail(path + ": no such directory " + parent.string());
  }

  auto security = channelSecurityFromArgs(args);
  if (auto* e = std::get_if<std::string>(&security)) return fail(*e);
  ClientOptions options;
  static_cast<ChannelSecurity&>(options) = std::get<ChannelSecurity>(security);
  ClusterClient client(*address, {}, options);
  SnapshotFetcher fetcher(client.channel(), std::chrono::minutes(10), options.bearerToken);
  ProgressPrinter received("receiving frames");
  auto fetched = fetcher.fetch(historyS, [&](const FetchProgress& p) {
    if (p.jobsReceived == p.jobCount)
      received(p.framesReceived, p.frameCount, " (" + std::to_string(p.bytesReceived / 1000000) + " MB)");
    return true;
  });
  if (auto* e = std::get_if<RpcError>(&fetched))
    return fail("cannot take a snapshot from " + *address + ": " + e->message);
  SnapshotData data = std::get<SnapshotData>(std::move(fetched));
  data.name = args.value("name").value_or(data.topology.clusterName);
  // A gateway draws no job map, so there is no embedder to fetch: train the
  // one the console's first map of these jobs would (same jobs, same seed,
  // same weights), so that a replay maps them the same way anywhere.
  data.embedder = embed::trainJobMapModel(data.jobs, data.topology, {});

  if (!store) {
    auto opened = SnapshotStore::open(path, OpenMode::Create);
    if (auto* e = std::get_if<StoreError>(&opened)) return fail(e->message);
    store.emplace(std::get<SnapshotStore>(std::move(opened)));
  }
  ProgressPrinter saved("saving frames");
  auto result = store->save(data, [&](std::size_t done, std::size_t total) {
    saved(done, total);
    return true;
  });
  if (auto* e = std::get_if<StoreError>(&result)) return fail(e->message);
  std::printf("%s: saved snapshot %lld '%s' from %s (%zu devices, %zu jobs, %zu frames, %s)\n", path.c_str(),
              static_cast<long long>(std::get<SnapshotId>(result)), data.name.c_str(), address->c_str(),
              data.topology.devices.size(), data.jobs.size(), data.history.size(),
              data.embedder ? "job embedder trained and saved" : "too few jobs for a job embedder");
  return 0;
}

}  // namespace hetsched::cli
