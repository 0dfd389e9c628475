#include "policy_check.h"

#include "base/model/device_kind.h"
#include "base/model/topology.h"
#include "engine/policy/compiled_policy.h"
#include "engine/sched/job_validation.h"

#include <array>
#include <cstddef>
#include <string>
#include <vector>

namespace hetsched {

std::vector<FieldError> checkPolicyForCluster(const CompiledPolicy& policy, const Topology& topology) {
  std::array<bool, kDeviceKindCount> present{};
  for (const NodeInfo& n : topology.nodes) present[index(n.kind)] = true;
  std::vector<FieldError> errors;
  for (std::size_t i = 0; i < policy.routeOverrides.size(); ++i) {
    const DeviceKind kind = policy.routeOverrides[i].second;
    if (index(kind) >= kDeviceKindCount || !present[index(kind)])
      errors.push_back({"placement.routes[" + std::to_string(i) + "].device_kind",
                        "the cluster has no " + std::string(toString(kind)) + " node"});
  }
  return errors;
}

}  // namespace hetsched
