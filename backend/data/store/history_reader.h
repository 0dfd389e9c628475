#pragma once

#include "base/model/frame.h"
#include "history_codec.h"
#include "quantised_frame.h"
#include "snapshot_data.h"
#include "sqlite_db.h"
#include "store_error.h"

#include <cstddef>
#include <optional>
#include <variant>

namespace hetsched {

// Reads history frames of one snapshot at a time, keeping the last decoded
// frame so that playing forward costs one delta per frame and a seek costs
// at most one keyframe interval of deltas.
class HistoryReader {
 public:
  std::optional<StoreError> read(SqliteDb& db, SnapshotId id, std::size_t index, Frame* out);
  std::variant<std::size_t, StoreError> frameCount(SqliteDb& db, SnapshotId id);
  // After a write: ids may be reused once a snapshot is removed.
  void forget();

 private:
  std::optional<StoreError> loadShape(SqliteDb& db, SnapshotId id);

  std::optional<SnapshotId> m_snapshot;
  std::size_t m_devices = 0;
  std::size_t m_nodes = 0;
  std::size_t m_frames = 0;
  std::size_t m_keyframeInterval = 1;
  QuantisedFrame m_state;
  std::optional<std::size_t> m_stateIndex;
  HistoryCodec m_codec;
};

}  // namespace hetsched
