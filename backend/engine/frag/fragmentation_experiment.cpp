#include "fragmentation_experiment.h"

#include "atc_replay.h"
#include "base/model/for_each_index.h"
#include "data/trace/trace_node.h"
#include "data/trace/trace_pod.h"
#include "gpu_node.h"
#include "pod_request.h"
#include "policy_kind.h"
#include "seeded_rng.h"
#include "target_workload.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace hetsched::frag {

namespace {

double median(std::vector<double> values) {
  std::erase_if(values, [](double v) { return std::isnan(v); });
  if (values.empty()) return std::numeric_limits<double>::quiet_NaN();
  std::ranges::sort(values);
  const std::size_t n = values.size();
  return n % 2 == 1 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2.0;
}

// The authors' analysis rounds the arrived % to a whole number (Python's
// round, half to even, which nearbyint also does) and averages the
// allocated % over all tasks at that level, widening to +-1 if none.
std::vector<double> unallocatedAt(const std::vector<std::pair<std::uint64_t, std::uint64_t>>& samples,
                                  std::uint64_t capacity, const std::vector<int>& levels) {
  std::vector<double> out;
  const double cap = static_cast<double>(capacity);
  for (const int level : levels) {
    double result = std::numeric_limits<double>::quiet_NaN();
    for (const int width : {0, 1}) {
      double sum = 0.0;
      std::size_t n = 0;
      for (const auto& [arrived, allocated] : samples) {
        const double arrivedPct = std::nearbyint(100.0 * static_cast<double>(arrived) / cap);
        if (arrivedPct >= level - width && arrivedPct <= level + width) {
          sum += 100.0 * static_cast<double>(allocated) / cap;
          ++n;
        }
      }
      if (n > 0) {
        result = 100.0 - sum / static_cast<double>(n);
        break;
      }
    }
    out.push_back(result);
  }
  return out;
}

}  // namespace

PodRequest FragmentationExperiment::toRequest(const trace::TracePod& pod) {
  return PodRequest{pod.name, pod.cpuMilli, pod.memoryMib, pod.gpuCount, pod.gpuMilli, pod.gpuModels};
}

std::vector<GpuNode> FragmentationExperiment::toNodes(const std::vector<trace::TraceNode>& nodes) {
  std::vector<GpuNode> out;
  out.reserve(nodes.size());
  for (const trace::TraceNode& n : nodes) out.emplace_back(n.name, n.gpuModel, n.cpuMilli, n.memoryMib, n.gpuCount);
  return out;
}

FragmentationExperiment::FragmentationExperiment(const std::vector<trace::TraceNode>& nodes,
                                                 const std::vector<trace::TracePod>& pods,
                                                 FragmentationExperimentConfig config)
    : m_nodes(nodes), m_config(std::move(config)) {
  m_pods.reserve(pods.size());
  for (const trace::TracePod& p : pods) m_pods.push_back(toRequest(p));
  std::ranges::stable_sort(m_pods, [](const PodRequest& a, const PodRequest& b) { return a.name < b.name; });
  // The target workload is the original list, before any resampling.
  m_workload = std::make_shared<const TargetWorkload>(TargetWorkload::fromPods(m_pods, m_config.popularity));
  for (const trace::TraceNode& n : m_nodes) m_capacityMilli += std::uint64_t{n.gpuCount} * GpuNode::kMilli;
}

std::vector<PodRequest> FragmentationExperiment::workloadFor(std::uint64_t seed) const {
  SeededRng rng(seed);
  return workload(rng);
}

std::vector<GpuNode> FragmentationExperiment::clusterFor(std::uint64_t seed) const {
  SeededRng rng(seed);
  workload(rng);
  return cluster(rng);
}

std::vector<GpuNode> FragmentationExperiment::cluster(SeededRng& rng) const {
  if (!m_config.shuffleNodeNames) return toNodes(m_nodes);
  std::vector<trace::TraceNode> nodes = m_nodes;
  std::ranges::stable_sort(nodes, [](const trace::TraceNode& a, const trace::TraceNode& b) { return a.name < b.name; });
  std::vector<std::size_t> rank(nodes.size());
  for (std::size_t i = 0; i < rank.size(); ++i) rank[i] = i;
  for (std::size_t i = rank.size(); i > 1; --i) std::swap(rank[i - 1], rank[rng.below(i)]);
  const std::size_t width = std::max<std::size_t>(4, std::to_string(nodes.size()).size());
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    std::string prefix = std::to_string(rank[i]);
    prefix.insert(0, width - prefix.size(), '0');
    nodes[i].name = prefix + '-' + nodes[i].name;
  }
  return toNodes(nodes);
}

