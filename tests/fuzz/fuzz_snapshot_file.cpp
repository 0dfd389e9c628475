// A snapshot file as hetsched snapshot info, whatif --snapshot and the
// console's replay read it: opened read-only, listed, every snapshot's
// header, topology, jobs and embedder loaded, every frame decoded, and the
// jobs made into what-if workloads. The input is a list of patches
// (u32 offset, u8 length, bytes) applied to a small valid file made at
// start, so that the fuzzer damages real pages rather than writing SQLite
// files from nothing.
#include "base/model/frame.h"
#include "data/embed/job_map_builder.h"
#include "data/store/snapshot_data.h"
#include "data/store/snapshot_store.h"
#include "sources/cluster/sim_options.h"
#include "sources/cluster/simulated_cluster.h"
#include "usecases/whatif/whatif_run.h"
#include "fuzz_input.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <ios>
#include <iterator>
#include <string>
#include <variant>
#include <vector>

#include <unistd.h>

using namespace hetsched;

namespace {

std::string scratchPath(const char* name) {
  const char* dir = std::getenv("TMPDIR");
  return std::string(dir && *dir ? dir : "/tmp") + "/hetsched-fuzz-" + std::to_string(::getpid()) + "-" + name;
}

std::vector<char> baseFile() {
  const std::string path = scratchPath("base.hsnap");
  std::remove(path.c_str());
  SimOptions options;
  options.shape = defaultClusterShape(2, 2, 1);
  options.seed = 5;
  options.warmupS = 1800;
  SimulatedCluster cluster(options);
  SnapshotData d;
  d.name = "fuzz base";
  d.topology = cluster.topology();
  d.policy = {"fifo", 1, R"({"name":"fifo","version":1,"queue":{"kind":"FCFS"},"placement":{"kind":"FIRST_FIT"}})"};
  for (int i = 0; i < 12; ++i) {
    cluster.step();
    d.history.push_back(cluster.frame());
  }
  d.jobs = cluster.jobs({}, std::size_t(-1), nullptr);
  embed::JobMapOptions quick;
  quick.embedderSteps = 10;  // the weights' values do not matter here, only that there are some
  d.embedder = embed::trainJobMapModel(d.jobs, d.topology, quick);
  {
    auto store = SnapshotStore::open(path, OpenMode::Create);
    if (!std::holds_alternative<SnapshotStore>(store) ||
        !std::holds_alternative<SnapshotId>(std::get<SnapshotStore>(store).save(d)))
      __builtin_trap();
  }
  std::ifstream in(path, std::ios::binary);
  std::vector<char> bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  std::remove(path.c_str());
  return bytes;
}

std::vector<char> base;

}  // namespace

// Made once, before the first input (and outside its time limit).
extern "C" int LLVMFuzzerInitialize(int*, char***) {
  base = baseFile();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const std::string path = scratchPath("input.hsnap");
  std::vector<char> bytes = base;
  for (std::size_t at = 0; at + 5 <= size;) {
    const std::uint32_t offset = data[at] | data[at + 1] << 8 | data[at + 2] << 16 | std::uint32_t{data[at + 3]} << 24;
    const std::size_t length = data[at + 4];
    at += 5;
    for (std::size_t i = 0; i < length && at < size; ++i, ++at)
      bytes[(offset + i) % bytes.size()] = static_cast<char>(data[at]);
  }
  {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  }
  auto opened = SnapshotStore::open(path, OpenMode::ReadOnly);
  if (auto* store = std::get_if<SnapshotStore>(&opened)) {
    auto listed = store->list();
    if (auto* list = std::get_if<std::vector<SnapshotInfo>>(&listed)) {
      for (const SnapshotInfo& info : *list) {
        (void)store->whatIfRuns(info.id);
        auto meta = store->loadMeta(info.id);
        if (auto* m = std::get_if<SnapshotMeta>(&meta)) {
          (void)snapshotWhatifWorkload(m->topology, m->jobs);
          (void)snapshotFromCutWorkload(m->topology, m->jobs, 3600.0);
        }
        Frame f;
        auto count = store->frameCount(info.id);
        if (auto* n = std::get_if<std::size_t>(&count))
          for (std::size_t i = 0; i < *n && i < 64; ++i) (void)store->frameIndex(info.id, i, &f);
        (void)store->frameAt(info.id, 0, &f);
      }
    }
  }
  for (const char* side : {"", "-journal", "-wal", "-shm"}) std::remove((path + side).c_str());
  return 0;
}
