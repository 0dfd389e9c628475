#include "job_search.h"

#include <algorithm>
#include <cctype>
#include <charconv>

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
  for (const Job& job : jobs) {
    Entry e;
    e.id = job.id;
    e.nameOffset = static_cast<std::uint32_t>(m_names.size());
    e.nameLength = static_cast<std::uint32_t>(job.spec.name.size());
    m_names += lower(job.spec.name);
    // Only a running job is on its node now; a finished one's node is history.
    if (job.state == JobState::Running && job.node < topology.nodes.size()) e.node = job.node;
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
  for (const NodeInfo& node : topology.nodes) {
    m_nodeNames.push_back(lower(node.name));
    m_nodeFirstDevice.push_back(node.firstDevice);
    m_nodeDeviceCount.push_back(node.deviceCount);
  }
}

SearchIndex::Term SearchIndex::parseTerm(std::string word) {
  Term t;
  t.text = std::move(word);
  t.idOnly = t.text.starts_with('#');
  t.id = number(t.idOnly ? std::string_view(t.text).substr(1) : std::string_view(t.text));
  for (std::size_t k = 0; k < kJobKindCount; ++k)
    if (t.text == toString(static_cast<JobKind>(k)) || (t.text == "real-time" && k == 4)) t.kind = static_cast<int>(k);
  static constexpr std::pair<std::string_view, JobState> kStates[] = {
      {"queued", JobState::Queued},       {"waiting", JobState::Queued},          {"running", JobState::Running},
      {"completed", JobState::Completed}, {"finished", JobState::Completed},      {"done", JobState::Completed},
      {"unschedulable", JobState::Unschedulable}, {"refused", JobState::Unschedulable}};
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

SearchHits SearchIndex::find(std::string_view query) const {
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
  std::vector<std::uint8_t> device(m_nodeFirstDevice.empty() ? 0 : m_nodeFirstDevice.back() + m_nodeDeviceCount.back(), 0);
  for (std::size_t n = 0; n < nodes; ++n) {
    if (!allNode[n]) continue;
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
    if (!all) continue;
    hits.jobs.push_back(e.id);
    for (std::uint32_t k = 0; k < e.deviceCount; ++k) device[m_jobDevices[e.firstDevice + k]] = 1;
  }
  std::ranges::sort(hits.jobs);
  for (std::size_t d = 0; d < device.size(); ++d)
    if (device[d]) hits.devices.push_back(static_cast<std::uint32_t>(d));
  return hits;
}

}  // namespace hetsched
