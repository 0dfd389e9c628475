#pragma once

#include <memory>
#include <string>

namespace hetsched {

// A shared library opened at run time (dlopen on Linux and macOS,
// LoadLibrary on Windows: shared_library_posix.cpp, shared_library_windows.cpp),
// so that a vendor library such as NVML is used where it is installed and
// never needed to build or start.
class SharedLibrary {
 public:
  // Null, with *why set, when the library cannot be loaded.
  static std::unique_ptr<SharedLibrary> open(const std::string& name, std::string* why);
  ~SharedLibrary();
  SharedLibrary(const SharedLibrary&) = delete;
  SharedLibrary& operator=(const SharedLibrary&) = delete;

  // The address of an exported function, or null.
  void* symbol(const char* name) const;

 private:
  explicit SharedLibrary(void* handle) : m_handle(handle) {}
  void* m_handle;
};

}  // namespace hetsched
