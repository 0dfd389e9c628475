#include "store_error.h"

#include <string_view>

namespace hetsched {

std::string_view toString(StoreErrorCode code) {
  switch (code) {
    case StoreErrorCode::NotFound: return "not-found";
    case StoreErrorCode::NotSqlite: return "not-sqlite";
    case StoreErrorCode::Truncated: return "truncated";
    case StoreErrorCode::Corrupt: return "corrupt";
    case StoreErrorCode::ForeignDatabase: return "foreign-database";
    case StoreErrorCode::NewerSchema: return "newer-schema";
    case StoreErrorCode::NeedsUpgrade: return "needs-upgrade";
    case StoreErrorCode::NoSuchSnapshot: return "no-such-snapshot";
    case StoreErrorCode::OutOfRange: return "out-of-range";
    case StoreErrorCode::InvalidData: return "invalid-data";
    case StoreErrorCode::Cancelled: return "cancelled";
    case StoreErrorCode::ReadOnly: return "read-only";
    case StoreErrorCode::Io: return "io";
  }
  return "unknown";
}

}  // namespace hetsched
