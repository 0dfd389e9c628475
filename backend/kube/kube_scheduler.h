#pragma once

#include "kube_error.h"
#include "kube_objects.h"
#include "model/device_kind.h"
#include "sched/node_score.h"
#include "sched/routing.h"

#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace hetsched {

struct KubeStore;

// One decision of a scheduling round.
struct KubeBinding {
  std::string pod;  // namespace/name
  std::string node;  // empty: no node fits
  DeviceKind kind = DeviceKind::Cpu;
  std::optional<KubeError> error;  // the Binding call's failure, if it failed
  std::string reason;              // why no node, when none
  bool canary = false;             // placed by the candidate policy
};

// What a pushed policy means to the secondary scheduler: its routing table
// and its §4.3 score weights (the fields a Binding-based scheduler honours).
struct KubePolicy {
  RoutingTable routing;
  NodeScoreWeights weights;
};

// The secondary scheduler: pods with spec.schedulerName == name() that are
// Pending and unbound are placed with the gateway's Placer (the seed's
// routing picks the device kind, its §4.3 score the node) on capacity left
// by the pods already bound, then bound through the Binding API.
class KubeScheduler {
 public:
  using Bind = std::function<std::optional<KubeError>(const KubePod& pod, const std::string& node)>;

  explicit KubeScheduler(std::string name = "hetsched");

  const std::string& name() const { return m_name; }
  // The policy engine's seam: a pushed policy sets the routing table and the
  // score weights here, and the next round places with them; pods whose uid
  // hashes below canaryPercent use the candidate. Thread-safe.
  void setPolicies(KubePolicy active, std::optional<KubePolicy> candidate = std::nullopt,
                   std::uint32_t canaryPercent = 0);
  // Stable across processes and platforms, so a pod keeps its arm when the
  // gateway restarts.
  static bool inCanary(const std::string& uid, std::uint32_t canaryPercent);
  // One round over a snapshot of the store. Pods bound by an earlier round
  // whose nodeName the watch has not shown yet count as bound.
  std::vector<KubeBinding> schedule(const KubeStore& snapshot, const Bind& bind);

 private:
  std::string m_name;
  std::mutex m_policyMutex;
  KubePolicy m_active;
  std::optional<KubePolicy> m_candidate;
  std::uint32_t m_canaryPercent = 0;
  std::map<std::string, std::string> m_boundByUs;  // pod uid → node, until the watch shows it bound
};

// The body of POST /api/v1/namespaces/NS/pods/NAME/binding.
std::string bindingBody(const KubePod& pod, const std::string& node);

}  // namespace hetsched
