// SnapshotStore::save and what-if runs: everything that writes.
#include "base/model/device_model.h"
#include "base/model/frame.h"
#include "base/model/job.h"
#include "base/model/topology.h"
#include "embedder_rows.h"
#include "history_codec.h"
#include "job_codec.h"
#include "quantised_frame.h"
#include "snapshot_data.h"
#include "snapshot_store.h"
#include "sqlite_statement.h"
#include "sqlite_transaction.h"
#include "store_error.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <sqlite3.h>
#include <string>
#include <thread>
#include <utility>
#include <variant>
#include <vector>

namespace hetsched {

namespace {

std::optional<StoreError> validate(const SnapshotData& d) {
  const Topology& t = d.topology;
  const std::size_t n = t.devices.size();
  const std::size_t nodes = t.nodes.size();
  for (std::size_t i = 0; i < n; ++i) {
    if (t.devices[i].model >= t.models.size() || t.devices[i].node >= nodes)
      return StoreError{StoreErrorCode::InvalidData,
                        "topology device " + std::to_string(i) + " names a model or node that does not exist"};
  }
  const auto bad = [](std::size_t frame, const char* column, std::size_t got, std::size_t want) {
    return StoreError{StoreErrorCode::InvalidData, "history frame " + std::to_string(frame) + ": " + column + " has " +
                                                       std::to_string(got) + " entries, the topology " +
                                                       std::to_string(want)};
  };
  for (std::size_t f = 0; f < d.history.size(); ++f) {
    const Frame& fr = d.history[f];
    if (fr.utilization.size() != n) return bad(f, "utilization", fr.utilization.size(), n);
    if (fr.memoryUsed.size() != n) return bad(f, "memoryUsed", fr.memoryUsed.size(), n);
    if (fr.powerWatts.size() != n) return bad(f, "powerWatts", fr.powerWatts.size(), n);
    if (fr.temperatureC.size() != n) return bad(f, "temperatureC", fr.temperatureC.size(), n);
    if (fr.job.size() != n) return bad(f, "job", fr.job.size(), n);
    if (fr.nodeUp.size() != nodes) return bad(f, "nodeUp", fr.nodeUp.size(), nodes);
    if (f > 0 && fr.simTimeMs < d.history[f - 1].simTimeMs)
      return StoreError{StoreErrorCode::InvalidData,
                        "history frame " + std::to_string(f) + " is earlier than the frame before it"};
  }
  return std::nullopt;
}

// Frames are independent once their predecessor is known, so the history
// is encoded on all cores, while the calling thread writes the rows.
class HistoryEncoder {
 public:
  HistoryEncoder(const std::vector<Frame>& history, std::size_t keyframe)
      : m_history(history), m_keyframe(keyframe), m_blobs(history.size()) {
    const std::size_t workers =
        std::clamp<std::size_t>(std::thread::hardware_concurrency(), 1, std::max<std::size_t>(1, history.size() / 16));
    const std::size_t per = (history.size() + workers - 1) / workers;
    for (std::size_t begin = 0; begin < history.size(); begin += per)
      m_threads.emplace_back([this, begin, per] { encode(begin, std::min(m_history.size(), begin + per)); });
  }

  // Waits for the workers; the blobs are then complete.
  const std::vector<std::vector<std::uint8_t>>& blobs() {
    m_threads.clear();
    return m_blobs;
  }

 private:
  void encode(std::size_t begin, std::size_t end) {
    HistoryCodec codec;
    QuantisedFrame prev;
    QuantisedFrame cur;
    if (begin % m_keyframe != 0) prev.quantise(m_history[begin - 1]);
    for (std::size_t i = begin; i < end; ++i) {
      cur.quantise(m_history[i]);
      codec.encode(i % m_keyframe == 0 ? nullptr : &prev, cur, &m_blobs[i]);
      std::swap(prev, cur);
    }
  }

