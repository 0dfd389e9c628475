#pragma once

#include "store_error.h"

#include <optional>
#include <string>

namespace hetsched {

enum class FileState { Missing, Empty, Database };

// Looks at a file before SQLite does: SQLite happily "opens" a text file or
// a half-copied database and only fails later, and may write to it first.
// Checks the 16-byte magic and that the file holds as many pages as its
// header claims (skipped while a write-ahead log is present, which SQLite
// replays first). Errors name the file and what is wrong with it.
// `walMode`, when given, says whether the header is in write-ahead-log mode
// (a file a writer has open, or one an older HetSched left so).
std::optional<StoreError> probeSnapshotFile(const std::string& path, FileState* state, bool* walMode = nullptr);

}  // namespace hetsched
