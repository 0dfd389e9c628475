#pragma once

#include "base/model/device_kind.h"
#include "base/model/quota_standing.h"
#include "engine/policy/quota_spec.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace hetsched {

// Per-team quotas inside the scheduling core (Kueue's ClusterQueues and
// cohorts; docs/engine.md): what each team's running jobs hold of each
// device kind, across arms (a team uses what it uses, whichever policy
// placed it), and each arm's rules from its policy. A job may start when
//   used + request <= guarantee, or
//   it has a cohort, used + request - guarantee <= its borrowing limit, and
//   the cohort's usage + request <= the cohort's guarantees (their sum).
// Amounts are milli-units of the kind's primary resource (primaryNeed).
class QuotaLedger {
 public:
  using TeamId = std::uint32_t;
  using Amounts = std::array<std::uint64_t, kDeviceKindCount>;

  // `arms`: each arm's quotas; `capacity`: the cluster's total per kind
  // (dominant shares are fractions of it).
  QuotaLedger(std::span<const QuotaSpec* const> arms, const Amounts& capacity);

  TeamId intern(std::string_view team);
  const std::string& name(TeamId team) const { return m_names[team]; }
  void add(TeamId team, std::size_t kind, std::uint64_t milli) { m_used[team][kind] += milli; }
  void sub(TeamId team, std::size_t kind, std::uint64_t milli) { m_used[team][kind] -= milli; }
  std::uint64_t used(TeamId team, std::size_t kind) const { return m_used[team][kind]; }

  bool limits(std::size_t arm) const { return m_arms[arm].any; }
  bool fairShare(std::size_t arm) const { return m_arms[arm].fairShare; }
  bool allows(std::size_t arm, TeamId team, std::size_t kind, std::uint64_t need) const;
  // The numbers behind a refusal (allows() false), for WaitFacts.
  QuotaStanding standing(std::size_t arm, TeamId team, std::size_t kind, std::uint64_t need) const;
  // DRF's dominant share: the largest fraction of any kind's capacity the
  // team's running jobs hold.
  double dominantShare(TeamId team) const;

 private:
  static constexpr std::uint32_t kNoCohort = ~std::uint32_t{0};
  struct Limits {
    bool listed = false;
    std::uint32_t cohort = kNoCohort;
    Amounts guarantee{};
    Amounts borrowLimit{};
  };
  struct Rules {
    bool any = false;
    bool holdUnlisted = false;
    bool fairShare = false;
    std::vector<Limits> byTeam;                // per TeamId
    std::vector<std::vector<TeamId>> cohorts;  // members
    std::vector<Amounts> cohortGuarantee;      // sum of members' limited guarantees
  };
  // The cohort's usage of a kind by the members whose guarantee limits it.
  std::uint64_t cohortUsed(const Rules& rules, std::uint32_t cohort, std::size_t kind) const;

  std::vector<Rules> m_arms;
  Amounts m_capacity{};
  std::unordered_map<std::string, TeamId> m_ids;
  std::vector<std::string> m_names;
  std::vector<Amounts> m_used;
};

}  // namespace hetsched
