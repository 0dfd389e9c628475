#include "service_metrics.h"

#include "base/model/job.h"
#include "base/model/slo_targets.h"
#include "engine/core/huge_pages.h"
#include "sim_job.h"
#include "sim_result.h"
#include "sim_summary.h"
#include "sort_doubles.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <numeric>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace hetsched {

namespace {

// Groups (teams or users) as dense ids: one hash lookup per job, where a
// std::map keyed by the name compared strings at every level of the tree.
class Groups {
 public:
  std::uint32_t idOf(std::string_view name) {
    const auto [it, added] = m_ids.try_emplace(name, static_cast<std::uint32_t>(m_names.size()));
    if (added) m_names.push_back(name);
    return it->second;
  }
  std::size_t size() const { return m_names.size(); }
  std::string_view name(std::uint32_t id) const { return m_names[id]; }
  // Ids in name order: a std::map's order, which the sums and the team
  // list have always followed.
  std::vector<std::uint32_t> byName() const {
    std::vector<std::uint32_t> ids(m_names.size());
    std::iota(ids.begin(), ids.end(), 0U);
    std::ranges::sort(ids, {}, [&](std::uint32_t id) { return m_names[id]; });
    return ids;
  }

 private:
  std::unordered_map<std::string_view, std::uint32_t> m_ids;
  std::vector<std::string_view> m_names;  // per id, first seen first
};

// What the metrics read of each job's spec, gathered in one pass: a job is
// a few hundred bytes, and reading three fields of 10^6 of them in three
// passes missed the cache on each (a quarter of a 10^6-job what-if).
struct SpecFacts {
  Groups teams, owners;
  std::vector<std::uint32_t> team, owner;
  std::vector<PriorityClass> priority;
};

SpecFacts specFacts(std::span<const SimJob> jobs) {
  SpecFacts f;
  f.team.reserve(jobs.size());
  f.owner.reserve(jobs.size());
  f.priority.reserve(jobs.size());
  for (const SimJob& job : jobs) {
    f.team.push_back(f.teams.idOf(job.spec.team));
    f.owner.push_back(f.owners.idOf(job.spec.owner));
    f.priority.push_back(job.spec.priority);
  }
  return f;
}

// Per group, the sum of runtime / JCT over its completed jobs and their
// count, summed in input order.
using GroupRates = std::vector<std::pair<double, std::size_t>>;

// Jain's index of the groups' mean service rates, groups in name order (the
// order the sums have always been taken in).
double jainOfGroups(const Groups& groups, const GroupRates& rates) {
  std::vector<double> x;
  x.reserve(rates.size());
  for (const std::uint32_t id : groups.byName())
    if (rates[id].second > 0) x.push_back(rates[id].first / static_cast<double>(rates[id].second));
  return jainIndex(x);
}

// How many jobs are in the system (arrived, not yet ended) at each completed
// job's arrival, itself included: the N of its 1/N fair share. One sweep in
// arrival order over the jobs and the sorted ends (the counts a binary
// search of each would give, without 2 10^6 cache-missing searches).
std::vector<std::uint32_t> contendersAtArrival(std::span<const JobTimeline> timelines) {
  std::vector<std::uint32_t> order;  // the jobs not refused, by arrival
  std::vector<double> ends;          // of the completed ones
  reserveOnHugePages(order, timelines.size());
  reserveOnHugePages(ends, timelines.size());
  bool inOrder = true;
  double last = -INFINITY;
  for (std::size_t i = 0; i < timelines.size(); ++i) {
    const JobTimeline& t = timelines[i];
    if (t.state == JobState::Unschedulable) continue;
    order.push_back(static_cast<std::uint32_t>(i));
    inOrder = inOrder && t.arrivalS >= last;
    last = t.arrivalS;
    if (t.state == JobState::Completed) ends.push_back(t.endS);
  }
  // Workloads come in arrival order: then only the ends need sorting.
  const auto arrivalOf = [&](std::uint32_t i) { return timelines[i].arrivalS; };
  if (!inOrder) std::ranges::stable_sort(order, {}, arrivalOf);
  sortDoubles(ends);
  std::vector<std::uint32_t> out;
  resizeOnHugePages(out, timelines.size());
  std::size_t arrived = 0, ended = 0;
  for (const std::uint32_t i : order) {
    if (timelines[i].state != JobState::Completed) continue;
    const double at = timelines[i].arrivalS;
    while (arrived < order.size() && arrivalOf(order[arrived]) <= at) ++arrived;
    while (ended < ends.size() && ends[ended] <= at) ++ended;
    out[i] = static_cast<std::uint32_t>(std::max<std::size_t>(1, arrived > ended ? arrived - ended : 0));
  }
  return out;
}

}  // namespace

