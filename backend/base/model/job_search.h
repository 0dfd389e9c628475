#pragma once

#include "device_kind.h"
#include "job.h"
#include "job_filter.h"
#include "topology.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace hetsched {

// What a search found: jobs, nodes, and the devices to highlight (those of
// the nodes found and those the jobs found run on), each sorted.
struct SearchHits {
  std::vector<JobId> jobs;
  std::vector<std::uint32_t> nodes;
  std::vector<std::uint32_t> devices;

  bool empty() const { return jobs.empty() && nodes.empty(); }
  bool operator==(const SearchHits&) const = default;
};

// Finds jobs and nodes by what an operator types: words separated by
// spaces, every word must match (case does not matter). A word matches a job
// by its id ("123", or "#123" for the id alone), a part of its name, owner or
// team, its kind ("training"), state ("queued"/"waiting", "running",
// "completed"/"finished", "unschedulable"/"refused"), priority class ("high")
// or its node's name; and a node by a part of its name, or one device as
// "node/slot". A JobFilter narrows what is found (and alone, with no words,
// says what every view shows). Built once per job list, so a search is one
// pass over flat, lower-cased text.
class SearchIndex {
 public:
  void rebuild(const Topology& topology, std::span<const Job> jobs);
  SearchHits find(std::string_view query, const JobFilter& filter = {}) const;
  // What the filter lets through: its jobs, the nodes of its node groups
  // (all without one) and the devices to show: those of its node groups,
  // narrowed to the devices running a job that passes when the filter names
  // kinds, states, teams or priorities. The empty filter lets all through.
  // A job passes a node group by its current or last node; one that never
  // ran, when the group has the kind of device it asks for.
  SearchHits filtered(const JobFilter& filter) const;
  // The teams of the jobs indexed (sorted, "" for none reported) and the
  // node groups of the topology (in node order): what a filter can choose.
  const std::vector<std::string>& teams() const { return m_teamNames; }
  const std::vector<std::string>& nodeGroups() const { return m_groupNames; }
  std::size_t jobCount() const { return m_jobs.size(); }

 private:
  struct Entry {
    JobId id = 0;
    std::uint32_t nameOffset = 0;
    std::uint32_t nameLength = 0;     // name, owner and team, '\n' between
    std::uint32_t node = UINT32_MAX;  // UINT32_MAX: not on a node
    std::uint32_t lastNode = UINT32_MAX;  // where it runs or last ran
    std::uint32_t team = 0;               // into m_teamNames
    DeviceKind needs = DeviceKind::Cpu;
    std::uint32_t firstDevice = 0;
    std::uint32_t deviceCount = 0;  // into m_jobDevices
    JobKind kind = JobKind::Service;
    JobState state = JobState::Queued;
    PriorityClass priority = PriorityClass::Middle;
  };
  struct Term {
    std::string text;
    std::int64_t id = -1;     // the word as a job id, if it is one
    bool idOnly = false;      // "#123": the id and nothing else
    int kind = -1, state = -1, priority = -1;
    std::int64_t slot = -1;   // "node/slot"
    std::string slotNode;
  };
  // A filter resolved against this index: per team and per node group,
  // whether it is chosen.
  struct Resolved {
    const JobFilter* filter = nullptr;
    std::vector<std::uint8_t> team;   // empty: any team
    std::vector<std::uint8_t> group;  // empty: any group
    std::array<bool, kDeviceKindCount> kindInGroups{};
  };
  Resolved resolve(const JobFilter& filter) const;
  bool passes(const Entry& e, const Resolved& r) const;
  bool nodePasses(std::uint32_t node, const Resolved& r) const { return r.group.empty() || r.group[m_nodeGroup[node]]; }
  static Term parseTerm(std::string word);
  bool matches(const Entry& e, const Term& t, const std::vector<std::uint8_t>& nodeHit) const;

  std::vector<Entry> m_jobs;
  std::string m_names;  // every job's lower-cased name, back to back
  std::vector<std::uint32_t> m_jobDevices;
  std::vector<std::string> m_nodeNames;  // lower-cased
  std::vector<std::uint32_t> m_nodeFirstDevice;
  std::vector<std::uint32_t> m_nodeDeviceCount;
  std::vector<std::uint32_t> m_nodeGroup;  // into m_groupNames
  std::vector<DeviceKind> m_nodeKind;
  std::vector<std::string> m_groupNames;
  std::vector<std::string> m_teamNames;
};

}  // namespace hetsched
