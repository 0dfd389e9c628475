// FileLock's moves, the same on every platform; acquire() and release() are
// in private_files_posix.cpp and private_files_windows.cpp.
#include "private_files.h"

namespace hetsched {

FileLock::FileLock(FileLock&& other) noexcept : m_handle(other.m_handle) { other.m_handle = -1; }

FileLock& FileLock::operator=(FileLock&& other) noexcept {
  if (this != &other) {
    release();
    m_handle = other.m_handle;
    other.m_handle = -1;
  }
  return *this;
}

FileLock::~FileLock() { release(); }

}  // namespace hetsched
