#include "history_reader.h"

#include "base/model/frame.h"
#include "history_codec.h"
#include "snapshot_data.h"
#include "sqlite_db.h"
#include "sqlite_statement.h"
#include "store_error.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <sqlite3.h>
#include <string>
#include <variant>

namespace hetsched {

void HistoryReader::forget() {
  m_snapshot.reset();
  m_stateIndex.reset();
}

std::optional<StoreError> HistoryReader::loadShape(SqliteDb& db, SnapshotId id) {
  if (m_snapshot == id) return std::nullopt;
  forget();
  SqliteStatement q(db.get(),
                    "SELECT device_count, node_count, frame_count, keyframe_interval FROM snapshot WHERE id = ?");
  if (!q.ok()) return db.error(q.prepareResult(), "reading the snapshot");
  q.bind(1, id);
  const int rc = q.step();
  if (rc == SQLITE_DONE) return StoreError{StoreErrorCode::NoSuchSnapshot, "no snapshot with id " + std::to_string(id)};
  if (rc != SQLITE_ROW) return db.error(rc, "reading snapshot " + std::to_string(id));
  // The frame state is sized by these: a damaged header must not size it
  // at terabytes (or negative).
  constexpr std::int64_t kMost = 1 << 24;
  for (int c = 0; c < 3; ++c) {
    if (q.columnInt(c) < 0 || q.columnInt(c) > kMost)
      return StoreError{StoreErrorCode::Corrupt, "snapshot " + std::to_string(id) +
                                                     ": its header's device, node or "
                                                     "frame count is damaged (" +
                                                     std::to_string(q.columnInt(c)) + ")"};
  }
  m_devices = q.columnAs<std::size_t>(0);
  m_nodes = q.columnAs<std::size_t>(1);
  m_frames = q.columnAs<std::size_t>(2);
  m_keyframeInterval = static_cast<std::size_t>(std::max<std::int64_t>(1, q.columnInt(3)));
  m_snapshot = id;
  return std::nullopt;
}

std::variant<std::size_t, StoreError> HistoryReader::frameCount(SqliteDb& db, SnapshotId id) {
  if (auto error = loadShape(db, id)) return *error;
  return m_frames;
}

std::optional<StoreError> HistoryReader::read(SqliteDb& db, SnapshotId id, std::size_t index, Frame* out) {
  if (auto error = loadShape(db, id)) return error;
  if (index >= m_frames)
    return StoreError{StoreErrorCode::OutOfRange, "frame " + std::to_string(index) + " of snapshot " +
                                                      std::to_string(id) + ", which has " + std::to_string(m_frames) +
                                                      " frames"};
  const std::size_t key = index - index % m_keyframeInterval;
  std::size_t start = key;
  if (m_stateIndex && *m_stateIndex >= key && *m_stateIndex <= index) {
    start = *m_stateIndex + 1;
  } else {
    m_state.reset(m_devices, m_nodes);
    m_stateIndex.reset();
  }
  const std::size_t first = std::min(start, index);

  SqliteStatement q(db.get(),
                    "SELECT idx, sequence, topology_version, sim_time_ms, wall_time_ms, frames_skipped, queue, data "
                    "FROM frame WHERE snapshot_id = ? AND idx BETWEEN ? AND ? ORDER BY idx");
  if (!q.ok()) return db.error(q.prepareResult(), "reading the history");
  q.bind(1, id);
  q.bind(2, static_cast<std::int64_t>(first));
  q.bind(3, static_cast<std::int64_t>(index));
  std::size_t expect = first;
  int rc = SQLITE_ROW;
  const auto damaged = [&](const std::string& what) {
    m_stateIndex.reset();
    return StoreError{StoreErrorCode::Corrupt,
                      "snapshot " + std::to_string(id) + ", frame " + std::to_string(expect) + ": " + what};
  };
  while ((rc = q.step()) == SQLITE_ROW) {
    if (q.columnAs<std::size_t>(0) != expect) return damaged("missing from the history");
    if (expect >= start) {
      if (auto error = m_codec.decode(q.columnBlob(7), &m_state)) return damaged(*error);
      m_stateIndex = expect;
    }
    if (expect == index) {
      const auto queue = decodeQueueSummary(q.columnBlob(6));
      if (!queue) return damaged("queue summary has the wrong size");
      m_state.dequantise(out);
      out->sequence = q.columnAs<std::uint64_t>(1);
      out->topologyVersion = q.columnAs<std::uint64_t>(2);
      out->simTimeMs = q.columnInt(3);
      out->wallTimeMs = q.columnInt(4);
      out->framesSkipped = q.columnAs<std::uint64_t>(5);
      out->queue = *queue;
    }
    ++expect;
  }
  if (rc != SQLITE_DONE) {
    m_stateIndex.reset();
    return db.error(rc, "reading the history of snapshot " + std::to_string(id));
  }
  if (expect != index + 1) return damaged("missing from the history");
  return std::nullopt;
}

}  // namespace hetsched
