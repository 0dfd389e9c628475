#pragma once

#include "sqlite_db.h"
#include "store_error.h"

#include <cstdint>
#include <optional>

namespace hetsched {

// PRAGMA application_id of a snapshot file: "HSNP". Tells our files apart
// from any other SQLite database before we touch them.
inline constexpr std::int32_t kSnapshotApplicationId = 0x48534e50;
// PRAGMA user_version this build writes. Files from older builds are
// migrated forward on a read-write open; newer ones are refused.
inline constexpr int kSnapshotSchemaVersion = 3;

// Applies the migrations from `fromVersion` up to `toVersion` (1..current)
// in the caller's transaction and sets user_version. Version 0 is an empty
// file. Tests use toVersion < current to build older-schema fixtures.
std::optional<StoreError> migrateSchema(SqliteDb& db, int fromVersion, int toVersion = kSnapshotSchemaVersion);

}  // namespace hetsched
