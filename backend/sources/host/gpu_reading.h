#pragma once

#include <cstdint>
#include <string>

namespace hetsched {

// One GPU as NVML reports it in one agent period, or one MIG instance of a
// GPU in MIG mode (Multi-Instance GPU: a partition with its own memory and
// compute slices). A GPU in MIG mode is followed in the list by its instances.
struct GpuReading {
  std::string name;
  double utilization = 0.0;  // 0..1
  std::uint64_t memoryTotalBytes = 0;
  std::uint64_t memoryUsedBytes = 0;
  double powerWatts = 0.0;   // 0 when the board does not measure power
  double temperatureC = 0.0;

  // A GPU in MIG mode: how many compute slices it has (7 on an A100 or
  // H100, 4 on an A30); 0 for a GPU not in MIG mode. A MIG instance: the
  // compute slices it holds.
  std::uint32_t migSlices = 0;
  // A MIG instance only: its profile as NVIDIA names it ("3g.20gb",
  // "1c.3g.20gb" for a compute instance smaller than its GPU instance), the
  // index in the reading list of the GPU it partitions, and NVML's ids.
  std::string migProfile;
  int migParent = -1;
  std::uint32_t gpuInstanceId = 0;
  std::uint32_t computeInstanceId = 0;
  std::uint32_t multiprocessors = 0;  // streaming multiprocessors, 0 when not reported

  bool isMigInstance() const { return migParent >= 0; }
};

}  // namespace hetsched
