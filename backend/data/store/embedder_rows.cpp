#include "embedder_rows.h"

#include "data/embed/embedder_file.h"
#include "data/embed/job_map_model.h"
#include "data/embed/task_embedder.h"
#include "snapshot_data.h"
#include "sqlite_db.h"
#include "sqlite_statement.h"
#include "store_error.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <sqlite3.h>
#include <string>
#include <utility>
#include <variant>

namespace hetsched {

namespace {

EmbedderLayers layersOf(const embed::TaskEmbedder& e) {
  return {static_cast<std::uint32_t>(e.w1().cols()), static_cast<std::uint32_t>(e.w1().rows()),
          static_cast<std::uint32_t>(e.w2().rows())};
}

std::string describe(const EmbedderLayers& l) {
  return std::to_string(l.input) + " -> " + std::to_string(l.hidden) + " -> " + std::to_string(l.output);
}

}  // namespace

std::variant<EmbedderRow, StoreError> encodeEmbedderRow(const embed::JobMapModel& model) {
  EmbedderRow row{layersOf(model.embedder), embed::encodeEmbedder(model.features, model.embedder)};
  const embed::LoadedEmbedder check = embed::decodeEmbedder(row.bytes);
  if (check.error != embed::EmbedderFileError::None)
    return StoreError{StoreErrorCode::InvalidData,
                      "the job embedder (" + describe(row.layers) +
                          ") cannot be stored: " + std::string(embed::describe(check.error))};
  return row;
}

std::optional<StoreError> insertEmbedderRow(SqliteDb& db, SnapshotId id, const EmbedderRow& row) {
  SqliteStatement q(db.get(), "INSERT INTO embedder VALUES(?,?,?,?,?)");
  if (!q.ok()) return db.error(q.prepareResult(), "saving the job embedder");
  q.bind(1, id);
  q.bind(2, std::int64_t{row.layers.input});
  q.bind(3, std::int64_t{row.layers.hidden});
  q.bind(4, std::int64_t{row.layers.output});
  q.bindBlob(5, row.bytes);
  if (const int rc = q.step(); rc != SQLITE_DONE) return db.error(rc, "saving the job embedder");
  return std::nullopt;
}

std::variant<std::shared_ptr<const embed::JobMapModel>, StoreError> readEmbedderRow(SqliteDb& db, SnapshotId id,
                                                                                    const std::string& path) {
  const std::string where = path + ": snapshot " + std::to_string(id) + ", job embedder";
  SqliteStatement q(db.get(), "SELECT input_dim, hidden_dim, output_dim, data FROM embedder WHERE snapshot_id = ?");
  if (!q.ok()) return db.error(q.prepareResult(), "reading the " + where);
  q.bind(1, id);
  const int rc = q.step();
  if (rc == SQLITE_DONE) return std::shared_ptr<const embed::JobMapModel>();
  if (rc != SQLITE_ROW) return db.error(rc, "reading the " + where);
  const EmbedderLayers listed{q.columnAs<std::uint32_t>(0), q.columnAs<std::uint32_t>(1), q.columnAs<std::uint32_t>(2)};
  embed::LoadedEmbedder loaded = embed::decodeEmbedder(q.columnBlob(3));
  if (loaded.error != embed::EmbedderFileError::None)
    return StoreError{StoreErrorCode::Corrupt, where + ": " + std::string(embed::describe(loaded.error))};
  if (const EmbedderLayers found = layersOf(loaded.embedder); found != listed)
    return StoreError{StoreErrorCode::Corrupt,
                      where + ": the weights are " + describe(found) + ", the row says " + describe(listed)};
  auto model = std::make_shared<embed::JobMapModel>();
  model->features = std::move(loaded.features);
  model->embedder = std::move(loaded.embedder);
  return std::shared_ptr<const embed::JobMapModel>(std::move(model));
}

}  // namespace hetsched
