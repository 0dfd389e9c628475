#pragma once

#include "base/model/device_kind.h"
#include "base/model/frame.h"
#include "base/model/job.h"
#include "engine/sched/job_validation.h"
#include "kube_api.h"
#include "kube_config.h"
#include "kube_error.h"
#include "kube_reflector.h"
#include "kube_scheduler.h"
#include "kube_store.h"
#include "sources/cluster/live_policies.h"
#include "sources/cluster/node_report.h"
#include "sources/cluster/observed_cluster.h"

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace hetsched {

struct KubeOptions {
  KubeConfig config;
  std::uint32_t agentPeriodMs = 3000;
  std::string clusterName;     // default: the context name
  bool schedule = true;        // act as the secondary scheduler
  std::string schedulerName = "hetsched";
  int watchTimeoutSeconds = 300;
  KubeApi::Timeouts timeouts;
};

// hetschedd --source kubernetes: nodes and pods from the API server, kept
// current by two reflectors (list + watch). Nodes become the cluster's
// nodes (a CPU row, a GPU row per nvidia.com/gpu, a TPU row per
// google.com/tpu), pods its jobs. Utilisation is allocation (requests /
// allocatable): the API server has no usage metrics. Each refresh() also
// runs the secondary scheduler for pods that ask for it.
class KubeCluster final : public ObservedCluster {
 public:
  // Lists nodes and pods once before returning, so a wrong server, token or
  // missing RBAC permission is reported at start.
  static std::variant<std::unique_ptr<KubeCluster>, KubeError> create(KubeOptions options);
  ~KubeCluster() override;

  void refresh() override;
  void step() override;
  const Frame& frame() const override { return m_frame; }
  std::vector<Job> jobs(std::span<const JobState> states, std::size_t limit, std::size_t* totalMatching) const override;

  // With scheduling on, a pushed policy (and a canary candidate, by pod uid)
  // drives the next binding round through the scheduling core; one the core
  // cannot run on this cluster is refused, naming the field.
  std::optional<FieldError> setPolicies(const LivePolicies& policies) override;
  KubeScheduler& scheduler() { return m_scheduler; }
  KubeReflector::Stats nodeStats() const { return m_nodes->stats(); }
  KubeReflector::Stats podStats() const { return m_pods->stats(); }
  // The last round's scheduling decisions (refresh()).
  std::vector<KubeBinding> lastBindings() const;
  // A reflector's error, if its last call failed.
  std::optional<KubeError> lastError() const;

 private:
  struct Reading {
    std::vector<NodeReport> reports;
    std::vector<std::pair<std::string, bool>> up;
    std::vector<Job> jobs;
    QueueSummary queue;
    std::map<std::string, std::vector<std::pair<DeviceKind, JobId>>> accelerators;  // node → busy rows in order
  };
  KubeCluster(std::unique_ptr<KubeApi> api, KubeOptions options);
  Reading read(const KubeStore& store);
  JobId jobIdOf(const std::string& uid);

  std::unique_ptr<KubeApi> m_api;
  KubeOptions m_options;
  std::mutex m_storeMutex;
  KubeStore m_store;
  std::unique_ptr<KubeReflector> m_nodes;
  std::unique_ptr<KubeReflector> m_pods;
  KubeScheduler m_scheduler;
  std::map<std::string, JobId> m_jobIds;  // pod uid → job id; refresh() only
  JobId m_nextJobId = 1;
  mutable std::mutex m_pendingMutex;
  std::optional<Reading> m_pending;
  std::vector<KubeBinding> m_lastBindings;
  Frame m_frame;
  std::vector<Job> m_jobs;
};

}  // namespace hetsched
