#pragma once

#include "gpu_reading.h"

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

namespace hetsched {

class SharedLibrary;

// NVIDIA's management library, opened at run time (SharedLibrary) so that
// hetschedd builds and runs on machines without the driver: no library, no
// GPU or a failing nvmlInit all mean "no GPU rows", never an error.
// A GPU in MIG mode is read with its MIG instances; MIG's functions are
// optional, so a driver without them (before R450) reads every GPU whole.
class NvmlLibrary {
 public:
  // Null (with *why set) when the library or one of its functions is missing
  // or initialisation fails.
  static std::unique_ptr<NvmlLibrary> open(const std::string& soname, std::string* why);
  ~NvmlLibrary();
  NvmlLibrary(const NvmlLibrary&) = delete;
  NvmlLibrary& operator=(const NvmlLibrary&) = delete;

  std::size_t deviceCount() const { return m_devices.size(); }
  // Whether the library has the functions that list MIG instances.
  bool readsMig() const;
  // One reading per GPU found at open(); a value NVML will not give stays 0.
  // A GPU in MIG mode is followed by one reading per MIG instance it has now
  // (instances can be made and removed while the gateway runs).
  std::vector<GpuReading> read() const;

 private:
  struct Api;
  NvmlLibrary(std::unique_ptr<SharedLibrary> library, std::unique_ptr<Api> api);
  void readMigInstances(std::size_t gpu, std::vector<GpuReading>& out) const;

  std::unique_ptr<SharedLibrary> m_library;
  std::unique_ptr<Api> m_api;
  std::vector<void*> m_devices;  // nvmlDevice_t
  std::vector<std::string> m_names;
};

}  // namespace hetsched
