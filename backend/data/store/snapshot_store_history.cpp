// SnapshotStore: a device's history over a snapshot's frames, through the
// one device history use case the gateway's ring also answers with.
#include "base/history/device_history.h"
#include "base/history/device_history_query.h"
#include "snapshot_data.h"
#include "snapshot_store.h"
#include "sqlite_statement.h"
#include "store_error.h"
#include "store_history_frames.h"

#include <cstddef>
#include <cstdint>
#include <sqlite3.h>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace hetsched {

std::variant<std::vector<std::int64_t>, StoreError> SnapshotStore::frameTimes(SnapshotId id) {
  SqliteStatement q(m_db.get(), "SELECT sim_time_ms FROM frame WHERE snapshot_id = ? ORDER BY idx");
  if (!q.ok()) return m_db.error(q.prepareResult(), "reading the history's times");
  q.bind(1, id);
  std::vector<std::int64_t> times;
  int rc = SQLITE_ROW;
  while ((rc = q.step()) == SQLITE_ROW) {
    const std::int64_t t = q.columnInt(0);
    // A damaged row must not make the times go back: the history is searched by time.
    times.push_back(times.empty() || t >= times.back() ? t : times.back());
  }
  if (rc != SQLITE_DONE) return m_db.error(rc, "reading the history's times of snapshot " + std::to_string(id));
  return times;
}

std::variant<DeviceHistory, HistoryError> SnapshotStore::deviceHistory(SnapshotId id, const HistoryRequest& request) {
  const auto unreadable = [](const StoreError& e) {
    return HistoryError{HistoryError::Kind::Unreadable, "snapshot", e.message};
  };
  SqliteStatement q(m_db.get(), "SELECT device_count FROM snapshot WHERE id = ?");
  if (!q.ok()) return unreadable(m_db.error(q.prepareResult(), "reading the snapshot"));
  q.bind(1, id);
  const int rc = q.step();
  if (rc == SQLITE_DONE)
    return unreadable(StoreError{StoreErrorCode::NoSuchSnapshot, "no snapshot with id " + std::to_string(id)});
  if (rc != SQLITE_ROW) return unreadable(m_db.error(rc, "reading snapshot " + std::to_string(id)));
  const std::int64_t devices = q.columnInt(0);
  if (devices < 0) return unreadable(StoreError{StoreErrorCode::Corrupt, "a damaged device count"});
  auto times = frameTimes(id);
  if (auto* e = std::get_if<StoreError>(&times)) return unreadable(*e);
  StoreHistoryFrames frames(*this, id, static_cast<std::size_t>(devices),
                            std::get<std::vector<std::int64_t>>(std::move(times)));
  return readDeviceHistory(frames, request);
}

}  // namespace hetsched
