#include "file_probe.h"

#include "store_error.h"

#include <array>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <ios>
#include <optional>
#include <string>
#include <system_error>

namespace hetsched {

namespace {

std::uint32_t bigEndian(const unsigned char* p, int bytes) {
  std::uint32_t v = 0;
  for (int i = 0; i < bytes; ++i) v = v << 8 | p[i];
  return v;
}

}  // namespace

std::optional<StoreError> probeSnapshotFile(const std::string& path, FileState* state, bool* walMode) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const auto status = fs::status(path, ec);
  if (ec && ec != std::errc::no_such_file_or_directory)
    return StoreError{StoreErrorCode::Io, path + ": " + ec.message()};
  if (ec || !fs::exists(status)) {
    *state = FileState::Missing;
    return std::nullopt;
  }
  if (fs::is_directory(status))
    return StoreError{StoreErrorCode::NotSqlite, path + ": a directory, not a snapshot file"};
  if (!fs::is_regular_file(status)) return StoreError{StoreErrorCode::NotSqlite, path + ": not a regular file"};
  const std::uintmax_t size = fs::file_size(path, ec);
  if (ec) return StoreError{StoreErrorCode::Io, path + ": cannot read its size: " + ec.message()};
  if (size == 0) {
    *state = FileState::Empty;
    return std::nullopt;
  }
  *state = FileState::Database;

  std::array<unsigned char, 100> header{};
  std::ifstream in(path, std::ios::binary);
  if (!in) return StoreError{StoreErrorCode::Io, path + ": cannot be opened for reading: " + std::strerror(errno)};
  in.read(reinterpret_cast<char*>(header.data()), header.size());
  const auto got = static_cast<std::size_t>(in.gcount());
  static constexpr char kMagic[] = "SQLite format 3";  // with its NUL: 16 bytes
  if (got < sizeof kMagic || std::memcmp(header.data(), kMagic, sizeof kMagic) != 0)
    return StoreError{StoreErrorCode::NotSqlite, path + ": not an SQLite database (no SQLite header)"};
  if (got < header.size())
    return StoreError{StoreErrorCode::Truncated,
                      path + ": truncated: " + std::to_string(size) + " bytes, shorter than the SQLite header"};

  // Bytes 18 and 19, the write and read versions: 2 in WAL mode.
  if (walMode) *walMode = header[18] == 2 || header[19] == 2;
  std::uint32_t pageSize = bigEndian(header.data() + 16, 2);
  if (pageSize == 1) pageSize = 65536;
  if (pageSize < 512 || (pageSize & (pageSize - 1)) != 0)
    return StoreError{StoreErrorCode::Corrupt,
                      path + ": corrupt SQLite header (page size " + std::to_string(pageSize) + ")"};
  // The page count in the header is only valid when the change counter
  // matches "version-valid-for" (SQLite file format, section 1.3.7).
  const std::uint32_t pages = bigEndian(header.data() + 28, 4);
  const bool countValid = std::memcmp(header.data() + 24, header.data() + 92, 4) == 0 && pages != 0;
  const std::uintmax_t walSize = fs::exists(path + "-wal", ec) ? fs::file_size(path + "-wal", ec) : 0;
  if (countValid && walSize == 0 && size < std::uintmax_t{pages} * pageSize)
    return StoreError{StoreErrorCode::Truncated,
                      path + ": truncated: " + std::to_string(size) + " bytes, its header says " +
                          std::to_string(std::uintmax_t{pages} * pageSize) + " (" + std::to_string(pages) +
                          " pages of " + std::to_string(pageSize) + ")"};
  return std::nullopt;
}

}  // namespace hetsched
