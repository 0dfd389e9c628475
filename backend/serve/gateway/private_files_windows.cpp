// Windows: files under the user's profile are private by their ACLs, which
// we do not inspect; the lock uses LockFileEx. Not built or run here (no
// Windows machine): it keeps POSIX calls out of a Windows build.
#include "private_files.h"

#include <cstdlib>
#include <fstream>
#include <random>

#define WIN32_LEAN_AND_MEAN
#include <windows.h>

namespace hetsched {

std::optional<std::string> checkPrivateFile(const std::filesystem::path& path) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) return path.string() + ": not a regular file";
  return std::nullopt;
}

std::variant<std::filesystem::path, std::string> privateRuntimeDirectory() {
  const char* base = std::getenv("LOCALAPPDATA");
  std::error_code ec;
  std::filesystem::path dir =
      base && *base ? std::filesystem::path(base) / "hetsched" : std::filesystem::temp_directory_path(ec);
  if (ec) return "no temp directory: " + ec.message();
  std::random_device entropy;
  for (int attempt = 0; attempt < 16; ++attempt) {
    const std::filesystem::path candidate = dir / ("run-" + std::to_string(entropy()));
    if (std::filesystem::create_directories(candidate, ec)) return candidate;
  }
  return dir.string() + ": cannot make a private directory";
}

std::optional<std::string> makePrivateDirectories(const std::filesystem::path& dir) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) return dir.string() + ": " + ec.message();
  return std::nullopt;
}

std::optional<std::string> writeNewPrivateFile(const std::filesystem::path& path, const std::string& text) {
  const HANDLE file =
      ::CreateFileW(path.c_str(), GENERIC_WRITE, 0, nullptr, CREATE_NEW, FILE_ATTRIBUTE_NORMAL, nullptr);
  if (file == INVALID_HANDLE_VALUE) return path.string() + ": already exists or cannot be created";
  DWORD written = 0;
  const bool ok =
      ::WriteFile(file, text.data(), static_cast<DWORD>(text.size()), &written, nullptr) && written == text.size();
  ::CloseHandle(file);
  if (!ok) return path.string() + ": write failed";
  return std::nullopt;
}

void removePrivateFileIfHolding(const std::filesystem::path& path, const std::string& text) {
  std::ifstream in(path, std::ios::binary);
  std::string held((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  in.close();
  if (held == text) {
    std::error_code ec;
    std::filesystem::remove(path, ec);
  }
}

std::variant<FileLock, std::string> FileLock::acquire(const std::filesystem::path& path) {
  const HANDLE file = ::CreateFileW(path.c_str(), GENERIC_READ | GENERIC_WRITE, FILE_SHARE_READ | FILE_SHARE_WRITE,
                                    nullptr, OPEN_ALWAYS, FILE_ATTRIBUTE_NORMAL, nullptr);
  if (file == INVALID_HANDLE_VALUE) return path.string() + ": cannot open";
  OVERLAPPED whole{};
  if (!::LockFileEx(file, LOCKFILE_EXCLUSIVE_LOCK | LOCKFILE_FAIL_IMMEDIATELY, 0, MAXDWORD, MAXDWORD, &whole)) {
    ::CloseHandle(file);
    return path.string() + ": in use by another hetschedd";
  }
  FileLock lock;
  lock.m_handle = reinterpret_cast<std::intptr_t>(file);
  return lock;
}

void FileLock::release() {
  if (m_handle != -1) ::CloseHandle(reinterpret_cast<HANDLE>(m_handle));
  m_handle = -1;
}

}  // namespace hetsched
