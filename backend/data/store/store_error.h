#pragma once

#include <string>
#include <string_view>

namespace hetsched {

enum class StoreErrorCode {
  NotFound,          // no file at the path
  NotSqlite,         // the file is not an SQLite database at all (text, random bytes, empty)
  Truncated,         // shorter than its own header says
  Corrupt,           // SQLite's quick_check or a history blob failed
  ForeignDatabase,   // an SQLite database, but not a HetSched snapshot file
  NewerSchema,       // written by a newer HetSched; we refuse rather than guess
  NeedsUpgrade,      // older schema opened read-only: upgrading would write
  NoSuchSnapshot,
  OutOfRange,        // frame index past the end of the history
  InvalidData,       // the caller's data disagrees with itself (column lengths vs topology)
  Cancelled,         // the save's progress callback asked to stop; nothing was written
  ReadOnly,
  Io,                // any other SQLite failure (disk full, locked, I/O error)
};

std::string_view toString(StoreErrorCode code);

// A failure with a message naming what went wrong (the file, the check, the
// field), for logs and the CLI; the GUI translates from the code.
struct StoreError {
  StoreErrorCode code = StoreErrorCode::Io;
  std::string message;
};

}  // namespace hetsched
