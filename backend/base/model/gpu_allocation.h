#pragma once

#include "job.h"
#include "topology.h"

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace hetsched {

// One running job's hold on one device.
struct DeviceShare {
  JobId job = 0;
  std::uint32_t milli = 0;  // of the device's 1000 (accelerators) or its cores x 1000 (CPU sockets)

  bool operator==(const DeviceShare&) const = default;
};

// Who holds each device and how much of it, from a job list: the frame's job
// column names one job per device, but GPU shares (JobRequests::gpuMilli) put
// several on one GPU. Accelerators are exact: a whole-GPU or TPU job holds
// 1000, a share its gpuMilli. The list does not record how a CPU job split its
// cores over sockets, so a CPU job's cores are spread evenly over its sockets.
class GpuAllocation {
 public:
  GpuAllocation() = default;
  // Running jobs only; devices out of the topology's range are ignored.
  static GpuAllocation fromJobs(const Topology& topology, std::span<const Job> jobs);

  std::size_t deviceCount() const { return m_capacity.size(); }
  std::uint32_t capacityMilli(std::size_t device) const { return m_capacity[device]; }
  std::uint32_t allocatedMilli(std::size_t device) const { return m_allocated[device]; }
  std::size_t jobCount(std::size_t device) const { return m_offset[device + 1] - m_offset[device]; }
  // Largest share first.
  std::span<const DeviceShare> sharesOf(std::size_t device) const {
    return std::span(m_shares).subspan(m_offset[device], jobCount(device));
  }
  // Allocated over capacity per device, 0..1 (above 1 only if the list is
  // inconsistent): a column like Frame's, for colouring.
  const std::vector<float>& fractions() const { return m_fraction; }
  // A device held by more than one job, or by a job for part of it.
  bool isShared(std::size_t device) const;

  bool operator==(const GpuAllocation&) const = default;

 private:
  std::vector<std::uint32_t> m_capacity;
  std::vector<std::uint32_t> m_allocated;
  std::vector<std::size_t> m_offset;  // deviceCount + 1, into m_shares
  std::vector<DeviceShare> m_shares;
  std::vector<float> m_fraction;
};

}  // namespace hetsched
