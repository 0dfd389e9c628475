#pragma once

#include "base/history/device_history.h"
#include "base/model/frame.h"
#include "data/store/snapshot_data.h"
#include "data/store/snapshot_store.h"  // StoreError with it
#include "data/store/store_error.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace hetsched {

// Why a file that opened still cannot be replayed.
enum class ReplayRefusal {
  NoSnapshots,  // the file holds none
  NoFrames,     // the snapshot was saved without frame history
};

// A frame asked for: by history index (clamped to the history) or by
// cluster time (the last frame at or before it).
struct ReplaySeek {
  enum class By { Index, Time };
  By by = By::Index;
  std::int64_t value = 0;
};

struct ReplayFrame {
  std::size_t index = 0;
  Frame frame;
};

// A snapshot file opened read-only for replay, the frames' one source for
// every front end: it lists the file's snapshots, loads the one chosen, and
// reads its frames and device histories. Not thread-safe (one store per
// thread): a front end keeps it on one worker.
class ReplaySource {
 public:
  static std::variant<ReplaySource, StoreError> open(const std::string& path);

  const std::string& path() const { return m_store.path(); }
  std::variant<std::vector<SnapshotInfo>, StoreError> snapshots();
  // Loads a snapshot; the frames read afterwards are its own. A store error
  // leaves the loaded one (if any) as it was.
  std::variant<SnapshotMeta, StoreError> load(SnapshotId id);
  std::optional<SnapshotId> loaded() const { return m_snapshot; }
  std::size_t frameCount() const { return m_frameCount; }

  // Nothing loaded, or no history: a StoreError with code NotFound.
  std::variant<ReplayFrame, StoreError> frame(ReplaySeek seek);
  std::variant<DeviceHistory, HistoryError> history(const HistoryRequest& request);

  // Whether what the file holds can be replayed; nullopt when it can.
  static std::optional<ReplayRefusal> refusal(const std::vector<SnapshotInfo>& snapshots);
  static std::optional<ReplayRefusal> refusal(const SnapshotInfo& snapshot);

 private:
  explicit ReplaySource(SnapshotStore store);

  SnapshotStore m_store;
  std::optional<SnapshotId> m_snapshot;
  std::size_t m_frameCount = 0;
};

}  // namespace hetsched
