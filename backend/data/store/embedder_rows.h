#pragma once

#include "snapshot_data.h"
#include "sqlite_db.h"
#include "store_error.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace hetsched {

// A snapshot's job embedder as the embedder table stores it: the layer
// sizes as columns and the weights in data/embed/embedder_file's format.
struct EmbedderRow {
  EmbedderLayers layers;
  std::vector<std::uint8_t> bytes;
};

// Encodes `model` and reads the bytes back, so that a save never writes an
// embedder it could not load (InvalidData names why).
std::variant<EmbedderRow, StoreError> encodeEmbedderRow(const embed::JobMapModel& model);
// In the caller's transaction.
std::optional<StoreError> insertEmbedderRow(SqliteDb& db, SnapshotId id, const EmbedderRow& row);
// Null when the snapshot has no embedder; Corrupt, naming the problem, when
// the blob does not decode or disagrees with its layer columns.
std::variant<std::shared_ptr<const embed::JobMapModel>, StoreError> readEmbedderRow(SqliteDb& db, SnapshotId id,
                                                                                    const std::string& path);

}  // namespace hetsched
