#pragma once

#include "device_kind.h"
#include "job.h"
#include "topology.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace hetsched {

// What an operator narrows every view to: job kinds, states, teams,
// priority classes and node groups. Within one facet any value chosen
// passes; across facets all must (kind AND state AND ...). A facet with
// nothing chosen lets everything through, so the empty filter is no filter.
struct JobFilter {
  std::uint8_t kinds = 0;       // bit 1 << JobKind
  std::uint8_t states = 0;      // bit 1 << JobState
  std::uint8_t priorities = 0;  // bit 1 << PriorityClass
  std::vector<std::string> teams;       // "" stands for jobs with no team reported
  std::vector<std::string> nodeGroups;  // nodeGroupOf() names

  bool empty() const { return !narrowsJobAttributes() && nodeGroups.empty(); }
  // Anything but node groups is chosen: the heatmap then shows only devices
  // that run a job passing it.
  bool narrowsJobAttributes() const { return kinds || states || priorities || !teams.empty(); }
  bool operator==(const JobFilter&) const = default;

  // A line that round-trips through parse (the console keeps a workspace's
  // filter in its settings): "kinds=1;states=2;priorities=0;teams=a,b;groups=gpu-a100",
  // lists only when not empty, ',' ';' and '\' in names escaped with '\'.
  std::string toText() const;
  static JobFilter parse(std::string_view text);
};

// A node's group: its name without a trailing number ("gpu-a100-007" and
// "gpu-a100-012" are both "gpu-a100"; "worker3" is "worker"), which is how
// the simulated cluster names its node groups and how most clusters name
// racks of alike machines. A name that is all number is its own group.
std::string nodeGroupOf(std::string_view nodeName);
// Every group of a topology, in node order, each once.
std::vector<std::string> nodeGroupsOf(const Topology& topology);
// Every team of a job list, sorted, each once ("" when some job has none).
std::vector<std::string> teamsOf(const std::vector<Job>& jobs);
// The device kind a job's requests route it to (GPUs, then TPUs, else CPUs).
DeviceKind neededDeviceKind(const JobRequests& requests);

}  // namespace hetsched
