#include "replay_source.h"

#include "base/history/device_history.h"
#include "data/store/snapshot_data.h"
#include "data/store/snapshot_store.h"
#include "data/store/store_error.h"

#include <algorithm>
#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace hetsched {

ReplaySource::ReplaySource(SnapshotStore store) : m_store(std::move(store)) {}

std::variant<ReplaySource, StoreError> ReplaySource::open(const std::string& path) {
  auto opened = SnapshotStore::open(path, OpenMode::ReadOnly);
  if (auto* e = std::get_if<StoreError>(&opened)) return std::move(*e);
  return ReplaySource(std::get<SnapshotStore>(std::move(opened)));
}

std::variant<std::vector<SnapshotInfo>, StoreError> ReplaySource::snapshots() { return m_store.list(); }

std::variant<SnapshotMeta, StoreError> ReplaySource::load(SnapshotId id) {
  auto meta = m_store.loadMeta(id);
  if (const auto* m = std::get_if<SnapshotMeta>(&meta)) {
    m_snapshot = id;
    m_frameCount = m->info.frameCount;
  }
  return meta;
}

std::variant<ReplayFrame, StoreError> ReplaySource::frame(ReplaySeek seek) {
  if (!m_snapshot) return StoreError{.code = StoreErrorCode::NoSuchSnapshot, .message = "no snapshot loaded to replay"};
  if (m_frameCount == 0)
    return StoreError{.code = StoreErrorCode::OutOfRange, .message = "the snapshot has no frame history"};
  ReplayFrame out;
  if (seek.by == ReplaySeek::By::Time) {
    auto at = m_store.indexAt(*m_snapshot, seek.value);
    if (auto* e = std::get_if<StoreError>(&at)) return std::move(*e);
    out.index = std::get<std::size_t>(at);
  } else {
    out.index = seek.value <= 0 ? 0 : std::min(static_cast<std::size_t>(seek.value), m_frameCount - 1);
  }
  if (auto e = m_store.frameIndex(*m_snapshot, out.index, &out.frame)) return std::move(*e);
  return out;
}

std::variant<DeviceHistory, HistoryError> ReplaySource::history(const HistoryRequest& request) {
  if (!m_snapshot)
    return HistoryError{.kind = HistoryError::Kind::Unreadable, .field = "snapshot", .problem = "none loaded"};
  return m_store.deviceHistory(*m_snapshot, request);
}

std::optional<ReplayRefusal> ReplaySource::refusal(const std::vector<SnapshotInfo>& snapshots) {
  if (snapshots.empty()) return ReplayRefusal::NoSnapshots;
  return std::nullopt;
}

std::optional<ReplayRefusal> ReplaySource::refusal(const SnapshotInfo& snapshot) {
  if (snapshot.frameCount == 0) return ReplayRefusal::NoFrames;
  return std::nullopt;
}

}  // namespace hetsched