std::vector<PodRequest> FragmentationExperiment::workload(SeededRng& rng) const {
  std::vector<PodRequest> pods = m_pods;
  for (std::size_t i = pods.size(); i > 1; --i) std::swap(pods[i - 1], pods[rng.below(i)]);
  if (m_pods.empty() || m_config.inflation <= 0.0) return pods;
  std::uint64_t requested = 0;
  for (const PodRequest& p : pods) requested += p.totalGpuMilli();
  const double target = m_config.inflation * static_cast<double>(m_capacityMilli);
  // Too much: drop random tasks; too little: append copies of random tasks
  // of the original list. The stop test compares the per-GPU share, not the
  // total, exactly as the authors' simulator does.
  while (static_cast<double>(requested) > target && !pods.empty()) {
    const std::size_t i = rng.below(pods.size());
    requested -= pods[i].totalGpuMilli();
    pods.erase(pods.begin() + static_cast<std::ptrdiff_t>(i));
  }
  for (std::size_t copy = 0;; ++copy) {
    PodRequest p = m_pods[rng.below(m_pods.size())];
    if (static_cast<double>(requested + p.gpuMilli) > target) break;
    requested += p.totalGpuMilli();
    p.name += "-tuned-" + std::to_string(copy);
    pods.push_back(std::move(p));
  }
  return pods;
}

FragmentationRun FragmentationExperiment::runOne(PolicyKind policy, std::uint64_t seed) const {
  SeededRng rng(seed);
  const std::vector<PodRequest> pods = workload(rng);
  std::vector<GpuNode> nodes = cluster(rng);
  const std::uint64_t schedulerSeed = rng.below(std::uint64_t{1} << 62);
  const auto start = std::chrono::steady_clock::now();
  AtcReplay scheduler(std::move(nodes), policy, m_workload, schedulerSeed);
  std::vector<std::pair<std::uint64_t, std::uint64_t>> samples;
  samples.reserve(pods.size());
  FragmentationRun run;
  run.policy = policy;
  run.seed = seed;
  run.tasks = pods.size();
  std::uint64_t arrived = 0;
  for (const PodRequest& pod : pods) {
    arrived += pod.totalGpuMilli();
    if (!scheduler.place(pod)) ++run.failedTasks;
    samples.emplace_back(arrived, scheduler.gpuAllocatedMilli());
  }
  run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  run.unallocatedPct = unallocatedAt(samples, m_capacityMilli, m_config.levels);
  return run;
}

std::vector<FragmentationSummary> FragmentationExperiment::run() const {
  std::vector<std::pair<PolicyKind, std::uint64_t>> jobs;
  for (const PolicyKind p : m_config.policies) {
    for (const std::uint64_t s : m_config.seeds) jobs.emplace_back(p, s);
  }
  std::vector<FragmentationRun> runs(jobs.size());
  forEachIndex(jobs.size(), std::max(1U, m_config.workers),
               [&](std::size_t i) { runs[i] = runOne(jobs[i].first, jobs[i].second); });

  std::vector<FragmentationSummary> out;
  for (const PolicyKind p : m_config.policies) {
    FragmentationSummary summary;
    summary.policy = p;
    for (const FragmentationRun& r : runs) {
      if (r.policy != p) continue;
      summary.runs.push_back(r);
      summary.secondsPerSeed.push_back(r.seconds);
    }
    for (std::size_t l = 0; l < m_config.levels.size(); ++l) {
      std::vector<double> values;
      values.reserve(summary.runs.size());
      for (const FragmentationRun& r : summary.runs) values.push_back(r.unallocatedPct[l]);
      summary.medianUnallocatedPct.push_back(median(std::move(values)));
    }
    out.push_back(std::move(summary));
  }
  return out;
}

}  // namespace hetsched::frag
