#include "pending_file.h"

#include "store_error.h"

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <optional>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string>
#include <sys/stat.h>
#include <sys/types.h>
#include <system_error>
#include <unistd.h>
#include <utility>
#include <variant>
#include <vector>

namespace hetsched {

namespace {

namespace fs = std::filesystem;

// ".<name>.<pid>.": what every temporary file of a save of `target` starts
// with, so leftovers are found by name and their owner by its pid.
std::string prefixOf(const fs::path& target) { return "." + target.filename().string() + "."; }

fs::path folderOf(const std::string& target) {
  const fs::path parent = fs::path(target).parent_path();
  return parent.empty() ? fs::path(".") : parent;
}

std::string reason() { return std::strerror(errno); }

StoreErrorCode codeFor(int error) {
  switch (error) {
    case EACCES:
    case EPERM:
    case EROFS: return StoreErrorCode::ReadOnly;
    case ENOENT:
    case ENOTDIR: return StoreErrorCode::NotFound;
    default: return StoreErrorCode::Io;
  }
}

bool syncPath(const std::string& path, int flags) {
  const int fd = ::open(path.c_str(), flags | O_CLOEXEC);
  if (fd < 0) return false;
  const bool ok = ::fsync(fd) == 0;
  ::close(fd);
  return ok;
}

// rename() that never replaces: a file that appeared at the target while we
// were saving is someone else's.
int renameNoReplace(const char* from, const char* to) {
  if (::renameat2(AT_FDCWD, from, AT_FDCWD, to, RENAME_NOREPLACE) == 0) return 0;
  if (errno != EINVAL && errno != ENOSYS) return -1;
  // A filesystem without RENAME_NOREPLACE: link() refuses an existing name.
  if (::link(from, to) == 0) return ::unlink(from) == 0 || errno == ENOENT ? 0 : -1;
  if (errno == EEXIST) return -1;
  struct stat st{};
  if (::lstat(to, &st) == 0) return errno = EEXIST, -1;
  return ::rename(from, to);
}

// mkstemp makes files 0600; a snapshot file gets what open(2) would give it
// (0666 less the umask), or the mode of the empty file it replaces.
mode_t newFileMode(const std::string& target, bool replaceEmpty) {
  struct stat st{};
  if (replaceEmpty && ::stat(target.c_str(), &st) == 0) return st.st_mode & 07777;
  mode_t umask = 022;
  // Read, not set: umask(2) would change it for every thread meanwhile.
  if (std::FILE* status = std::fopen("/proc/self/status", "re")) {
    char line[128];
    while (std::fgets(line, sizeof line, status)) {
      unsigned value = 0;
      if (std::sscanf(line, "Umask: %o", &value) == 1) {
        umask = static_cast<mode_t>(value);
        break;
      }
    }
    std::fclose(status);
  }
  return 0666 & ~umask;
}

}  // namespace

void removeAbandonedPendingFiles(const std::string& target) {
  const std::string prefix = prefixOf(target);
  std::error_code ec;
  std::vector<fs::path> abandoned;
  for (const fs::directory_entry& entry : fs::directory_iterator(folderOf(target), ec)) {
    const std::string name = entry.path().filename().string();
    if (!name.starts_with(prefix) || name.find(".saving") == std::string::npos) continue;
    const std::string rest = name.substr(prefix.size());
    char* end = nullptr;
    const long pid = std::strtol(rest.c_str(), &end, 10);
    if (end == rest.c_str() || *end != '.' || pid <= 0) continue;
    if (::kill(static_cast<pid_t>(pid), 0) == 0 || errno != ESRCH) continue;  // alive, or not ours to judge
    abandoned.push_back(entry.path());
  }
  for (const fs::path& p : abandoned) fs::remove(p, ec);
}

std::variant<PendingFile, StoreError> PendingFile::create(const std::string& target, bool replaceEmpty) {
  removeAbandonedPendingFiles(target);
  const fs::path folder = folderOf(target);
  std::string name = (folder / prefixOf(target)).string() + std::to_string(::getpid()) + ".XXXXXX.saving";
  const int fd = ::mkostemps(name.data(), 7, O_CLOEXEC);
  if (fd < 0) {
    const int error = errno;
    return StoreError{codeFor(error),
                      target + ": cannot create a file in " + folder.string() + ": " + std::strerror(error)};
  }
  (void)::fchmod(fd, newFileMode(target, replaceEmpty));
  ::close(fd);
  return PendingFile(std::move(name), target, replaceEmpty);
}

PendingFile::PendingFile(PendingFile&& other) noexcept
    : m_temp(std::exchange(other.m_temp, {})),
      m_target(std::move(other.m_target)),
      m_replaceEmpty(other.m_replaceEmpty) {}

PendingFile& PendingFile::operator=(PendingFile&& other) noexcept {
  if (this != &other) {
    discard();
    m_temp = std::exchange(other.m_temp, {});
    m_target = std::move(other.m_target);
    m_replaceEmpty = other.m_replaceEmpty;
  }
  return *this;
}

PendingFile::~PendingFile() { discard(); }

void PendingFile::discard() {
  if (m_temp.empty()) return;
  for (const char* suffix : {"", "-journal", "-wal", "-shm"}) ::unlink((m_temp + suffix).c_str());
  m_temp.clear();
}

std::optional<StoreError> PendingFile::publish() {
  if (m_temp.empty()) return StoreError{StoreErrorCode::Io, m_target + ": nothing to put in place"};
  if (!syncPath(m_temp, O_RDONLY))
    return StoreError{StoreErrorCode::Io, m_target + ": cannot flush the new file to disk: " + reason()};
  int rc = 0;
  struct stat st{};
  if (m_replaceEmpty && ::stat(m_target.c_str(), &st) == 0 && S_ISREG(st.st_mode) && st.st_size == 0)
    rc = ::rename(m_temp.c_str(), m_target.c_str());
  else rc = renameNoReplace(m_temp.c_str(), m_target.c_str());
  if (rc != 0) {
    if (errno == EEXIST)
      return StoreError{StoreErrorCode::Io,
                        m_target + ": a file appeared there while the snapshot was being saved; it was left as it is"};
    return StoreError{codeFor(errno), m_target + ": cannot put the new file in place: " + reason()};
  }
  m_temp.clear();
  // The rename is durable only once the folder is; a failure here loses
  // nothing that is already visible, so it is not reported.
  syncPath(folderOf(m_target).string(), O_RDONLY | O_DIRECTORY);
  return std::nullopt;
}

}  // namespace hetsched
