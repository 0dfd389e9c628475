#pragma once

#include "base/model/frame.h"
#include "base/model/job.h"
#include "base/model/topology.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace hetsched {

namespace embed {
struct JobMapModel;
}

using SnapshotId = std::int64_t;
using WhatIfRunId = std::int64_t;

// The policy in force when the snapshot was taken. The JSON is the policy
// engine's business; the store keeps it verbatim.
struct PolicyRef {
  std::string name;
  std::uint64_t version = 0;
  std::string json;
  bool operator==(const PolicyRef&) const = default;
};

// The layer sizes of a stored job embedder (input -> hidden -> output);
// all zero when the snapshot has none.
struct EmbedderLayers {
  std::uint32_t input = 0;
  std::uint32_t hidden = 0;
  std::uint32_t output = 0;
  bool present() const { return input != 0; }
  bool operator==(const EmbedderLayers&) const = default;
};

// A consistent cut of a cluster: what save() writes in one transaction.
// history is oldest first; each frame has one entry per topology device/node.
struct SnapshotData {
  std::string name;
  std::int64_t takenAtMs = 0;  // wall clock, ms since the epoch
  Topology topology;
  std::vector<Job> jobs;       // running and queued
  PolicyRef policy;
  std::vector<Frame> history;
  // The job map's feature scaling and embedder weights, so that a replay
  // maps the same job to the same point; null saves none.
  std::shared_ptr<const embed::JobMapModel> embedder;
};

// One line of SnapshotStore::list(): enough to choose a snapshot without
// loading it.
struct SnapshotInfo {
  SnapshotId id = 0;
  std::string name;
  std::int64_t takenAtMs = 0;
  std::string clusterName;
  std::size_t deviceCount = 0;
  std::size_t nodeCount = 0;
  std::size_t jobCount = 0;
  std::size_t frameCount = 0;
  std::int64_t firstSimTimeMs = 0;
  std::int64_t lastSimTimeMs = 0;
  std::uint64_t historyBytes = 0;  // compressed history on disk
  std::string policyName;
  std::uint64_t policyVersion = 0;
  EmbedderLayers embedder;
};

// Everything but the history, which is read frame by frame.
struct SnapshotMeta {
  SnapshotInfo info;
  Topology topology;
  std::vector<Job> jobs;
  PolicyRef policy;
  std::shared_ptr<const embed::JobMapModel> embedder;  // null: none stored, or damaged
  // Why stored weights could not be used (damaged: the store's Corrupt
  // message). The rest of the snapshot replays; the job map retrains.
  std::string embedderProblem;
};

// A what-if run over a snapshot: the candidate policy and what it produced.
struct WhatIfRun {
  WhatIfRunId id = 0;
  SnapshotId snapshot = 0;
  std::int64_t createdAtMs = 0;
  PolicyRef policy;
  std::string resultsJson;
  std::vector<std::uint8_t> resultsBlob;
};

}  // namespace hetsched
