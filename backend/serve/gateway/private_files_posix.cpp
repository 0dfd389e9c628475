#include "private_files.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <optional>
#include <stdlib.h>
#include <string>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <system_error>
#include <unistd.h>
#include <variant>

namespace hetsched {

namespace {

std::string octal(mode_t mode) {
  char text[8];
  std::snprintf(text, sizeof text, "%04o", static_cast<unsigned>(mode & 07777));
  return text;
}

std::string osError(const std::filesystem::path& path) { return path.string() + ": " + std::strerror(errno); }

// An existing directory we may keep secrets in: ours, not a link, closed
// to everyone else. Checked, never repaired: we do not chmod what we did
// not make.
std::optional<std::string> checkPrivateDirectory(const std::filesystem::path& dir) {
  struct stat st{};
  if (::lstat(dir.c_str(), &st) != 0) return osError(dir);
  if (S_ISLNK(st.st_mode)) return dir.string() + ": is a symbolic link; refusing to keep a token there";
  if (!S_ISDIR(st.st_mode)) return dir.string() + ": not a directory";
  if (st.st_uid != ::geteuid()) return dir.string() + ": belongs to another user; refusing to keep a token there";
  if ((st.st_mode & 077) != 0)
    return dir.string() + ": open to other users (mode " + octal(st.st_mode) + "); make it 0700 or remove it";
  return std::nullopt;
}

}  // namespace

std::optional<std::string> checkPrivateFile(const std::filesystem::path& path) {
  struct stat st{};
  if (::stat(path.c_str(), &st) != 0) return osError(path);
  if (!S_ISREG(st.st_mode)) return path.string() + ": not a regular file";
  if ((st.st_mode & 077) != 0)
    return path.string() + ": readable or writable by other users (mode " + octal(st.st_mode) +
           "); it holds secrets: chmod 600 " + path.string();
  return std::nullopt;
}

std::variant<std::filesystem::path, std::string> privateRuntimeDirectory() {
  if (const char* runtime = std::getenv("XDG_RUNTIME_DIR"); runtime && *runtime) {
    std::filesystem::path dir = std::filesystem::path(runtime) / "hetsched";
    if (::mkdir(dir.c_str(), 0700) != 0 && errno != EEXIST) return osError(dir);
    if (auto problem = checkPrivateDirectory(dir)) return *problem;
    return dir;
  }
  std::error_code ec;
  const std::filesystem::path temp = std::filesystem::temp_directory_path(ec);
  if (ec) return "no temp directory: " + ec.message();
  std::string pattern = (temp / "hetsched-XXXXXX").string();
  if (::mkdtemp(pattern.data()) == nullptr) return osError(pattern);  // mode 0700, made by us
  return std::filesystem::path(pattern);
}

std::optional<std::string> makePrivateDirectories(const std::filesystem::path& dir) {
  std::filesystem::path made;
  for (const auto& part : dir) {
    made /= part;
    if (made.empty() || made == made.root_path()) continue;
    if (::mkdir(made.c_str(), 0700) != 0 && errno != EEXIST) return osError(made);
  }
  struct stat st{};
  if (::stat(dir.c_str(), &st) != 0) return osError(dir);
  if (!S_ISDIR(st.st_mode)) return dir.string() + ": not a directory";
  return std::nullopt;
}

std::optional<std::string> writeNewPrivateFile(const std::filesystem::path& path, const std::string& text) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
  if (fd < 0) {
    if (errno == EEXIST)
      return path.string() +
             ": already exists (another gateway's token, or one left by a gateway that did not "
             "stop cleanly); remove it or choose another --token-out";
    return osError(path);
  }
  std::size_t written = 0;
  while (written < text.size()) {
    const ssize_t n = ::write(fd, text.data() + written, text.size() - written);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      std::string error = osError(path);
      ::close(fd);
      ::unlink(path.c_str());
      return error;
    }
    written += static_cast<std::size_t>(n);
  }
  if (::close(fd) != 0) return osError(path);
  return std::nullopt;
}

void removePrivateFileIfHolding(const std::filesystem::path& path, const std::string& text) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
  if (fd < 0) return;
  std::string held(text.size() + 1, '\0');
  const ssize_t n = ::read(fd, held.data(), held.size());
  ::close(fd);
  if (n == static_cast<ssize_t>(text.size()) && held.compare(0, text.size(), text) == 0) ::unlink(path.c_str());
}

std::variant<FileLock, std::string> FileLock::acquire(const std::filesystem::path& path) {
  const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0600);
  if (fd < 0) return osError(path);
  if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
    const int err = errno;
    ::close(fd);
    if (err == EWOULDBLOCK) return path.string() + ": in use by another hetschedd";
    errno = err;
    return osError(path);
  }
  FileLock lock;
  lock.m_handle = fd;
  return lock;
}

void FileLock::release() {
  if (m_handle >= 0) ::close(static_cast<int>(m_handle));  // closing drops the flock
  m_handle = -1;
}

}  // namespace hetsched
