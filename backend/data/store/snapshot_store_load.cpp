// SnapshotStore::loadMeta and what-if runs: reading everything but history.
#include "base/model/device_kind.h"
#include "base/model/device_model.h"
#include "base/model/topology.h"
#include "embedder_rows.h"
#include "job_codec.h"
#include "snapshot_data.h"
#include "snapshot_info_row.h"
#include "snapshot_store.h"
#include "sqlite_statement.h"
#include "store_error.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <sqlite3.h>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace hetsched {

namespace {

// A stored kind outside the enum would wrap into it when narrowed; kept out
// of range (255) so that topologyProblem names it.
DeviceKind kindOf(std::int64_t v) {
  return v >= 0 && v < static_cast<std::int64_t>(kDeviceKindCount) ? static_cast<DeviceKind>(v) : DeviceKind{255};
}

// Reserving what a damaged header claims could ask for terabytes; more than
// this grows as the rows come.
std::size_t reserveFor(std::size_t claimed) { return std::min<std::size_t>(claimed, 1 << 20); }

}  // namespace

std::variant<SnapshotMeta, StoreError> SnapshotStore::loadMeta(SnapshotId id) {
  SnapshotMeta meta;
  const auto fail = [&](int rc, const char* what) {
    return m_db.error(rc, m_path + ": reading " + what + " of snapshot " + std::to_string(id));
  };
  {
    SqliteStatement q(m_db.get(), std::string("SELECT ") + kSnapshotInfoColumns +
                                      ", policy_json, source, topology_version, agent_period_ms "
                                      "FROM snapshot LEFT JOIN embedder ON snapshot_id = id WHERE id = ?");
    if (!q.ok()) return fail(q.prepareResult(), "the header");
    q.bind(1, id);
    const int rc = q.step();
    if (rc == SQLITE_DONE)
      return StoreError{StoreErrorCode::NoSuchSnapshot, "no snapshot with id " + std::to_string(id)};
    if (rc != SQLITE_ROW) return fail(rc, "the header");
    meta.info = readSnapshotInfo(q);
    constexpr int more = kSnapshotInfoColumnCount;
    meta.policy = {meta.info.policyName, meta.info.policyVersion, q.columnText(more)};
    meta.topology.clusterName = meta.info.clusterName;
    meta.topology.source = q.columnText(more + 1);
    meta.topology.version = q.columnAs<std::uint64_t>(more + 2);
    meta.topology.agentPeriodMs = q.columnAs<std::uint32_t>(more + 3);
  }
  Topology& t = meta.topology;
  SqliteStatement m(m_db.get(),
                    "SELECT name, kind, peak_tflops, tdp_watts, idle_watts, memory_mib, memory_bandwidth_gbps, "
                    "instruction_latency_ns, cores FROM device_model WHERE snapshot_id = ? ORDER BY idx");
  if (!m.ok()) return fail(m.prepareResult(), "device models");
  m.bind(1, id);
  int rc = 0;
  while ((rc = m.step()) == SQLITE_ROW) {
    DeviceModel& dm = t.models.emplace_back();
    dm.name = m.columnText(0);
    dm.kind = kindOf(m.columnInt(1));
    dm.peakTflops = m.columnDouble(2);
    dm.tdpWatts = m.columnDouble(3);
    dm.idleWatts = m.columnDouble(4);
    dm.memoryMib = m.columnAs<std::uint64_t>(5);
    dm.memoryBandwidthGbps = m.columnDouble(6);
    dm.instructionLatencyNs = m.columnDouble(7);
    dm.cores = m.columnAs<std::uint32_t>(8);
  }
  if (rc != SQLITE_DONE) return fail(rc, "device models");

  SqliteStatement n(m_db.get(),
                    "SELECT name, kind, first_device, device_count, cpu_milli, memory_mib FROM node "
                    "WHERE snapshot_id = ? ORDER BY idx");
  if (!n.ok()) return fail(n.prepareResult(), "nodes");
  n.bind(1, id);
  t.nodes.reserve(reserveFor(meta.info.nodeCount));
  while ((rc = n.step()) == SQLITE_ROW) {
    t.nodes.push_back({n.columnText(0), kindOf(n.columnInt(1)), n.columnAs<std::uint32_t>(2),
                       n.columnAs<std::uint32_t>(3), n.columnAs<std::uint32_t>(4), n.columnAs<std::uint64_t>(5)});
  }
  if (rc != SQLITE_DONE) return fail(rc, "nodes");

  SqliteStatement d(m_db.get(), "SELECT node, slot, model FROM device WHERE snapshot_id = ? ORDER BY idx");
  if (!d.ok()) return fail(d.prepareResult(), "devices");
  d.bind(1, id);
  t.devices.reserve(reserveFor(meta.info.deviceCount));
  while ((rc = d.step()) == SQLITE_ROW) {
    t.devices.push_back({d.columnAs<std::uint32_t>(0), d.columnAs<std::uint32_t>(1), d.columnAs<std::uint32_t>(2)});
  }
  if (rc != SQLITE_DONE) return fail(rc, "devices");
  // Everything downstream indexes by these: the replay's views, the frames
  // (sized by the header's counts) and the what-if engine.
  const auto corrupt = [&](const std::string& what) {
    return StoreError{StoreErrorCode::Corrupt, m_path + ": snapshot " + std::to_string(id) + ", topology: " + what};
  };
  if (auto problem = topologyProblem(t)) return corrupt(*problem);
  if (t.devices.size() != meta.info.deviceCount || t.nodes.size() != meta.info.nodeCount)
    return corrupt(std::to_string(t.devices.size()) + " devices and " + std::to_string(t.nodes.size()) +
                   " nodes, the header says " + std::to_string(meta.info.deviceCount) + " and " +
                   std::to_string(meta.info.nodeCount));

  SqliteStatement j(m_db.get(), "SELECT chunk, data FROM job_chunk WHERE snapshot_id = ? ORDER BY chunk");
  if (!j.ok()) return fail(j.prepareResult(), "jobs");
  j.bind(1, id);
  meta.jobs.reserve(reserveFor(meta.info.jobCount));
  while ((rc = j.step()) == SQLITE_ROW) {
    if (auto error = JobCodec::decode(j.columnBlob(1), &meta.jobs))
      return StoreError{StoreErrorCode::Corrupt, m_path + ": snapshot " + std::to_string(id) + ", jobs chunk " +
                                                     std::to_string(j.columnInt(0)) + ": " + *error};
  }
  if (rc != SQLITE_DONE) return fail(rc, "jobs");
  if (meta.jobs.size() != meta.info.jobCount)
    return StoreError{StoreErrorCode::Corrupt, m_path + ": snapshot " + std::to_string(id) + " lists " +
                                                   std::to_string(meta.info.jobCount) + " jobs, its chunks hold " +
                                                   std::to_string(meta.jobs.size())};
  auto embedder = readEmbedderRow(m_db, id, m_path);
  if (auto* error = std::get_if<StoreError>(&embedder)) {
    // Damaged weights cost the map its stored layout, not the replay.
    if (error->code != StoreErrorCode::Corrupt) return *error;
    meta.embedderProblem = error->message;
  } else {
    meta.embedder = std::get<std::shared_ptr<const embed::JobMapModel>>(std::move(embedder));
  }
  return meta;
}

std::variant<std::vector<WhatIfRun>, StoreError> SnapshotStore::whatIfRuns(SnapshotId id) {
  SqliteStatement q(m_db.get(),
                    "SELECT id, created_at_ms, policy_name, policy_version, policy_json, results_json, results_blob "
                    "FROM whatif_run WHERE snapshot_id = ? ORDER BY id");
  if (!q.ok()) return m_db.error(q.prepareResult(), "reading what-if runs");
  q.bind(1, id);
  std::vector<WhatIfRun> out;
  int rc = 0;
  while ((rc = q.step()) == SQLITE_ROW) {
    WhatIfRun& r = out.emplace_back();
    r.id = q.columnInt(0);
    r.snapshot = id;
    r.createdAtMs = q.columnInt(1);
    r.policy = {q.columnText(2), q.columnAs<std::uint64_t>(3), q.columnText(4)};
    r.resultsJson = q.columnText(5);
    const auto blob = q.columnBlob(6);
    r.resultsBlob.assign(blob.begin(), blob.end());
  }
  if (rc != SQLITE_DONE) return m_db.error(rc, "reading what-if runs of snapshot " + std::to_string(id));
  return out;
}

}  // namespace hetsched
