#pragma once

#include "base/model/topology.h"
#include "cli_args.h"
#include "engine/hybrid/policy_search.h"
#include "engine/policy/compiled_policy.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace hetsched::cli {

// The search's options, shared by train-hybrid and experiment hybrid.
inline constexpr std::string_view kHybridSearchOptions[] = {
    "arrival-scale",   "backlog-scale", "generations", "population",        "episode-jobs",
    "validation-jobs", "workers",       "restarts",    "allocation-weight", "model-tie-share"};
std::variant<HybridTrainingOptions, int> hybridSearchOptionsFromArgs(const char* command, const Args& args);

// A cluster's node list and pod lists as the hybrid trains on them, with the
// rule engine (seed-score; CPU-only pods on GPU nodes' host CPUs when the
// cluster has no CPU node, as whatif does).
struct HybridWorkloads {
  Topology topology;
  CompiledPolicy rule;
  std::vector<TrainingWorkload> lists;  // named by file name
};
std::variant<HybridWorkloads, int> hybridWorkloadsFromArgs(const char* command, const Args& args,
                                                           const std::string& cluster,
                                                           const std::vector<std::string>& podLists,
                                                           std::uint64_t seed);

}  // namespace hetsched::cli
