#pragma once

// A snapshot of the console's default embedded cluster (SimOptions{}: its
// shape, load and six-hour warm-up), saved to `path` as the console's
// "From the cluster now" saves one (fcfs recorded in force), and the
// what-if source of its cut.
#include "data/store/snapshot_data.h"
#include "data/store/snapshot_store.h"
#include "engine/policy/builtin_policies.h"
#include "engine/policy/policy_loader.h"
#include "policy.pb.h"
#include "sources/cluster/sim_options.h"
#include "sources/cluster/simulated_cluster.h"
#include "usecases/whatif/whatif_source.h"

#include <QString>
#include <cstddef>
#include <stdexcept>
#include <variant>

namespace hetsched::test {

inline WhatifSource defaultClusterCut(const QString& path) {
  SimulatedCluster cluster{SimOptions{}};
  cluster.step();
  SnapshotData data;
  data.name = "default cluster";
  data.takenAtMs = 1'790'000'000'000;
  data.topology = cluster.topology();
  data.history.push_back(cluster.frame());
  data.jobs = cluster.jobs({}, std::size_t(-1), nullptr);
  // Recorded as in force, so "Policy in force" and the fidelity line have
  // one to replay.
  for (const v1::Policy& p : builtinPolicies())
    if (p.name() == "fcfs") data.policy = {p.name(), 1, policyToJson(p)};
  auto store = SnapshotStore::open(path.toStdString(), OpenMode::Create);
  if (!std::holds_alternative<SnapshotStore>(store)) throw std::runtime_error("cannot create " + path.toStdString());
  auto saved = std::get<SnapshotStore>(store).save(data);
  if (!std::holds_alternative<SnapshotId>(saved)) throw std::runtime_error("cannot save " + path.toStdString());
  WhatifSource source;
  source.kind = WhatifSource::Kind::Snapshot;
  source.path = path.toStdString();
  source.snapshotId = std::get<SnapshotId>(saved);
  source.fromCut = true;
  source.horizonS = 3600.0;
  return source;
}

}  // namespace hetsched::test
