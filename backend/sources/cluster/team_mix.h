#pragma once

#include "base/model/job.h"

#include <array>
#include <cstdint>
#include <span>
#include <string_view>

namespace hetsched {

// The simulated cluster's people: five teams, each with its own users and
// its own mix of job kinds (vision and language train, search and ads serve,
// platform runs services and batch), so owners and teams look as they do in
// a shared fleet. Deterministic: the same seed and job number give the same
// owner, drawn apart from the workload's random stream, which stays as it
// was before jobs had owners.
struct SimTeam {
  std::string_view name;
  std::span<const std::string_view> users;
  // Relative weight of each job kind (JobKind order) among this team's jobs.
  std::array<std::uint16_t, kJobKindCount> kindWeight;
};

std::span<const SimTeam> simTeams();

struct SimOwner {
  std::string_view owner;
  std::string_view team;
};
// Who submits the `jobNumber`-th job of a simulated cluster with `seed`, given its kind.
SimOwner simOwnerOf(std::uint64_t seed, std::uint64_t jobNumber, JobKind kind);

}  // namespace hetsched
