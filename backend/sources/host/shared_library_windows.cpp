#include "shared_library.h"

#define WIN32_LEAN_AND_MEAN
#include <windows.h>

namespace hetsched {

std::unique_ptr<SharedLibrary> SharedLibrary::open(const std::string& name, std::string* why) {
  HMODULE module = LoadLibraryA(name.c_str());
  if (!module) {
    if (why) *why = name + " not loadable (error " + std::to_string(GetLastError()) + ")";
    return nullptr;
  }
  return std::unique_ptr<SharedLibrary>(new SharedLibrary(reinterpret_cast<void*>(module)));
}

SharedLibrary::~SharedLibrary() { FreeLibrary(reinterpret_cast<HMODULE>(m_handle)); }

void* SharedLibrary::symbol(const char* name) const {
  return reinterpret_cast<void*>(GetProcAddress(reinterpret_cast<HMODULE>(m_handle), name));
}

}  // namespace hetsched
