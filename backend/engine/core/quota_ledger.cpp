#include "quota_ledger.h"

#include "base/model/device_kind.h"
#include "base/model/quota_standing.h"
#include "engine/policy/quota_spec.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <map>
#include <span>
#include <string>
#include <string_view>
#include <utility>

namespace hetsched {

QuotaLedger::QuotaLedger(std::span<const QuotaSpec* const> arms, const Amounts& capacity) : m_capacity(capacity) {
  // Every listed team gets its id now, so a team met later is unlisted in
  // every arm and its rules are the default.
  for (const QuotaSpec* spec : arms)
    for (const TeamQuotaSpec& t : spec->teams) intern(t.team);
  for (const QuotaSpec* spec : arms) {
    Rules r;
    r.any = spec->any();
    r.holdUnlisted = spec->holdUnlisted;
    r.fairShare = spec->fairShare;
    r.byTeam.resize(m_names.size());
    std::map<std::string, std::uint32_t> cohorts;
    for (const TeamQuotaSpec& t : spec->teams) {
      const TeamId id = m_ids.at(t.team);
      Limits& l = r.byTeam[id];
      l.listed = true;
      l.guarantee = t.guaranteeMilli;
      l.borrowLimit = t.borrowLimitMilli;
      if (t.cohort.empty()) continue;
      const auto [it, fresh] = cohorts.emplace(t.cohort, static_cast<std::uint32_t>(r.cohorts.size()));
      if (fresh) {
        r.cohorts.emplace_back();
        r.cohortGuarantee.emplace_back();
      }
      l.cohort = it->second;
      r.cohorts[l.cohort].push_back(id);
      // A kind a member does not limit is not lent (it has no guarantee).
      for (std::size_t k = 0; k < kDeviceKindCount; ++k)
        if (t.guaranteeMilli[k] != TeamQuotaSpec::kUnlimited) r.cohortGuarantee[l.cohort][k] += t.guaranteeMilli[k];
    }
    m_arms.push_back(std::move(r));
  }
}

QuotaLedger::TeamId QuotaLedger::intern(std::string_view team) {
  if (const auto it = m_ids.find(std::string(team)); it != m_ids.end()) return it->second;
  const auto id = static_cast<TeamId>(m_names.size());
  m_ids.emplace(std::string(team), id);
  m_names.emplace_back(team);
  m_used.emplace_back();
  for (Rules& r : m_arms) r.byTeam.emplace_back();
  return id;
}

std::uint64_t QuotaLedger::cohortUsed(const Rules& r, std::uint32_t cohort, std::size_t k) const {
  std::uint64_t used = 0;
  for (const TeamId m : r.cohorts[cohort])
    if (r.byTeam[m].guarantee[k] != TeamQuotaSpec::kUnlimited) used += m_used[m][k];
  return used;
}

bool QuotaLedger::allows(std::size_t arm, TeamId team, std::size_t k, std::uint64_t need) const {
  const Rules& r = m_arms[arm];
  if (!r.any) return true;
  const Limits& l = r.byTeam[team];
  if (!l.listed) return !r.holdUnlisted;
  const std::uint64_t g = l.guarantee[k];
  if (g == TeamQuotaSpec::kUnlimited) return true;
  const std::uint64_t after = m_used[team][k] + need;
  if (after <= g) return true;
  if (l.cohort == kNoCohort) return false;
  if (l.borrowLimit[k] != TeamQuotaSpec::kUnlimited && after - g > l.borrowLimit[k]) return false;
  return cohortUsed(r, l.cohort, k) + need <= r.cohortGuarantee[l.cohort][k];
}

QuotaStanding QuotaLedger::standing(std::size_t arm, TeamId team, std::size_t k, std::uint64_t need) const {
  const Rules& r = m_arms[arm];
  const Limits& l = r.byTeam[team];
  QuotaStanding s;
  s.team = m_names[team];
  s.requestMilli = need;
  s.usedMilli = m_used[team][k];
  if (!l.listed) {
    s.noQueue = true;
    return s;
  }
  const std::uint64_t g = l.guarantee[k];
  s.guaranteeMilli = g;
  if (l.cohort == kNoCohort || g == TeamQuotaSpec::kUnlimited) return s;
  // What the cohort has unused beyond this team's own unused guarantee,
  // and what is left of its borrowing limit.
  const std::uint64_t cohortUsage = cohortUsed(r, l.cohort, k);
  const std::uint64_t cohortG = r.cohortGuarantee[l.cohort][k];
  const std::uint64_t cohortFree = cohortG > cohortUsage ? cohortG - cohortUsage : 0;
  const std::uint64_t ownFree = g > s.usedMilli ? g - s.usedMilli : 0;
  std::uint64_t borrowable = cohortFree > ownFree ? cohortFree - ownFree : 0;
  if (l.borrowLimit[k] != TeamQuotaSpec::kUnlimited) {
    const std::uint64_t borrowed = s.borrowedMilli();
    borrowable = std::min(borrowable, l.borrowLimit[k] > borrowed ? l.borrowLimit[k] - borrowed : 0);
  }
  s.borrowableMilli = borrowable;
  return s;
}

double QuotaLedger::dominantShare(TeamId team) const {
  double share = 0.0;
  for (std::size_t k = 0; k < kDeviceKindCount; ++k)
    if (m_capacity[k] > 0)
      share = std::max(share, static_cast<double>(m_used[team][k]) / static_cast<double>(m_capacity[k]));
  return share;
}

}  // namespace hetsched