double jainIndex(std::span<const double> x) {
  double sum = 0.0, squares = 0.0;
  for (const double v : x) {
    sum += v;
    squares += v * v;
  }
  return squares > 0.0 ? sum * sum / (static_cast<double>(x.size()) * squares) : 1.0;
}

void addServiceMetrics(SimSummary& summary, std::span<const SimJob> jobs, std::span<const JobTimeline> timelines,
                       const SloTargets& targetWaitS) {
  std::vector<double> jcts;
  jcts.reserve(timelines.size());
  double useful = 0.0, held = 0.0, rhoSum = 0.0, serviceAll = 0.0;
  std::uint64_t violations = 0;
  struct Team {
    std::uint64_t jobs = 0;
    double wait = 0.0;
    double service = 0.0;
  };
  const SpecFacts facts = specFacts(jobs);
  std::vector<Team> teams(facts.teams.size());
  GroupRates teamRates(facts.teams.size(), {0.0, 0}), userRates(facts.owners.size(), {0.0, 0});
  const std::vector<std::uint32_t> contenders = contendersAtArrival(timelines);
  summary.rhoMax = 0.0;
  for (std::size_t i = 0; i < timelines.size(); ++i) {
    const JobTimeline& t = timelines[i];
    held += t.heldS;
    const double service = t.share * t.heldS;
    serviceAll += service;
    Team& team = teams[facts.team[i]];
    team.service += service;
    if (t.state != JobState::Completed) continue;
    const double jct = t.endS - t.arrivalS;
    const double wait = std::max(0.0, jct - t.runtimeS);
    jcts.push_back(jct);
    useful += t.runtimeS;
    ++team.jobs;
    team.wait += wait;
    const double rate = t.runtimeS / std::max(t.runtimeS, jct);
    teamRates[facts.team[i]].first += rate;
    ++teamRates[facts.team[i]].second;
    userRates[facts.owner[i]].first += rate;
    ++userRates[facts.owner[i]].second;
    if (wait > targetWaitS[static_cast<std::size_t>(facts.priority[i])]) ++violations;
    // Alone with a 1/N share of its kind, a job holding share s of it runs
    // N s times slower when N s > 1, else at full speed.
    const double alone = t.runtimeS * std::max(1.0, static_cast<double>(contenders[i]) * t.share);
    const double rho = alone > 0.0 ? jct / alone : 1.0;
    rhoSum += rho;
    summary.rhoMax = std::max(summary.rhoMax, rho);
  }
  summary.jctP99S = percentile(std::move(jcts), 99);
  summary.sloViolations = violations;
  summary.goodput = held > 0.0 ? useful / held : 1.0;
  summary.rhoAvg = summary.completed > 0 ? rhoSum / static_cast<double>(summary.completed) : 0.0;
  summary.jainTeams = jainOfGroups(facts.teams, teamRates);
  summary.jainUsers = jainOfGroups(facts.owners, userRates);
  summary.teams.clear();
  for (const std::uint32_t id : facts.teams.byName()) {
    const Team& team = teams[id];
    summary.teams.push_back({std::string(facts.teams.name(id)),
                             team.jobs,
                             team.jobs > 0 ? team.wait / static_cast<double>(team.jobs) : 0.0,
                             serviceAll > 0.0 ? team.service / serviceAll : 0.0,
                             {}});
  }
}

}  // namespace hetsched
