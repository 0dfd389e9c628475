#include "job_search.h"

#include "device_kind.h"
#include "job.h"
#include "job_filter.h"
#include "topology.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstddef>
#include <cstdint>
#include <set>
#include <span>
#include <string>
#include <string_view>
#include <system_error>
#include <utility>
#include <vector>

namespace hetsched {

namespace {

std::string lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::int64_t number(std::string_view text) {
  std::int64_t value = -1;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  return error == std::errc() && end == text.data() + text.size() && !text.empty() ? value : -1;
}

}  // namespace

void SearchIndex::rebuild(const Topology& topology, std::span<const Job> jobs) {
  m_jobs.clear();
  m_names.clear();
  m_jobDevices.clear();
  m_jobs.reserve(jobs.size());
  m_teamNames.clear();
  {
    std::set<std::string_view> teams;
    for (const Job& job : jobs) teams.insert(job.spec.team);
    m_teamNames.assign(teams.begin(), teams.end());
  }
  for (const Job& job : jobs) {
    Entry e;
    e.id = job.id;
    e.nameOffset = static_cast<std::uint32_t>(m_names.size());
    // Owner and team are searched with the name; a word has no newline, so
    // it never matches across two of them.
    m_names += lower(job.spec.name);
    m_names += '\n';
    m_names += lower(job.spec.owner);
    m_names += '\n';
    m_names += lower(job.spec.team);
    e.nameLength = static_cast<std::uint32_t>(m_names.size()) - e.nameOffset;
    // Only a running job is on its node now; a finished one's node is history.
    if (job.state == JobState::Running && job.node < topology.nodes.size()) e.node = job.node;
    const bool placed = job.state == JobState::Running || job.state == JobState::Completed;
    if (placed && job.node < topology.nodes.size()) e.lastNode = job.node;
    else if (!job.earlierRuns.empty() && job.earlierRuns.back().node < topology.nodes.size())
      e.lastNode = job.earlierRuns.back().node;
    e.team = static_cast<std::uint32_t>(std::ranges::lower_bound(m_teamNames, job.spec.team) - m_teamNames.begin());
    e.needs = neededDeviceKind(job.spec.requests);
    e.firstDevice = static_cast<std::uint32_t>(m_jobDevices.size());
    if (job.state == JobState::Running)
      for (const std::uint32_t d : job.devices)
        if (d < topology.devices.size()) m_jobDevices.push_back(d);
    e.deviceCount = static_cast<std::uint32_t>(m_jobDevices.size()) - e.firstDevice;
    e.kind = job.spec.kind;
    e.state = job.state;
    e.priority = job.spec.priority;
    m_jobs.push_back(e);
  }
  m_nodeNames.clear();
  m_nodeFirstDevice.clear();
  m_nodeDeviceCount.clear();
  m_nodeGroup.clear();
  m_nodeKind.clear();
  m_groupNames = nodeGroupsOf(topology);
  for (const NodeInfo& node : topology.nodes) {
    m_nodeNames.push_back(lower(node.name));
    m_nodeFirstDevice.push_back(node.firstDevice);
    m_nodeDeviceCount.push_back(node.deviceCount);
    m_nodeGroup.push_back(
        static_cast<std::uint32_t>(std::ranges::find(m_groupNames, nodeGroupOf(node.name)) - m_groupNames.begin()));
    m_nodeKind.push_back(node.kind);
  }
}

SearchIndex::Resolved SearchIndex::resolve(const JobFilter& filter) const {
  Resolved r;
  r.filter = &filter;
  if (!filter.teams.empty()) {
    r.team.assign(m_teamNames.size(), 0);
    for (const std::string& t : filter.teams)
      if (const auto it = std::ranges::lower_bound(m_teamNames, t); it != m_teamNames.end() && *it == t)
        r.team[static_cast<std::size_t>(it - m_teamNames.begin())] = 1;
  }
  if (!filter.nodeGroups.empty()) {
    r.group.assign(m_groupNames.size(), 0);
    for (const std::string& g : filter.nodeGroups)
      if (const auto it = std::ranges::find(m_groupNames, g); it != m_groupNames.end())
        r.group[static_cast<std::size_t>(it - m_groupNames.begin())] = 1;
    for (std::size_t n = 0; n < m_nodeGroup.size(); ++n)
      if (r.group[m_nodeGroup[n]]) r.kindInGroups[index(m_nodeKind[n])] = true;
  }
  return r;
}

bool SearchIndex::passes(const Entry& e, const Resolved& r) const {
  const JobFilter& f = *r.filter;
  if (f.kinds && !(f.kinds & (1u << static_cast<unsigned>(e.kind)))) return false;
  if (f.states && !(f.states & (1u << static_cast<unsigned>(e.state)))) return false;
  if (f.priorities && !(f.priorities & (1u << static_cast<unsigned>(e.priority)))) return false;
  if (!r.team.empty() && !r.team[e.team]) return false;
  if (!r.group.empty())
    return e.lastNode != UINT32_MAX ? r.group[m_nodeGroup[e.lastNode]] != 0 : r.kindInGroups[index(e.needs)];
  return true;
}

SearchHits SearchIndex::filtered(const JobFilter& filter) const {
  SearchHits hits;
  const Resolved r = resolve(filter);
  const std::size_t deviceCount = m_nodeFirstDevice.empty() ? 0 : m_nodeFirstDevice.back() + m_nodeDeviceCount.back();
  for (std::uint32_t n = 0; n < m_nodeNames.size(); ++n)
    if (nodePasses(n, r)) hits.nodes.push_back(n);
  hits.jobs.reserve(m_jobs.size());
  if (!filter.narrowsJobAttributes()) {
    for (const Entry& e : m_jobs)
      if (passes(e, r)) hits.jobs.push_back(e.id);
    hits.devices.reserve(deviceCount);
    for (const std::uint32_t n : hits.nodes)
      for (std::uint32_t d = 0; d < m_nodeDeviceCount[n]; ++d) hits.devices.push_back(m_nodeFirstDevice[n] + d);
  } else {
    std::vector<std::uint8_t> device(deviceCount, 0);
    for (const Entry& e : m_jobs) {
      if (!passes(e, r)) continue;
      hits.jobs.push_back(e.id);
      for (std::uint32_t k = 0; k < e.deviceCount; ++k) {
        const std::uint32_t d = m_jobDevices[e.firstDevice + k];
        device[d] = 1;
      }
    }
    for (std::uint32_t n = 0; n < m_nodeNames.size(); ++n) {
      const bool groupOk = nodePasses(n, r);
      for (std::uint32_t d = m_nodeFirstDevice[n]; d < m_nodeFirstDevice[n] + m_nodeDeviceCount[n]; ++d)
        if (device[d] && groupOk) hits.devices.push_back(d);
    }
  }
  std::ranges::sort(hits.jobs);
  return hits;
}

SearchIndex::Term SearchIndex::parseTerm(std::string word) {
  Term t;
  t.text = std::move(word);
  t.idOnly = t.text.starts_with('#');
  t.id = number(t.idOnly ? std::string_view(t.text).substr(1) : std::string_view(t.text));
  for (std::size_t k = 0; k < kJobKindCount; ++k)
    if (t.text == toString(static_cast<JobKind>(k)) || (t.text == "real-time" && k == 4)) t.kind = static_cast<int>(k);
  static constexpr std::pair<std::string_view, JobState> kStates[] = {{"queued", JobState::Queued},
                                                                      {"waiting", JobState::Queued},
                                                                      {"running", JobState::Running},
                                                                      {"completed", JobState::Completed},
                                                                      {"finished", JobState::Completed},
                                                                      {"done", JobState::Completed},
                                                                      {"unschedulable", JobState::Unschedulable},
                                                                      {"refused", JobState::Unschedulable}};
  for (const auto& [name, state] : kStates)
    if (t.text == name) t.state = static_cast<int>(state);
  for (std::size_t p = 0; p < kPriorityClassCount; ++p)
    if (t.text == toString(static_cast<PriorityClass>(p))) t.priority = static_cast<int>(p);
  if (const auto slash = t.text.rfind('/'); slash != std::string::npos && slash > 0) {
    t.slot = number(std::string_view(t.text).substr(slash + 1));
    t.slotNode = t.text.substr(0, slash);
  }
  return t;
}

bool SearchIndex::matches(const Entry& e, const Term& t, const std::vector<std::uint8_t>& nodeHit) const {
  if (t.id >= 0 && e.id == static_cast<JobId>(t.id)) return true;
  if (t.idOnly) return false;
  if (t.kind >= 0 && static_cast<int>(e.kind) == t.kind) return true;
  if (t.state >= 0 && static_cast<int>(e.state) == t.state) return true;
  if (t.priority >= 0 && static_cast<int>(e.priority) == t.priority) return true;
  if (e.node != UINT32_MAX && nodeHit[e.node]) return true;
  return std::string_view(m_names).substr(e.nameOffset, e.nameLength).find(t.text) != std::string_view::npos;
}

SearchHits SearchIndex::find(std::string_view query, const JobFilter& filter) const {
  SearchHits hits;
  std::vector<Term> terms;
  const std::string text = lower(query);
  for (std::size_t at = 0; at < text.size();) {
    const std::size_t space = text.find(' ', at);
    const std::size_t end = space == std::string::npos ? text.size() : space;
    if (end > at) terms.push_back(parseTerm(text.substr(at, end - at)));
    at = end + 1;
  }
  if (terms.empty()) return hits;
  const Resolved filterOf = resolve(filter);

  // Per term, which nodes its word names (a job on such a node matches it).
  const std::size_t nodes = m_nodeNames.size();
  std::vector<std::vector<std::uint8_t>> nodeHits(terms.size(), std::vector<std::uint8_t>(nodes, 0));
  std::vector<std::uint8_t> allNode(nodes, 1);
  std::vector<std::int64_t> deviceOfTerm(terms.size(), -1);
  for (std::size_t i = 0; i < terms.size(); ++i) {
    const Term& t = terms[i];
    for (std::size_t n = 0; n < nodes; ++n) {
      const bool named = !t.idOnly && m_nodeNames[n].find(t.text) != std::string::npos;
      const bool slot = t.slot >= 0 && m_nodeNames[n] == t.slotNode && t.slot < m_nodeDeviceCount[n];
      nodeHits[i][n] = named || slot ? 1 : 0;
      if (slot) deviceOfTerm[i] = m_nodeFirstDevice[n] + t.slot;
      allNode[n] &= nodeHits[i][n];
    }
  }
  std::vector<std::uint8_t> device(m_nodeFirstDevice.empty() ? 0 : m_nodeFirstDevice.back() + m_nodeDeviceCount.back(),
                                   0);
  for (std::size_t n = 0; n < nodes; ++n) {
    if (!allNode[n] || !nodePasses(static_cast<std::uint32_t>(n), filterOf)) continue;
    hits.nodes.push_back(static_cast<std::uint32_t>(n));
    // "gpu-3/2" names one device, "gpu-3" all of them.
    const auto one = std::ranges::find_if(deviceOfTerm, [&](std::int64_t d) {
      return d >= m_nodeFirstDevice[n] && d < m_nodeFirstDevice[n] + m_nodeDeviceCount[n];
    });
    if (one != deviceOfTerm.end()) device[static_cast<std::size_t>(*one)] = 1;
    else
      for (std::uint32_t d = 0; d < m_nodeDeviceCount[n]; ++d) device[m_nodeFirstDevice[n] + d] = 1;
  }
  for (const Entry& e : m_jobs) {
    bool all = true;
    for (std::size_t i = 0; i < terms.size() && all; ++i) all = matches(e, terms[i], nodeHits[i]);
    if (!all || !passes(e, filterOf)) continue;
    hits.jobs.push_back(e.id);
    for (std::uint32_t k = 0; k < e.deviceCount; ++k) device[m_jobDevices[e.firstDevice + k]] = 1;
  }
  std::ranges::sort(hits.jobs);
  for (std::size_t d = 0; d < device.size(); ++d)
    if (device[d]) hits.devices.push_back(static_cast<std::uint32_t>(d));
  return hits;
}

}  // namespace hetsched
