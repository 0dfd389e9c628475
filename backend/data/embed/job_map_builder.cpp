#include "job_map_builder.h"

#include "base/model/device_kind.h"
#include "base/model/device_model.h"
#include "base/model/embedded_point.h"
#include "base/model/job.h"
#include "base/model/topology.h"
#include "embed_types.h"
#include "job_features.h"
#include "job_map_model.h"
#include "task_embedder.h"
#include "tsne.h"
#include "tsne_options.h"
#include "warm_start.h"
#include "worker_pool.h"

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

namespace hetsched::embed {

namespace {

// The device a job ran on, or for a waiting job the first model of the kind
// it is routed to (training → GPU, inference → TPU, others → CPU).
std::optional<DeviceModel> deviceFor(const Job& job, const Topology& t, DeviceKind& kind) {
  if (!job.devices.empty() && job.devices.front() < t.devices.size()) {
    kind = t.kindOf(job.devices.front());
    return t.modelOf(job.devices.front());
  }
  kind = job.spec.kind == JobKind::Training    ? DeviceKind::Gpu
         : job.spec.kind == JobKind::Inference ? DeviceKind::Tpu
                                               : DeviceKind::Cpu;
  const auto it = std::ranges::find(t.models, kind, &DeviceModel::kind);
  if (it == t.models.end()) return std::nullopt;
  return *it;
}

// Fewer jobs than this make neither a useful embedder nor a t-SNE map.
constexpr std::size_t kMinJobs = 10;

// The newest `maxJobs` jobs that could run somewhere, in submit order, with
// their inter-arrivals; `kinds` gets the device kind of each.
std::vector<JobSample> mappableSamples(const std::vector<Job>& jobs, const Topology& topology, std::size_t maxJobs,
                                       std::vector<DeviceKind>* kinds) {
  std::vector<JobSample> samples;
  const std::size_t first = jobs.size() > maxJobs ? jobs.size() - maxJobs : 0;
  // Reserved: growing by doubling held the old and the new array at once
  // (96 MB at the peak of a 100,000-job map in heaptrack).
  samples.reserve(jobs.size() - first);
  kinds->reserve(jobs.size() - first);
  for (std::size_t i = first; i < jobs.size(); ++i) {
    if (jobs[i].state == JobState::Unschedulable) continue;
    DeviceKind kind{};
    auto device = deviceFor(jobs[i], topology, kind);
    if (!device) continue;
    samples.push_back({jobs[i], *device, 0.0});
    kinds->push_back(kind);
  }
  // Inter-arrivals from the jobs in submit order, before any reordering.
  assignInterArrivals(samples);
  return samples;
}

// The contrastive groups: job kind × priority class.
std::vector<int> groupsOf(const std::vector<JobSample>& samples) {
  std::vector<int> groups(samples.size());
  for (std::size_t i = 0; i < samples.size(); ++i)
    groups[i] = static_cast<int>(samples[i].job.spec.kind) * static_cast<int>(kPriorityClassCount) +
                static_cast<int>(samples[i].job.spec.priority);
  return groups;
}

std::shared_ptr<const JobMapModel> train(const std::vector<JobSample>& samples, const std::vector<int>& groups,
                                         const JobMapOptions& options) {
  auto trained = std::make_shared<JobMapModel>();
  trained->features.fit(samples);
  trained->embedder = TaskEmbedder(static_cast<int>(JobFeatures::kDimension), options.seed);
  ContrastiveTraining training;
  training.steps = options.embedderSteps;
  training.seed = options.seed;
  trained->embedder.train(trained->features.encode(samples), groups, training);
  return trained;
}

}  // namespace

std::shared_ptr<const JobMapModel> trainJobMapModel(const std::vector<Job>& jobs, const Topology& topology,
                                                    const JobMapOptions& options) {
  std::vector<DeviceKind> kinds;
  std::vector<JobSample> samples = mappableSamples(jobs, topology, options.maxJobs, &kinds);
  if (samples.size() < kMinJobs) return nullptr;
  return train(samples, groupsOf(samples), options);
}

JobMapResult buildJobMap(const std::vector<Job>& jobs, const Topology& topology, const JobMapOptions& options,
                         const std::atomic<bool>* cancel,
                         const std::function<void(int percent, const char* stage)>& progress,
                         const std::function<void(std::vector<EmbeddedPoint> points)>& preview) {
  JobMapResult result;
  const auto report = [&](int percent, const char* stage) {
    if (progress) progress(percent, stage);
  };
  report(0, "features");
  std::vector<DeviceKind> kinds;
  std::vector<JobSample> samples = mappableSamples(jobs, topology, options.maxJobs, &kinds);
  if (samples.size() < kMinJobs) {
    result.error = "too few jobs to map";
    return result;
  }
  // Known positions first, so that the t-SNE can hold them.
  std::vector<std::size_t> order(samples.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  // std::, not std::ranges::: clang 14 (the fuzz preset) cannot compile
  // libstdc++ 12's ranges::subrange, which the ranges form returns.
  std::stable_partition(order.begin(), order.end(),
                        [&](std::size_t i) { return options.previous.contains(samples[i].job.id); });
  // Moved, not copied: the samples (each a Job and a DeviceModel) are the
  // map's largest input.
  std::vector<JobSample> ordered;
  std::vector<DeviceKind> orderedKinds;
  ordered.reserve(order.size());
  orderedKinds.reserve(order.size());
  for (const std::size_t i : order) {
    ordered.push_back(std::move(samples[i]));
    orderedKinds.push_back(kinds[i]);
  }
  std::vector<JobSample>().swap(samples);

  const std::vector<int> groups = groupsOf(ordered);
  std::shared_ptr<const JobMapModel> model = options.model;
  if (!model) {
    report(5, "embedder");
    model = train(ordered, groups, options);
  }
  result.model = model;
  if (cancel && cancel->load()) {
    result.cancelled = true;
    return result;
  }
  const Eigen::MatrixXf x = model->features.encode(ordered);
  const PointMatrix points = model->embedder.embed(x).transpose();

  TsneOptions tsne;
  tsne.perplexity = std::min(options.perplexity, (static_cast<double>(ordered.size()) - 1.0) / 3.0);
  tsne.iterations = options.iterations;
  tsne.seed = options.seed;
  tsne.threads = options.threads;
  std::size_t known = 0, laidOut = 0;
  for (; known < ordered.size(); ++known) {
    const auto it = options.previous.find(ordered[known].job.id);
    if (it == options.previous.end()) break;
    laidOut += it->second.laidOut ? 1 : 0;
  }
  Embedding2d knownMap(static_cast<Eigen::Index>(known), 2);
  for (std::size_t i = 0; i < known; ++i) {
    const ShownPoint& p = options.previous.at(ordered[i].job.id);
    knownMap(static_cast<Eigen::Index>(i), 0) = p.x;
    knownMap(static_cast<Eigen::Index>(i), 1) = p.y;
  }
  const auto changed = static_cast<double>(ordered.size() - laidOut);
  result.fullLayout =
      options.relayout || known < kMinJobs || changed >= options.relayoutShare * static_cast<double>(ordered.size());
  if (!result.fullLayout) {
    WorkerPool pool(tsne.threads);
    tsne.initial = extendMap(points, knownMap, pool, cancel);
    if (cancel && cancel->load()) {
      result.cancelled = true;
      return result;
    }
    tsne.heldPoints = known;
    tsne.exaggerationIterations = 0;
    tsne.iterations = known == ordered.size() ? 0 : std::min(tsne.iterations, options.placeIterations);
    result.heldPoints = known;
  }
  const auto pointsOf = [&](const Embedding2d& mapped) {
    std::vector<EmbeddedPoint> shown;
    shown.reserve(ordered.size());
    for (std::size_t i = 0; i < ordered.size(); ++i)
      shown.push_back({ordered[i].job.id, static_cast<float>(mapped(static_cast<Eigen::Index>(i), 0)),
                       static_cast<float>(mapped(static_cast<Eigen::Index>(i), 1)), ordered[i].job.spec.kind,
                       orderedKinds[i], groups[i]});
    return shown;
  };
  TsneLayout layout;
  // Points held in place are the map already shown: only a full layout
  // has something new to show while it runs.
  if (preview && result.fullLayout) {
    layout = [&](int, const Embedding2d& settling) {
      Embedding2d turned = settling;
      alignToKnown(turned, knownMap);
      preview(pointsOf(turned));
    };
  }
  report(15, "t-SNE");
  TsneResult map = computeTsne(
      points, tsne, cancel, [&](int done, int total) { report(15 + 85 * done / std::max(total, 1), "t-SNE"); }, layout);
  if (map.status == TsneStatus::Cancelled) {
    result.cancelled = true;
    return result;
  }
  if (map.status != TsneStatus::Ok) {
    result.error = "t-SNE failed";
    return result;
  }
  if (result.fullLayout) alignToKnown(map.embedding, knownMap);
  result.klDivergence = map.klDivergence;
  result.iterations = map.iterationsRun;
  result.exaggeratedIterations = map.exaggeratedIterations;
  result.points = pointsOf(map.embedding);
  for (std::size_t i = 0; i < ordered.size(); ++i) {
    const EmbeddedPoint& point = result.points[i];
    const bool wasLaidOut = i < known && options.previous.at(point.job).laidOut;
    result.shown[point.job] = {point.x, point.y, result.fullLayout || wasLaidOut};
  }
  report(100, "done");
  return result;
}

}  // namespace hetsched::embed
