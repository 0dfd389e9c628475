#include "kube_cluster.h"

#include "base/model/device_kind.h"
#include "base/model/job.h"
#include "base/model/topology.h"
#include "base/model/wall_clock.h"
#include "engine/sched/job_validation.h"
#include "kube_api.h"
#include "kube_convert.h"
#include "kube_error.h"
#include "kube_objects.h"
#include "kube_scheduler.h"
#include "sources/cluster/live_policies.h"
#include "sources/cluster/observed_cluster.h"

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <span>
#include <utility>
#include <variant>
#include <vector>

namespace hetsched {

namespace {

JobState stateOf(const KubePod& pod) {
  if (pod.phase == "Succeeded" || pod.phase == "Failed") return JobState::Completed;
  if (!pod.nodeName.empty()) return JobState::Running;
  return pod.unschedulable ? JobState::Unschedulable : JobState::Queued;
}

}  // namespace

std::variant<std::unique_ptr<KubeCluster>, KubeError> KubeCluster::create(KubeOptions options) {
  auto api = KubeApi::create(options.config, options.timeouts);
  if (auto* e = std::get_if<KubeError>(&api)) return *e;
  std::unique_ptr<KubeCluster> cluster(
      new KubeCluster(std::get<std::unique_ptr<KubeApi>>(std::move(api)), std::move(options)));
  if (auto e = cluster->m_nodes->list()) return *e;
  if (auto e = cluster->m_pods->list()) return *e;
  cluster->m_nodes->start();
  cluster->m_pods->start();
  cluster->refresh();
  cluster->step();
  return cluster;
}

KubeCluster::KubeCluster(std::unique_ptr<KubeApi> api, KubeOptions options)
    : ObservedCluster(options.clusterName.empty() ? options.config.contextName : options.clusterName, "kubernetes",
                      options.agentPeriodMs),
      m_api(std::move(api)),
      m_options(std::move(options)),
      m_scheduler(m_options.schedulerName) {
  m_nodes = std::make_unique<KubeReflector>(*m_api, KubeReflector::Resource::Nodes, m_storeMutex, m_store,
                                            m_options.watchTimeoutSeconds);
  m_pods = std::make_unique<KubeReflector>(*m_api, KubeReflector::Resource::Pods, m_storeMutex, m_store,
                                           m_options.watchTimeoutSeconds);
}

KubeCluster::~KubeCluster() {
  m_api->cancel();  // ends the watches the reflector threads block in
  m_nodes->stop();
  m_pods->stop();
}

std::optional<KubeError> KubeCluster::lastError() const {
  if (auto e = m_nodes->stats().lastError) return e;
  return m_pods->stats().lastError;
}

std::vector<KubeBinding> KubeCluster::lastBindings() const {
  std::lock_guard lock(m_pendingMutex);
  return m_lastBindings;
}

JobId KubeCluster::jobIdOf(const std::string& uid) {
  auto [it, added] = m_jobIds.emplace(uid, m_nextJobId);
  if (added) ++m_nextJobId;
  return it->second;
}

KubeCluster::Reading KubeCluster::read(const KubeStore& store) {
  Reading reading;
  std::map<std::string, std::vector<const KubePod*>> byNode;
  for (const auto& [key, pod] : store.pods) {
    if (occupiesNode(pod)) byNode[pod.nodeName].push_back(&pod);
  }
  std::map<std::string, std::uint32_t> nodeIndex;
  for (const auto& [name, node] : store.nodes) {
    nodeIndex.emplace(name, static_cast<std::uint32_t>(nodeIndex.size()));
    reading.reports.push_back(nodeReportOf(node, byNode[name], m_options.agentPeriodMs));
    reading.up.emplace_back(name, node.ready);
  }
  std::set<std::string> live;
  for (const auto& [key, pod] : store.pods) {
    live.insert(pod.uid);
    Job job;
    job.id = jobIdOf(pod.uid);
    job.spec = jobSpecOf(pod);
    job.state = stateOf(pod);
    job.submitTimeMs = timestampMs(pod.creationTimestamp);
    if (const auto n = nodeIndex.find(pod.nodeName); n != nodeIndex.end()) job.node = n->second;
    const DeviceKind kind = neededKind(pod.requests);
    switch (job.state) {
      case JobState::Running: ++reading.queue.kinds[index(kind)].running; break;
      case JobState::Queued:
      case JobState::Unschedulable:
        ++reading.queue.kinds[index(kind)].queued;
        ++reading.queue.queuedByClass[static_cast<std::size_t>(job.spec.priority)];
        break;
      case JobState::Completed: ++reading.queue.completedTotal; break;
    }
    if (job.state == JobState::Unschedulable) ++reading.queue.unschedulableTotal;
    if (job.state == JobState::Running) {
      auto& rows = reading.accelerators[pod.nodeName];
      for (std::uint64_t i = 0; i < pod.requests.gpus; ++i) rows.emplace_back(DeviceKind::Gpu, job.id);
      for (std::uint64_t i = 0; i < pod.requests.tpus; ++i) rows.emplace_back(DeviceKind::Tpu, job.id);
    }
    reading.jobs.push_back(std::move(job));
  }
  std::erase_if(m_jobIds, [&](const auto& entry) { return !live.contains(entry.first); });
  std::ranges::sort(reading.jobs, {}, &Job::submitTimeMs);
  return reading;
}

std::optional<FieldError> KubeCluster::setPolicies(const LivePolicies& policies) {
  if (!m_options.schedule) return ObservedCluster::setPolicies(policies);
  KubeStore snapshot;
  {
    std::lock_guard lock(m_storeMutex);
    snapshot = m_store;
  }
  if (const auto errors = m_scheduler.check(policies, snapshot); !errors.empty()) return errors.front();
  m_scheduler.setPolicies(policies);
  return std::nullopt;
}

void KubeCluster::refresh() {
  KubeStore snapshot;
  {
    std::lock_guard lock(m_storeMutex);
    snapshot = m_store;
  }
  std::vector<KubeBinding> bindings;
  if (m_options.schedule) {
    KubeScheduler::Api api;
    api.bind = [this](const KubePod& pod, const std::string& node, const KubeScheduler::Annotations& annotations) {
      return m_api->post("/api/v1/namespaces/" + pod.namespaceName + "/pods/" + pod.name + "/binding",
                         bindingBody(pod, node, annotations));
    };
    api.evict = [this](const KubePod& pod) {
      return m_api->post("/api/v1/namespaces/" + pod.namespaceName + "/pods/" + pod.name + "/eviction",
                         evictionBody(pod));
    };
    const double now = std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count();
    bindings = m_scheduler.schedule(snapshot, api, now);
    // Show this round's bindings now rather than a watch event later.
    for (const KubeBinding& b : bindings) {
      if (b.action == KubeBinding::Action::Bind && !b.node.empty() && !b.error) snapshot.pods[b.pod].nodeName = b.node;
    }
  }
  Reading reading = read(snapshot);
  std::lock_guard lock(m_pendingMutex);
  m_pending = std::move(reading);
  m_lastBindings = std::move(bindings);
}

void KubeCluster::step() {
  std::optional<Reading> reading;
  {
    std::lock_guard lock(m_pendingMutex);
    reading.swap(m_pending);
  }
  if (reading) {
    m_table.putReading(std::move(reading->reports), reading->up);
    m_jobs = std::move(reading->jobs);
  }
  m_table.assemble(wallNowMs());
  m_frame = m_table.frame();
  if (!reading) return;
  m_frame.queue = reading->queue;
  const Topology& topology = m_table.topology();
  for (const NodeInfo& node : topology.nodes) {
    const auto it = reading->accelerators.find(node.name);
    if (it == reading->accelerators.end()) continue;
    std::size_t next[kDeviceKindCount] = {};
    for (std::uint32_t d = node.firstDevice; d < node.firstDevice + node.deviceCount; ++d) {
      const DeviceKind kind = topology.kindOf(d);
      if (kind == DeviceKind::Cpu) continue;
      // The n-th busy row of this kind belongs to the n-th pod request of it.
      std::size_t seenOfKind = 0;
      for (const auto& [k, job] : it->second) {
        if (k != kind) continue;
        if (seenOfKind++ == next[index(kind)]) {
          m_frame.job[d] = job;
          break;
        }
      }
      ++next[index(kind)];
    }
  }
}

std::vector<Job> KubeCluster::jobs(std::span<const JobState> states, std::size_t limit,
                                   std::size_t* totalMatching) const {
  static constexpr JobState kDefault[] = {JobState::Queued, JobState::Running};
  const std::span<const JobState> wanted = states.empty() ? std::span<const JobState>(kDefault) : states;
  std::vector<Job> out;
  std::size_t total = 0;
  for (const Job& job : m_jobs) {
    if (std::ranges::find(wanted, job.state) == wanted.end()) continue;
    ++total;
    out.push_back(job);
  }
  // Newest last; keep the newest `limit`.
  if (limit > 0 && out.size() > limit) out.erase(out.begin(), out.end() - static_cast<std::ptrdiff_t>(limit));
  if (totalMatching) *totalMatching = total;
  return out;
}

}  // namespace hetsched
