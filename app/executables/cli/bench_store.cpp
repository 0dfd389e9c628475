// hetsched bench store: save, open + seek and replay scrubbing of a large
// snapshot (goals from issue 4: 10,000 devices, 100,000 jobs, an hour of
// history saved in <= 1 s into <= 50 MB; open + seek <= 50 ms; >= 30 fps).
#include "base/model/frame.h"
#include "bench_suite.h"
#include "cli_args.h"
#include "data/store/snapshot_data.h"
#include "data/store/snapshot_store.h"
#include "data/store/store_error.h"
#include "sim_args.h"
#include "sim_snapshot.h"
#include "sources/cluster/sim_options.h"

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <random>
#include <ratio>
#include <string>
#include <time.h>
#include <unistd.h>
#include <utility>
#include <variant>
#include <vector>

namespace hetsched::cli {

namespace {

using Clock = std::chrono::steady_clock;

double msSince(Clock::time_point t0) { return std::chrono::duration<double, std::milli>(Clock::now() - t0).count(); }

// CPU time next to wall time: on a shared, loaded machine the wall clock
// mostly measures the other tenants.
double cpuMs(clockid_t clock) {
  timespec ts{};
  clock_gettime(clock, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

bool integerOption(const Args& args, const char* name, long long min, long long max, long long* out) {
  if (auto text = args.value(name)) {
    auto v = parseInteger(name, *text, min, max);
    if (auto* e = std::get_if<std::string>(&v)) {
      std::fprintf(stderr, "hetsched bench store: %s\n", e->c_str());
      return false;
    }
    *out = std::get<long long>(v);
  }
  return true;
}

SnapshotStore openOrDie(const std::string& path, OpenMode mode) {
  auto opened = SnapshotStore::open(path, mode);
  if (auto* e = std::get_if<StoreError>(&opened)) {
    std::fprintf(stderr, "hetsched bench store: %s\n", e->message.c_str());
    std::exit(1);
  }
  return std::get<SnapshotStore>(std::move(opened));
}

}  // namespace

int benchStore(const Args& args) {
  long long devices = 10000;
  long long jobs = 100000;
  long long frames = 1200;
  long long runs = 3;
  if (!integerOption(args, "devices", 10, 1'000'000, &devices) || !integerOption(args, "jobs", 0, 10'000'000, &jobs) ||
      !integerOption(args, "frames", 1, 100'000, &frames) || !integerOption(args, "runs", 1, 100, &runs))
    return 2;
  namespace fs = std::filesystem;
  const fs::path dir = fs::path(args.value("dir").value_or(fs::temp_directory_path().string())) /
                       ("hetsched-bench-store-" + std::to_string(getpid()));
  fs::create_directories(dir);

  SimOptions options;
  options.shape = benchClusterShape(static_cast<std::size_t>(devices));
  options.warmupS = 1800;
  std::printf("recording %lld frames of a simulated cluster of ~%lld devices...\n", frames, devices);
  std::fflush(stdout);
  const SnapshotData data =
      recordSimSnapshot(options, static_cast<std::size_t>(frames), static_cast<std::size_t>(jobs), "bench");
  const std::size_t n = data.topology.devices.size();

  std::vector<double> saveMs;
  std::vector<double> saveCpuMs;
  std::vector<double> closeMs;
  std::vector<double> fileMb;
  std::string path;
  for (long long r = 0; r < runs; ++r) {
    path = (dir / ("run" + std::to_string(r) + ".hsnap")).string();
    fs::remove(path);
    auto t0 = Clock::now();
    {
      SnapshotStore store = openOrDie(path, OpenMode::Create);
      t0 = Clock::now();
      const double cpu0 = cpuMs(CLOCK_PROCESS_CPUTIME_ID);
      auto saved = store.save(data);
      saveCpuMs.push_back(cpuMs(CLOCK_PROCESS_CPUTIME_ID) - cpu0);
      if (auto* e = std::get_if<StoreError>(&saved)) {
        std::fprintf(stderr, "hetsched bench store: %s\n", e->message.c_str());
        return 1;
      }
      saveMs.push_back(msSince(t0));
      t0 = Clock::now();
    }
    closeMs.push_back(msSince(t0));  // the final WAL checkpoint
    fileMb.push_back(fs::file_size(path) / 1e6);
  }

  std::mt19937 rng(1);
  const std::int64_t first = data.history.front().simTimeMs;
  const std::int64_t last = data.history.back().simTimeMs;
  std::vector<double> openSeekMs;
  std::vector<double> openMs;
  std::vector<double> openSeekCpuMs;
  std::vector<double> metaMs;
  Frame frame;
  for (int r = 0; r < 7; ++r) {
    const auto t0 = Clock::now();
    const double cpu0 = cpuMs(CLOCK_THREAD_CPUTIME_ID);
    SnapshotStore store = openOrDie(path, OpenMode::ReadOnly);
    openMs.push_back(msSince(t0));
    const std::int64_t at = std::uniform_int_distribution<std::int64_t>(first, last)(rng);
    if (auto e = store.frameAt(1, at, &frame)) {
      std::fprintf(stderr, "hetsched bench store: %s\n", e->message.c_str());
      return 1;
    }
    openSeekMs.push_back(msSince(t0));
    openSeekCpuMs.push_back(cpuMs(CLOCK_THREAD_CPUTIME_ID) - cpu0);
    const auto t1 = Clock::now();
    if (!std::holds_alternative<SnapshotMeta>(store.loadMeta(1))) return 1;
    metaMs.push_back(msSince(t1));
  }

  SnapshotStore store = openOrDie(path, OpenMode::ReadOnly);
  std::vector<double> sequentialFps;
  std::vector<double> randomFps;
  for (long long r = 0; r < runs; ++r) {
    auto t0 = Clock::now();
    for (std::size_t i = 0; i < data.history.size(); ++i) {
      if (store.frameIndex(1, i, &frame)) return 1;
    }
    sequentialFps.push_back(data.history.size() / (msSince(t0) / 1000.0));
    const std::size_t randomReads = 200;
    t0 = Clock::now();
    for (std::size_t k = 0; k < randomReads; ++k) {
      const auto i = std::uniform_int_distribution<std::size_t>(0, data.history.size() - 1)(rng);
      if (store.frameIndex(1, i, &frame)) return 1;
    }
    randomFps.push_back(randomReads / (msSince(t0) / 1000.0));
  }
  if (args.flag("keep")) std::printf("kept %s\n", path.c_str());
  else fs::remove_all(dir);

  std::printf("store: %zu devices, %zu nodes, %zu jobs, %zu frames (%lld runs, medians)\n", n,
              data.topology.nodes.size(), data.jobs.size(), data.history.size(), runs);
  std::printf("  save             %8.3f s    (goal <= 1 s; CPU time of all threads %.3f s)\n", median(saveMs) / 1000.0,
              median(saveCpuMs) / 1000.0);
  std::printf("  close/checkpoint %8.3f s\n", median(closeMs) / 1000.0);
  std::printf("  file             %8.1f MB   (goal <= 50 MB)\n", median(fileMb));
  std::printf("  open + seek      %8.2f ms   (goal <= 50 ms; median of 7; CPU time %.2f ms)\n", median(openSeekMs),
              median(openSeekCpuMs));
  std::printf("    of which open  %8.2f ms   (header, application_id, schema, quick_check)\n", median(openMs));
  std::printf("  load meta        %8.2f ms   (topology + jobs; median of 7)\n", median(metaMs));
  std::printf("  scrub sequential %8.0f frames/s (goal >= 30)\n", median(sequentialFps));
  std::printf("  scrub random     %8.0f frames/s (goal >= 30)\n", median(randomFps));
  return 0;
}

}  // namespace hetsched::cli
