#pragma once

#include "base/history/device_history.h"
#include "base/model/frame.h"
#include "history_reader.h"
#include "pending_file.h"
#include "snapshot_data.h"
#include "sqlite_db.h"
#include "store_error.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace hetsched {

enum class OpenMode {
  ReadOnly,   // never writes; an older schema is refused (NeedsUpgrade)
  ReadWrite,  // the file must exist; an older schema is migrated forward
  Create,     // as ReadWrite, but a missing or empty file becomes a new store,
              // which appears at the path only once its first save is complete
};

// Called while a save writes its history, inside the transaction. Return
// false to cancel: the transaction rolls back and save() reports Cancelled.
using SaveProgress = std::function<bool(std::size_t framesWritten, std::size_t frameCount)>;

// A file of cluster snapshots (SQLite, schema versioned by user_version).
// Opening checks that the file is ours and sound before anything is written.
// Nothing is ever half made: a new file is written under a temporary name
// beside the path and renamed into place when its first save commits, and a
// save into an existing file is one transaction, so a crash or a kill -9
// leaves the path absent, as it was, or complete.
// A writer works in WAL mode and leaves the file in rollback-journal mode
// when it closes, so that read-only opens (mode=ro) need no -wal or -shm
// files: they create none and work on a file the user cannot write.
// Not thread-safe: one store per thread.
class SnapshotStore {
 public:
  static std::variant<SnapshotStore, StoreError> open(const std::string& path, OpenMode mode);

  SnapshotStore(SnapshotStore&& other) noexcept;
  SnapshotStore& operator=(SnapshotStore&& other) noexcept;
  ~SnapshotStore();

  std::variant<SnapshotId, StoreError> save(const SnapshotData& data, const SaveProgress& progress = {});
  std::optional<StoreError> remove(SnapshotId id);

  std::variant<std::vector<SnapshotInfo>, StoreError> list();
  // With the job embedder, if one was saved; a damaged one fails the load
  // (Corrupt, naming the problem) rather than replaying a different map.
  std::variant<SnapshotMeta, StoreError> loadMeta(SnapshotId id);

  std::variant<std::size_t, StoreError> frameCount(SnapshotId id);
  // The history frame at `index` (0 = oldest). Sequential and nearby reads
  // reuse the previous decode; any frame costs at most one keyframe span.
  std::optional<StoreError> frameIndex(SnapshotId id, std::size_t index, Frame* out);
  // The last frame at or before simTimeMs (the first one for earlier times).
  std::variant<std::size_t, StoreError> indexAt(SnapshotId id, std::int64_t simTimeMs);
  std::optional<StoreError> frameAt(SnapshotId id, std::int64_t simTimeMs, Frame* out);
  // Cluster time of every history frame, oldest first.
  std::variant<std::vector<std::int64_t>, StoreError> frameTimes(SnapshotId id);
  // Devices' series over the snapshot's history: the same use case
  // (readDeviceHistory) that the gateway answers GetDeviceHistory with.
  std::variant<DeviceHistory, HistoryError> deviceHistory(SnapshotId id, const HistoryRequest& request);

  std::variant<WhatIfRunId, StoreError> addWhatIfRun(const WhatIfRun& run);
  std::variant<std::vector<WhatIfRun>, StoreError> whatIfRuns(SnapshotId id);

  const std::string& path() const { return m_path; }
  bool readOnly() const { return m_readOnly; }
  // The schema version found on open, before any migration.
  int openedSchemaVersion() const { return m_openedVersion; }

  // Frames between keyframes: bounds the decode work of a random seek.
  static constexpr std::size_t kKeyframeInterval = 10;

 private:
  SnapshotStore(SqliteDb db, std::string path, bool readOnly, int openedVersion);
  static std::variant<SnapshotStore, StoreError> openReadOnly(const std::string& path);
  std::optional<StoreError> writable() const;
  // After the first save into a new file: the file goes into place and the
  // store reopens it there, so later writes journal beside it.
  std::optional<StoreError> publish();
  // Back to rollback-journal mode when this writer is the file's last user.
  void settle();

  SqliteDb m_db;
  std::string m_path;
  bool m_readOnly = false;
  int m_openedVersion = 0;
  HistoryReader m_reader;
  std::optional<PendingFile> m_pending;  // a new file not yet in place
};

}  // namespace hetsched
