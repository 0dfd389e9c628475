#pragma once

#include "gpu_reading.h"

#include <memory>
#include <string>
#include <vector>

namespace hetsched {

class SharedLibrary;

// NVIDIA's management library, opened at run time (SharedLibrary) so that
// hetschedd builds and runs on machines without the driver: no library, no
// GPU or a failing nvmlInit all mean "no GPU rows", never an error.
class NvmlLibrary {
 public:
  // Null (with *why set) when the library or one of its functions is missing
  // or initialisation fails.
  static std::unique_ptr<NvmlLibrary> open(const std::string& soname, std::string* why);
  ~NvmlLibrary();
  NvmlLibrary(const NvmlLibrary&) = delete;
  NvmlLibrary& operator=(const NvmlLibrary&) = delete;

  std::size_t deviceCount() const { return m_devices.size(); }
  // One reading per GPU found at open(); a value NVML will not give stays 0.
  std::vector<GpuReading> read() const;

 private:
  struct Api;
  NvmlLibrary(std::unique_ptr<SharedLibrary> library, std::unique_ptr<Api> api);

  std::unique_ptr<SharedLibrary> m_library;
  std::unique_ptr<Api> m_api;
  std::vector<void*> m_devices;  // nvmlDevice_t
  std::vector<std::string> m_names;
};

}  // namespace hetsched
