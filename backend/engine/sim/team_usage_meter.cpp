#include "team_usage_meter.h"

#include "base/model/device_kind.h"
#include "engine/core/huge_pages.h"
#include "engine/policy/quota_spec.h"
#include "sim_job.h"
#include "sim_result.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

namespace hetsched {

TeamUsageMeter::TeamUsageMeter(std::span<const SimJob> jobs, const QuotaSpec& quotas) {
  // Interned once per run: a job like the one before it (a team's jobs come
  // in runs, a synthetic workload has one team) costs a string compare, any
  // other a lookup; a node is built only for a new team.
  std::unordered_map<std::string, std::uint32_t> ids;
  reserveOnHugePages(m_teamOf, jobs.size());
  double start = INFINITY;
  const std::string* previous = nullptr;
  for (const SimJob& j : jobs) {
    std::uint32_t id = 0;
    if (previous && *previous == j.spec.team) {
      id = m_teamOf.back();
    } else if (const auto it = ids.find(j.spec.team); it != ids.end()) {
      id = it->second;
    } else {
      id = static_cast<std::uint32_t>(m_teams.size());
      ids.emplace(j.spec.team, id);
      m_teams.push_back({j.spec.team, {}});
    }
    previous = &j.spec.team;
    m_teamOf.push_back(id);
    if (std::isfinite(j.arrivalS)) start = std::min(start, j.arrivalS);
  }
  m_startS = m_endS = std::isfinite(start) ? start : 0.0;
  for (Team& team : m_teams)
    for (Kind& k : team.kinds) k.lastS = m_startS;
  setQuotas(quotas);
}

void TeamUsageMeter::setQuotas(const QuotaSpec& quotas) {
  for (Team& team : m_teams) {
    const auto spec = std::ranges::find(quotas.teams, team.name, &TeamQuotaSpec::team);
    for (std::size_t k = 0; k < kDeviceKindCount; ++k) {
      const bool limited = spec != quotas.teams.end() && spec->guaranteeMilli[k] != TeamQuotaSpec::kUnlimited;
      team.kinds[k].guaranteeMilli = limited ? static_cast<double>(spec->guaranteeMilli[k]) : -1.0;
    }
  }
}

void TeamUsageMeter::change(std::size_t job, DeviceKind kind, double milli, double t) {
  Kind& k = m_teams[m_teamOf[job]].kinds[index(kind)];
  const double dt = std::max(0.0, t - k.lastS);
  k.milliSeconds += k.usedMilli * dt;
  if (k.guaranteeMilli >= 0.0) k.borrowedMilliSeconds += std::max(0.0, k.usedMilli - k.guaranteeMilli) * dt;
  k.lastS = std::max(k.lastS, t);
  k.usedMilli = std::max(0.0, k.usedMilli + milli);
  k.peakMilli = std::max(k.peakMilli, k.usedMilli);
  m_endS = std::max(m_endS, t);
}

void TeamUsageMeter::fill(std::vector<TeamService>& teams) const {
  const double span = m_endS - m_startS;
  for (const Team& team : m_teams) {
    const auto entry = std::ranges::find(teams, team.name, &TeamService::name);
    if (entry == teams.end()) continue;
    for (std::size_t i = 0; i < kDeviceKindCount; ++i) {
      const Kind& k = team.kinds[i];
      // A job still running when the run was cut holds on to the end.
      const double tail = std::max(0.0, m_endS - k.lastS);
      const double held = k.milliSeconds + k.usedMilli * tail;
      const double borrowed = k.borrowedMilliSeconds +
                              (k.guaranteeMilli >= 0.0 ? std::max(0.0, k.usedMilli - k.guaranteeMilli) * tail : 0.0);
      TeamUsage& u = entry->usage[i];
      if (k.guaranteeMilli >= 0.0) u.guarantee = k.guaranteeMilli / 1000.0;
      u.avg = span > 0.0 ? held / span / 1000.0 : 0.0;
      u.peak = k.peakMilli / 1000.0;
      u.borrowedHours = borrowed / 1000.0 / 3600.0;
    }
  }
}

}  // namespace hetsched
