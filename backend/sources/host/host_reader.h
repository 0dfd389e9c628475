#pragma once

#include "host_error.h"
#include "host_sample.h"
#include "proc_stat.h"

#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace hetsched {

class NvmlLibrary;

struct HostReaderOptions {
  // Prefix of /proc, /sys and /dev; tests point it at recorded snapshots.
  std::filesystem::path root = "/";
  // Empty: do not look for NVIDIA GPUs.
  std::string nvmlLibrary = "libnvidia-ml.so.1";
};

// Reads this machine: CPU use per package from /proc/stat deltas, memory
// from /proc/meminfo, network bytes from /proc/net/dev, NVIDIA GPUs through
// NVML and accelerators from the kernel's accel class. The first sample's
// CPU use is the average since boot (there is no earlier reading yet).
class HostReader {
 public:
  explicit HostReader(HostReaderOptions options);
  ~HostReader();
  HostReader(const HostReader&) = delete;
  HostReader& operator=(const HostReader&) = delete;

  std::variant<HostSample, HostError> sample();
  // /proc/sys/kernel/hostname under the root, else the system's name for it.
  std::string hostName() const;
  // Why NVML is not in use; empty when it is.
  const std::string& nvmlStatus() const { return m_nvmlStatus; }

 private:
  std::optional<std::string> read(const std::filesystem::path& relative) const;
  int packageOf(int cpu) const;
  std::vector<AcceleratorReading> accelerators() const;

  HostReaderOptions m_options;
  std::unique_ptr<NvmlLibrary> m_nvml;
  std::string m_nvmlStatus;
  std::optional<ProcStat> m_previous;
};

}  // namespace hetsched
