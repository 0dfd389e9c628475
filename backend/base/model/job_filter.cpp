#include "job_filter.h"

#include "device_kind.h"
#include "job.h"
#include "topology.h"

#include <algorithm>
#include <charconv>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <set>
#include <string>
#include <string_view>
#include <system_error>
#include <utility>
#include <vector>

namespace hetsched {

namespace {

// Values are names from a topology or a job list: a ',' or ';' inside one is
// written as '\,' or '\;', and '\' as '\\'.
std::string escaped(std::string_view text) {
  std::string out;
  for (const char c : text) {
    if (c == ',' || c == ';' || c == '\\') out += '\\';
    out += c;
  }
  return out;
}

std::string joined(const std::vector<std::string>& values) {
  std::string out;
  for (std::size_t i = 0; i < values.size(); ++i) out += (i ? "," : "") + escaped(values[i]);
  return out;
}

// Splits at unescaped `separator`, unescaping each part.
std::vector<std::string> split(std::string_view text, char separator) {
  std::vector<std::string> parts(1);
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\\' && i + 1 < text.size()) parts.back() += text[++i];
    else if (text[i] == separator) parts.emplace_back();
    else parts.back() += text[i];
  }
  return parts;
}

// The raw (still escaped) fields: splitting on ';' but keeping escapes for
// the value lists.
std::vector<std::string_view> fields(std::string_view text) {
  std::vector<std::string_view> out;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= text.size(); ++i) {
    if (i < text.size() && text[i] == '\\') {
      ++i;
      continue;
    }
    if (i == text.size() || text[i] == ';') {
      out.push_back(text.substr(start, i - start));
      start = i + 1;
    }
  }
  return out;
}

std::uint8_t bits(std::string_view text, std::size_t count) {
  unsigned value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size()) return 0;
  return static_cast<std::uint8_t>(value & ((1u << count) - 1));
}

}  // namespace

std::string JobFilter::toText() const {
  // A list is written only when it names something: "teams=" is the one
  // team "" (jobs with none), not no team filter.
  std::string text = "kinds=" + std::to_string(kinds) + ";states=" + std::to_string(states) +
                     ";priorities=" + std::to_string(priorities);
  if (!teams.empty()) text += ";teams=" + joined(teams);
  if (!nodeGroups.empty()) text += ";groups=" + joined(nodeGroups);
  return text;
}

JobFilter JobFilter::parse(std::string_view text) {
  // A damaged or foreign line is no filter, never an error: it only
  // restores a view.
  JobFilter f;
  for (const std::string_view field : fields(text)) {
    const std::size_t eq = field.find('=');
    if (eq == std::string_view::npos) continue;
    const std::string_view key = field.substr(0, eq);
    const std::string_view value = field.substr(eq + 1);
    if (key == "kinds") f.kinds = bits(value, kJobKindCount);
    else if (key == "states") f.states = bits(value, 4);
    else if (key == "priorities") f.priorities = bits(value, kPriorityClassCount);
    else if (key == "teams") f.teams = split(value, ',');
    else if (key == "groups") f.nodeGroups = split(value, ',');
  }
  return f;
}

std::string nodeGroupOf(std::string_view nodeName) {
  std::size_t end = nodeName.size();
  while (end > 0 && nodeName[end - 1] >= '0' && nodeName[end - 1] <= '9') --end;
  if (end == 0) return std::string(nodeName);
  if (end < nodeName.size() && (nodeName[end - 1] == '-' || nodeName[end - 1] == '_' || nodeName[end - 1] == '.') &&
      end > 1)
    --end;
  return std::string(nodeName.substr(0, end));
}

std::vector<std::string> nodeGroupsOf(const Topology& topology) {
  std::vector<std::string> groups;
  std::set<std::string, std::less<>> seen;
  for (const NodeInfo& node : topology.nodes) {
    std::string group = nodeGroupOf(node.name);
    if (seen.insert(group).second) groups.push_back(std::move(group));
  }
  return groups;
}

std::vector<std::string> teamsOf(const std::vector<Job>& jobs) {
  std::set<std::string_view> seen;
  for (const Job& job : jobs) seen.insert(job.spec.team);
  return {seen.begin(), seen.end()};
}

DeviceKind neededDeviceKind(const JobRequests& requests) {
  if (requests.gpuCount > 0 || requests.gpuMilli > 0) return DeviceKind::Gpu;
  if (requests.tpuCount > 0) return DeviceKind::Tpu;
  return DeviceKind::Cpu;
}

}  // namespace hetsched
