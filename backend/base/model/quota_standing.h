#pragma once

#include <cstdint>
#include <string>

namespace hetsched {

// Where a waiting job's team stands against its quota for the job's device
// kind, when a quota holds the job (amounts in milli-units of the kind's
// primary resource: milli-cores, GPU milli, TPU milli): values a front end
// words itself ("team vision is over its GPU quota: uses 12 GPUs, 8
// guaranteed + 4 borrowed").
struct QuotaStanding {
  std::string team;
  bool noQueue = false;               // the policy holds teams without a queue, and this is one
  std::uint64_t usedMilli = 0;        // the team's running jobs of the kind
  std::uint64_t guaranteeMilli = 0;   // its guarantee of the kind
  std::uint64_t borrowableMilli = 0;  // more it may borrow now (cohort's unused guarantee, its limit)
  std::uint64_t requestMilli = 0;     // what the job asks
  std::uint64_t borrowedMilli() const { return usedMilli > guaranteeMilli ? usedMilli - guaranteeMilli : 0; }
  bool operator==(const QuotaStanding&) const = default;
};

}  // namespace hetsched
