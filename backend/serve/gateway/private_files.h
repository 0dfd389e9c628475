#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <variant>

// Files only this user may read: the gateway's tokens and the token it
// writes. Platform code lives in private_files_posix.cpp and
// private_files_windows.cpp, so nothing POSIX-only reaches a Windows build.
namespace hetsched {

// Why `path` may not hold secrets: not a regular file, or readable or
// writable by other users (POSIX mode bits; on Windows, not checked).
std::optional<std::string> checkPrivateFile(const std::filesystem::path& path);

// A directory only this user can enter, for the token the gateway writes:
// `$XDG_RUNTIME_DIR/hetsched`, made with mode 0700 when missing and
// refused (never chmodded) when it is a link, another user's or open to
// others; without XDG_RUNTIME_DIR a fresh directory the call creates itself
// (mkdtemp) under the temp directory, whose name nobody can predict.
std::variant<std::filesystem::path, std::string> privateRuntimeDirectory();

// Makes `dir` and any missing parents, each new one with mode 0700 (existing
// ones are left as they are); an error message when it cannot.
std::optional<std::string> makePrivateDirectories(const std::filesystem::path& dir);

// Creates `path` (mode 0600) and writes `text`; refuses an existing file or
// a symbolic link in its place rather than reuse or follow it.
std::optional<std::string> writeNewPrivateFile(const std::filesystem::path& path, const std::string& text);

// Removes `path` if it still holds `text`: a gateway takes back only the
// token it wrote.
void removePrivateFileIfHolding(const std::filesystem::path& path, const std::string& text);

// An exclusive advisory lock on `path` (created if missing), held until the
// object goes: two gateways never append to one audit log. Released by the
// system when the process dies, however it dies.
class FileLock {
 public:
  static std::variant<FileLock, std::string> acquire(const std::filesystem::path& path);
  FileLock(FileLock&& other) noexcept;
  FileLock& operator=(FileLock&& other) noexcept;
  FileLock(const FileLock&) = delete;
  FileLock& operator=(const FileLock&) = delete;
  ~FileLock();

 private:
  FileLock() = default;
  void release();
  std::intptr_t m_handle = -1;
};

}  // namespace hetsched
