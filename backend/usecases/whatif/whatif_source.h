#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace hetsched {

struct Job;
struct Topology;

// Apart from whatif_run.h so that GUI headers can name it without pulling in
// sim_result.h (whose JobTimeline is not model/job_timeline.h's).
// Where a what-if workload comes from; which fields count depends on kind.
struct WhatifSource {
  enum class Kind : std::uint8_t { Synthetic, Snapshot, Trace, Live };
  Kind kind = Kind::Synthetic;
  std::uint32_t nodes = 40;       // Synthetic
  std::uint64_t jobs = 2000;      // Synthetic
  double load = 0.9;              // Synthetic
  std::uint64_t seed = 1;         // every kind: workload and simulation seed
  std::string path;               // Snapshot: store file; Trace: node list CSV
  std::int64_t snapshotId = 0;    // Snapshot
  // Snapshot: start from the cut (running jobs stay on their nodes, queued
  // ones wait, and the next `horizonS` brings what the last one brought), or
  // replay every recorded job from its submit time.
  bool fromCut = true;
  double horizonS = 3600.0;
  std::string podPath;            // Trace: pod list CSV
  // Live: the cluster as the front end holds it now, cut in memory
  // (live_cut.h) from its cut with `horizonS` of arrivals again; null when
  // no live cluster is connected.
  std::shared_ptr<const Topology> liveTopology;
  std::shared_ptr<const std::vector<Job>> liveJobs;
};

}  // namespace hetsched
