#pragma once

#include "base/model/topology.h"
#include "engine/sched/job_validation.h"
#include "placement_scorer.h"

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace hetsched {

struct CompiledPolicy;
class ScorerRegistry;

// What a scorer factory is given: the cluster (empty: a scorer with its own
// view of the nodes hears of running jobs through onAllocated), the policy
// that names it (its external_scorer, the hybrid weights it carries), the
// seed for scorers that draw random numbers (Random-fit), and whether it may
// read files (a what-if on this machine may; a gateway may not), and the
// registry itself, for scorers built from others (the hybrid's proposers).
struct ScorerInput {
  const Topology& topology;
  const CompiledPolicy& policy;
  std::uint64_t seed = 1;
  bool filesAllowed = false;
  const ScorerRegistry* registry = nullptr;
};

// A scorer, or why the policy's scorer cannot run (naming the policy field).
using ScorerBuild = std::variant<std::unique_ptr<PlacementScorer>, FieldError>;
using ScorerFactory = std::function<ScorerBuild(const ScorerInput&)>;

// Named scorers beyond the built-in rules, chosen by a policy's
// placement.external_scorer. The ATC'23 family and the hybrid register here
// (engine/scorer_catalog.h). A name "family:detail" (hybrid:PATH) finds
// the factory registered as "family".
class ScorerRegistry {
 public:
  void add(std::string name, ScorerFactory factory) { m_factories[std::move(name)] = std::move(factory); }
  const ScorerFactory* find(std::string_view name) const;
  std::vector<std::string> names() const;

 private:
  std::map<std::string, ScorerFactory, std::less<>> m_factories;
};

// The scorer a policy asks for, or why there is none (an EXTERNAL name the
// registry, possibly null, does not know; a factory's refusal).
ScorerBuild makeScorer(const CompiledPolicy& policy, const Topology& topology, const ScorerRegistry* registry,
                       std::uint64_t seed, bool filesAllowed = false);

}  // namespace hetsched
