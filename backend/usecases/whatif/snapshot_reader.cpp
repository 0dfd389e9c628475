#include "snapshot_reader.h"

#include "data/store/snapshot_data.h"
#include "data/store/snapshot_store.h"
#include "data/store/store_error.h"

#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace hetsched {

std::string namedStoreError(const std::string& path, const StoreError& error) {
  return error.message.starts_with(path) ? error.message : path + ": " + error.message;
}

std::variant<OpenedSnapshot, std::string> openSnapshot(const std::string& path, std::int64_t id) {
  auto opened = SnapshotStore::open(path, OpenMode::ReadOnly);
  if (auto* e = std::get_if<StoreError>(&opened)) return namedStoreError(path, *e);
  SnapshotStore& store = std::get<SnapshotStore>(opened);
  if (id == 0) {
    auto list = store.list();
    if (auto* e = std::get_if<StoreError>(&list)) return namedStoreError(path, *e);
    for (const SnapshotInfo& info : std::get<std::vector<SnapshotInfo>>(list)) id = std::max(id, info.id);
    if (id == 0) return path + ": holds no snapshot";
  }
  auto meta = store.loadMeta(id);
  if (auto* e = std::get_if<StoreError>(&meta)) return namedStoreError(path, *e);
  return OpenedSnapshot{std::move(store), id, std::get<SnapshotMeta>(std::move(meta))};
}

}  // namespace hetsched
