#pragma once

#include "data/store/snapshot_data.h"
#include "data/store/snapshot_store.h"
#include "data/store/store_error.h"

#include <cstdint>
#include <string>
#include <variant>

namespace hetsched {

// One snapshot of a snapshot file, opened read-only with its metadata: what
// a what-if workload and a fidelity check both start from.
struct OpenedSnapshot {
  SnapshotStore store;
  std::int64_t id = 0;
  SnapshotMeta meta;
};

// `path`'s snapshot `id` (0: the newest), or why it cannot be read, naming
// the file.
std::variant<OpenedSnapshot, std::string> openSnapshot(const std::string& path, std::int64_t id);

// A store error as a message that names the file (opening errors do already,
// later ones may not).
std::string namedStoreError(const std::string& path, const StoreError& error);

}  // namespace hetsched
