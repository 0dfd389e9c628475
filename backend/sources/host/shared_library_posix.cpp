#include "shared_library.h"

#include <dlfcn.h>
#include <memory>
#include <string>

namespace hetsched {

std::unique_ptr<SharedLibrary> SharedLibrary::open(const std::string& name, std::string* why) {
  void* handle = dlopen(name.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    if (why) *why = name + " not loadable";
    return nullptr;
  }
  return std::unique_ptr<SharedLibrary>(new SharedLibrary(handle));
}

SharedLibrary::~SharedLibrary() { dlclose(m_handle); }

void* SharedLibrary::symbol(const char* name) const { return dlsym(m_handle, name); }

}  // namespace hetsched
