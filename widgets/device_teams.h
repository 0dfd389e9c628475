#pragma once

#include "base/model/gpu_allocation.h"
#include "base/model/job.h"
#include "team_colours.h"

#include <QString>
#include <cstddef>
#include <span>
#include <unordered_map>
#include <vector>

namespace hetsched {

// Which team holds each device, worked out once per job list so that
// colouring the heatmap by team costs a frame no more than colouring it by
// allocation: a float column of codes, no strings. A device shared by
// several jobs counts for the team holding the largest part of it.
class DeviceTeams {
 public:
  DeviceTeams() = default;
  // Running jobs only, through the allocation built from the same list.
  static DeviceTeams build(const GpuAllocation& allocation, std::span<const Job> jobs, TeamColours colours);

  const TeamColours& colours() const { return m_colours; }
  std::size_t deviceCount() const { return m_codes.size(); }
  // Per device: 0 idle (or held by a job not in the list), k the team
  // colours().names[k - 1]. A column like Frame's, for colouring.
  const std::vector<float>& codes() const { return m_codes; }
  // Index into colours(), -1 when idle.
  int teamOf(std::size_t device) const { return static_cast<int>(m_codes[device]) - 1; }
  // Every team holding the device, largest part first, once each.
  std::vector<int> teamsOn(const GpuAllocation& allocation, std::size_t device) const;

 private:
  TeamColours m_colours;
  std::vector<float> m_codes;
  std::unordered_map<JobId, int> m_jobTeam;  // running jobs' team index
};

// "vision", "vision, ads" for a shared device (largest part first), or "—"
// when idle.
QString teamsText(const DeviceTeams& teams, const GpuAllocation* allocation, std::size_t device);

}  // namespace hetsched
