#pragma once

#include "placement_scorer.h"

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace hetsched {

struct CompiledPolicy;

// Scorers built for a cluster; `seed` is the simulation's, for scorers that
// draw random numbers (Random-fit).
using ScorerFactory =
    std::function<std::unique_ptr<PlacementScorer>(const Topology&, const CapacityState&, std::uint64_t seed)>;

// Named scorers beyond the built-in rules, chosen by a policy's
// placement.external_scorer. The ATC'23 family registers here.
class ScorerRegistry {
 public:
  void add(std::string name, ScorerFactory factory) { m_factories[std::move(name)] = std::move(factory); }
  const ScorerFactory* find(std::string_view name) const;
  std::vector<std::string> names() const;

 private:
  std::map<std::string, ScorerFactory, std::less<>> m_factories;
};

// The scorer a policy asks for; null for an EXTERNAL name the registry
// (possibly null) does not know.
std::unique_ptr<PlacementScorer> makeScorer(const CompiledPolicy& policy, const Topology& topology,
                                            const CapacityState& state, const ScorerRegistry* registry,
                                            std::uint64_t seed);

}  // namespace hetsched
