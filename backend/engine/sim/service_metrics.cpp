#include "service_metrics.h"

#include "base/model/job.h"
#include "base/model/slo_targets.h"
#include "sim_job.h"
#include "sim_result.h"
#include "sim_summary.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <map>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace hetsched {

namespace {

// Per group (team or user): the mean of runtime / JCT over its completed
// jobs, the service rate Jain's index is taken over.
double jainOfGroups(std::span<const SimJob> jobs, std::span<const JobTimeline> timelines,
                    const std::string JobSpec::* group) {
  std::map<std::string, std::pair<double, std::size_t>> rates;
  for (std::size_t i = 0; i < jobs.size(); ++i) {
    const JobTimeline& t = timelines[i];
    if (t.state != JobState::Completed) continue;
    auto& [sum, n] = rates[jobs[i].spec.*group];
    sum += t.runtimeS / std::max(t.runtimeS, t.endS - t.arrivalS);
    ++n;
  }
  std::vector<double> x;
  x.reserve(rates.size());
  for (const auto& [name, rate] : rates) x.push_back(rate.first / static_cast<double>(rate.second));
  return jainIndex(x);
}

// How many jobs are in the system (arrived, not yet ended) at each completed
// job's arrival, itself included: the N of its 1/N fair share.
std::vector<std::size_t> contendersAtArrival(std::span<const JobTimeline> timelines) {
  std::vector<double> arrivals, ends;
  for (const JobTimeline& t : timelines) {
    if (t.state == JobState::Unschedulable) continue;
    arrivals.push_back(t.arrivalS);
    if (t.state == JobState::Completed) ends.push_back(t.endS);
  }
  std::ranges::sort(arrivals);
  std::ranges::sort(ends);
  std::vector<std::size_t> out(timelines.size(), 0);
  for (std::size_t i = 0; i < timelines.size(); ++i) {
    const JobTimeline& t = timelines[i];
    if (t.state != JobState::Completed) continue;
    const auto arrived = std::ranges::upper_bound(arrivals, t.arrivalS) - arrivals.begin();
    const auto ended = std::ranges::upper_bound(ends, t.arrivalS) - ends.begin();
    out[i] = static_cast<std::size_t>(std::max<std::ptrdiff_t>(1, arrived - ended));
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
  double useful = 0.0, held = 0.0, rhoSum = 0.0, serviceAll = 0.0;
  std::uint64_t violations = 0;
  struct Team {
    std::uint64_t jobs = 0;
    double wait = 0.0;
    double service = 0.0;
  };
  std::map<std::string, Team> teams;
  const std::vector<std::size_t> contenders = contendersAtArrival(timelines);
  summary.rhoMax = 0.0;
  for (std::size_t i = 0; i < timelines.size(); ++i) {
    const JobTimeline& t = timelines[i];
    held += t.heldS;
    const double service = t.share * t.heldS;
    serviceAll += service;
    Team& team = teams[jobs[i].spec.team];
    team.service += service;
    if (t.state != JobState::Completed) continue;
    const double jct = t.endS - t.arrivalS;
    const double wait = std::max(0.0, jct - t.runtimeS);
    jcts.push_back(jct);
    useful += t.runtimeS;
    ++team.jobs;
    team.wait += wait;
    if (wait > targetWaitS[static_cast<std::size_t>(jobs[i].spec.priority)]) ++violations;
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
  summary.jainTeams = jainOfGroups(jobs, timelines, &JobSpec::team);
  summary.jainUsers = jainOfGroups(jobs, timelines, &JobSpec::owner);
  summary.teams.clear();
  for (const auto& [name, team] : teams)
    summary.teams.push_back({name,
                             team.jobs,
                             team.jobs > 0 ? team.wait / static_cast<double>(team.jobs) : 0.0,
                             serviceAll > 0.0 ? team.service / serviceAll : 0.0,
                             {}});
}

}  // namespace hetsched
