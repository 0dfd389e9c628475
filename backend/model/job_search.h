#pragma once

#include "job.h"
#include "topology.h"

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
// by its id ("123", or "#123" for the id alone), a part of its name, its kind ("training"),
// state ("queued"/"waiting", "running", "completed"/"finished",
// "unschedulable"/"refused"), priority class ("high") or its node's name;
// and a node by a part of its name, or one device as "node/slot". Built once
// per job list, so a search is one pass over flat, lower-cased text.
class SearchIndex {
 public:
  void rebuild(const Topology& topology, std::span<const Job> jobs);
  SearchHits find(std::string_view query) const;
  std::size_t jobCount() const { return m_jobs.size(); }

 private:
  struct Entry {
    JobId id = 0;
    std::uint32_t nameOffset = 0;
    std::uint32_t nameLength = 0;
    std::uint32_t node = UINT32_MAX;  // UINT32_MAX: not on a node
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
  static Term parseTerm(std::string word);
  bool matches(const Entry& e, const Term& t, const std::vector<std::uint8_t>& nodeHit) const;

  std::vector<Entry> m_jobs;
  std::string m_names;  // every job's lower-cased name, back to back
  std::vector<std::uint32_t> m_jobDevices;
  std::vector<std::string> m_nodeNames;  // lower-cased
  std::vector<std::uint32_t> m_nodeFirstDevice;
  std::vector<std::uint32_t> m_nodeDeviceCount;
};

}  // namespace hetsched
