#include "device_teams.h"

#include "base/model/gpu_allocation.h"
#include "base/model/job.h"
#include "team_colours.h"

#include <QCoreApplication>
#include <QStringList>
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>
#include <unordered_map>
#include <utility>
#include <vector>

namespace hetsched {

namespace {
// (team index, milli) per team on one device, largest first. A device has a
// handful of holders, so a small vector beats a map.
using TeamParts = std::vector<std::pair<int, std::uint32_t>>;

void partsOn(const GpuAllocation& allocation, std::size_t device, const std::unordered_map<JobId, int>& jobTeam,
             TeamParts& parts) {
  parts.clear();
  for (const DeviceShare& share : allocation.sharesOf(device)) {
    const auto it = jobTeam.find(share.job);
    if (it == jobTeam.end() || it->second < 0) continue;
    const auto same = std::ranges::find(parts, it->second, &std::pair<int, std::uint32_t>::first);
    if (same != parts.end()) same->second += share.milli;
    else parts.emplace_back(it->second, share.milli);
  }
  // Ties go to the team first in the legend, so the colour is deterministic.
  std::ranges::stable_sort(parts, [](const auto& a, const auto& b) {
    return a.second != b.second ? a.second > b.second : a.first < b.first;
  });
}
}  // namespace

DeviceTeams DeviceTeams::build(const GpuAllocation& allocation, std::span<const Job> jobs, TeamColours colours) {
  DeviceTeams out;
  out.m_colours = std::move(colours);
  for (const Job& job : jobs)
    if (job.state == JobState::Running) out.m_jobTeam.emplace(job.id, out.m_colours.indexOf(job.spec.team));
  out.m_codes.assign(allocation.deviceCount(), 0.0f);
  TeamParts parts;
  for (std::size_t d = 0; d < allocation.deviceCount(); ++d) {
    const std::size_t holders = allocation.jobCount(d);
    if (holders == 0) continue;
    if (holders == 1) {  // the common case: one lookup, no sort
      const auto it = out.m_jobTeam.find(allocation.sharesOf(d).front().job);
      if (it != out.m_jobTeam.end() && it->second >= 0) out.m_codes[d] = static_cast<float>(it->second + 1);
      continue;
    }
    partsOn(allocation, d, out.m_jobTeam, parts);
    if (!parts.empty()) out.m_codes[d] = static_cast<float>(parts.front().first + 1);
  }
  return out;
}

std::vector<int> DeviceTeams::teamsOn(const GpuAllocation& allocation, std::size_t device) const {
  std::vector<int> teams;
  if (device >= allocation.deviceCount()) return teams;
  TeamParts parts;
  partsOn(allocation, device, m_jobTeam, parts);
  for (const auto& part : parts) teams.push_back(part.first);
  return teams;
}

QString teamsText(const DeviceTeams& teams, const GpuAllocation* allocation, std::size_t device) {
  if (device >= teams.deviceCount() || teams.teamOf(device) < 0)
    return QCoreApplication::translate("hetsched::DeviceTeams", "—");
  const std::vector<int> on = allocation ? teams.teamsOn(*allocation, device) : std::vector<int>{};
  if (on.size() <= 1) return teamDisplayName(teams.colours().names[static_cast<std::size_t>(teams.teamOf(device))]);
  QStringList names;
  for (const int t : on) names << teamDisplayName(teams.colours().names[static_cast<std::size_t>(t)]);
  return names.join(QStringLiteral(", "));
}

}  // namespace hetsched