  const std::vector<Frame>& m_history;
  std::size_t m_keyframe;
  std::vector<std::vector<std::uint8_t>> m_blobs;
  std::vector<std::jthread> m_threads;  // declared last: joined before the blobs go
};

using I64 = std::int64_t;

}  // namespace

std::variant<SnapshotId, StoreError> SnapshotStore::save(const SnapshotData& d, const SaveProgress& progress) {
  if (auto error = writable()) return *error;
  if (auto error = validate(d)) return *error;
  std::optional<EmbedderRow> embedder;
  if (d.embedder) {
    auto row = encodeEmbedderRow(*d.embedder);
    if (auto* e = std::get_if<StoreError>(&row)) return *e;
    embedder = std::get<EmbedderRow>(std::move(row));
  }
  HistoryEncoder encoder(d.history, kKeyframeInterval);

  m_reader.forget();
  SqliteTransaction tx(m_db);
  if (tx.beginResult() != SQLITE_OK) return m_db.error(tx.beginResult(), m_path + ": starting the save");
  const auto fail = [&](int rc, const char* what) { return m_db.error(rc, m_path + ": saving " + what); };
  const Topology& t = d.topology;

  SqliteStatement s(m_db.get(),
                    "INSERT INTO snapshot(name, taken_at_ms, cluster_name, source, topology_version, agent_period_ms, "
                    "device_count, node_count, job_count, frame_count, first_sim_ms, last_sim_ms, keyframe_interval, "
                    "policy_name, policy_version, policy_json) "
                    "VALUES(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)");
  if (!s.ok()) return fail(s.prepareResult(), "the snapshot");
  s.bindText(1, d.name);
  s.bind(2, I64{d.takenAtMs});
  s.bindText(3, t.clusterName);
  s.bindText(4, t.source);
  s.bind(5, static_cast<I64>(t.version));
  s.bind(6, I64{t.agentPeriodMs});
  s.bind(7, static_cast<I64>(t.devices.size()));
  s.bind(8, static_cast<I64>(t.nodes.size()));
  s.bind(9, static_cast<I64>(d.jobs.size()));
  s.bind(10, static_cast<I64>(d.history.size()));
  s.bind(11, d.history.empty() ? I64{0} : d.history.front().simTimeMs);
  s.bind(12, d.history.empty() ? I64{0} : d.history.back().simTimeMs);
  s.bind(13, static_cast<I64>(kKeyframeInterval));
  s.bindText(14, d.policy.name);
  s.bind(15, static_cast<I64>(d.policy.version));
  s.bindText(16, d.policy.json);
  if (const int rc = s.step(); rc != SQLITE_DONE) return fail(rc, "the snapshot");
  const SnapshotId id = sqlite3_last_insert_rowid(m_db.get());

  SqliteStatement m(m_db.get(), "INSERT INTO device_model VALUES(?,?,?,?,?,?,?,?,?,?,?)");
  if (!m.ok()) return fail(m.prepareResult(), "device models");
  for (std::size_t i = 0; i < t.models.size(); ++i) {
    const DeviceModel& dm = t.models[i];
    m.bind(1, id);
    m.bind(2, static_cast<I64>(i));
    m.bindText(3, dm.name);
    m.bind(4, static_cast<I64>(dm.kind));
    m.bind(5, dm.peakTflops);
    m.bind(6, dm.tdpWatts);
    m.bind(7, dm.idleWatts);
    m.bind(8, static_cast<I64>(dm.memoryMib));
    m.bind(9, dm.memoryBandwidthGbps);
    m.bind(10, dm.instructionLatencyNs);
    m.bind(11, I64{dm.cores});
    if (const int rc = m.step(); rc != SQLITE_DONE) return fail(rc, "device models");
    m.reset();
  }
  SqliteStatement nq(m_db.get(), "INSERT INTO node VALUES(?,?,?,?,?,?,?,?)");
  if (!nq.ok()) return fail(nq.prepareResult(), "nodes");
  for (std::size_t i = 0; i < t.nodes.size(); ++i) {
    const NodeInfo& n = t.nodes[i];
    nq.bind(1, id);
    nq.bind(2, static_cast<I64>(i));
    nq.bindText(3, n.name);
    nq.bind(4, static_cast<I64>(n.kind));
    nq.bind(5, I64{n.firstDevice});
    nq.bind(6, I64{n.deviceCount});
    nq.bind(7, I64{n.cpuMilli});
    nq.bind(8, static_cast<I64>(n.memoryMib));
    if (const int rc = nq.step(); rc != SQLITE_DONE) return fail(rc, "nodes");
    nq.reset();
  }
  SqliteStatement dq(m_db.get(), "INSERT INTO device VALUES(?,?,?,?,?)");
  if (!dq.ok()) return fail(dq.prepareResult(), "devices");
  for (std::size_t i = 0; i < t.devices.size(); ++i) {
    dq.bind(1, id);
    dq.bind(2, static_cast<I64>(i));
    dq.bind(3, I64{t.devices[i].node});
    dq.bind(4, I64{t.devices[i].slot});
    dq.bind(5, I64{t.devices[i].model});
    if (const int rc = dq.step(); rc != SQLITE_DONE) return fail(rc, "devices");
    dq.reset();
  }
  SqliteStatement jq(m_db.get(), "INSERT INTO job_chunk VALUES(?,?,?,?)");
  if (!jq.ok()) return fail(jq.prepareResult(), "jobs");
  const std::span<const Job> jobs(d.jobs);
  for (std::size_t begin = 0, chunk = 0; begin < jobs.size(); begin += JobCodec::kChunkJobs, ++chunk) {
    const auto part = jobs.subspan(begin, std::min(JobCodec::kChunkJobs, jobs.size() - begin));
    const std::vector<std::uint8_t> blob = JobCodec::encode(part);
    jq.bind(1, id);
    jq.bind(2, static_cast<I64>(chunk));
    jq.bind(3, static_cast<I64>(part.size()));
    jq.bindBlob(4, blob);
    if (const int rc = jq.step(); rc != SQLITE_DONE) return fail(rc, "jobs");
    jq.reset();
  }
  if (embedder) {
    if (auto error = insertEmbedderRow(m_db, id, *embedder))
      return StoreError{error->code, m_path + ": " + error->message};
  }
  const auto& blobs = encoder.blobs();
  std::uint64_t historyBytes = 0;
  SqliteStatement fq(m_db.get(), "INSERT INTO frame VALUES(?,?,?,?,?,?,?,?,?)");
  if (!fq.ok()) return fail(fq.prepareResult(), "the history");
  for (std::size_t i = 0; i < d.history.size(); ++i) {
    const Frame& f = d.history[i];
    const std::vector<std::uint8_t> queue = encodeQueueSummary(f.queue);
    fq.bind(1, id);
    fq.bind(2, static_cast<I64>(i));
    fq.bind(3, static_cast<I64>(f.sequence));
    fq.bind(4, static_cast<I64>(f.topologyVersion));
    fq.bind(5, I64{f.simTimeMs});
    fq.bind(6, I64{f.wallTimeMs});
    fq.bind(7, static_cast<I64>(f.framesSkipped));
    fq.bindBlob(8, queue);
    fq.bindBlob(9, blobs[i]);
    historyBytes += blobs[i].size();
    if (const int rc = fq.step(); rc != SQLITE_DONE) return fail(rc, "the history");
    fq.reset();
    if (progress && !progress(i + 1, d.history.size()))
      return StoreError{StoreErrorCode::Cancelled, m_path + ": save cancelled; nothing was written"};
  }
  SqliteStatement size(m_db.get(), "UPDATE snapshot SET history_bytes = ? WHERE id = ?");
  if (!size.ok()) return fail(size.prepareResult(), "the history size");
  size.bind(1, static_cast<I64>(historyBytes));
  size.bind(2, id);
  if (const int rc = size.step(); rc != SQLITE_DONE) return fail(rc, "the history size");
  if (const int rc = tx.commit(); rc != SQLITE_OK) return fail(rc, "(commit)");
  if (m_pending) {
    if (auto error = publish()) return *error;
  }
  return id;
}

std::variant<WhatIfRunId, StoreError> SnapshotStore::addWhatIfRun(const WhatIfRun& run) {
  if (auto error = writable()) return *error;
  SqliteStatement q(m_db.get(),
                    "INSERT INTO whatif_run(snapshot_id, created_at_ms, policy_name, policy_version, policy_json, "
                    "results_json, results_blob) VALUES(?,?,?,?,?,?,?)");
  if (!q.ok()) return m_db.error(q.prepareResult(), "saving a what-if run");
  q.bind(1, run.snapshot);
  q.bind(2, I64{run.createdAtMs});
  q.bindText(3, run.policy.name);
  q.bind(4, static_cast<I64>(run.policy.version));
  q.bindText(5, run.policy.json);
  q.bindText(6, run.resultsJson);
  q.bindBlob(7, run.resultsBlob);
  const int rc = q.step();
  if ((rc & 0xff) == SQLITE_CONSTRAINT)
    return StoreError{StoreErrorCode::NoSuchSnapshot,
                      "what-if run for snapshot " + std::to_string(run.snapshot) + ", which does not exist"};
  if (rc != SQLITE_DONE) return m_db.error(rc, "saving a what-if run");
  return WhatIfRunId{sqlite3_last_insert_rowid(m_db.get())};
}

}  // namespace hetsched
