#pragma once

#include "job_map_model.h"
#include "model/embedded_point.h"
#include "model/job.h"
#include "model/topology.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace hetsched::embed {

struct JobMapOptions {
  std::size_t maxJobs = 3000;  // the newest jobs that have run or wait
  double perplexity = 30.0;
  int iterations = 750;
  int embedderSteps = 300;
  std::uint64_t seed = 1;
  unsigned threads = 2;
  // Positions of an earlier map: jobs found here keep their place and the
  // new ones are placed near their neighbours (no jump when jobs arrive).
  std::unordered_map<JobId, std::pair<float, float>> previous;
  // Fitted and trained on the first map when absent.
  std::shared_ptr<const JobMapModel> model;
};

struct JobMapResult {
  std::vector<EmbeddedPoint> points;
  double klDivergence = 0.0;
  bool cancelled = false;
  std::string error;  // empty when it worked
  std::shared_ptr<const JobMapModel> model;
};

// The seed's §3.1–3.3 pipeline for the job map: job + device features →
// the contrastive TaskEmbedder (groups: job kind × priority class) → t-SNE
// to 2-D. `cluster` of each point is its group. Runs for seconds on a few
// thousand jobs: call it off the GUI thread; `cancel` stops it early.
JobMapResult buildJobMap(const std::vector<Job>& jobs, const Topology& topology, const JobMapOptions& options,
                         const std::atomic<bool>* cancel,
                         const std::function<void(int percent, const char* stage)>& progress);

// The model buildJobMap would fit and train on these jobs when given none
// (same jobs, same seed, same steps), or null when fewer than ten jobs can
// be mapped. For snapshots taken where no map has been drawn.
std::shared_ptr<const JobMapModel> trainJobMapModel(const std::vector<Job>& jobs, const Topology& topology,
                                                    const JobMapOptions& options);

}  // namespace hetsched::embed
