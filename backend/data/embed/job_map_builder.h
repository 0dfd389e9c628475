#pragma once

#include "base/model/embedded_point.h"
#include "base/model/job.h"
#include "base/model/topology.h"
#include "job_map_model.h"
#include "shown_point.h"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace hetsched::embed {

struct JobMapOptions {
  std::size_t maxJobs = 100000;  // the newest jobs that have run or wait (issue 17)
  double perplexity = 30.0;
  int iterations = 750;
  int embedderSteps = 300;
  std::uint64_t seed = 1;
  unsigned threads = 2;
  // The map shown before (JobMapResult::shown). Jobs found here keep their
  // places exactly; new jobs start among their nearest known neighbours and
  // settle with the known points held (openTSNE's transform, with all the
  // current jobs' affinities). Empty: a full layout.
  ShownMap previous;
  // A full layout moves every point; it happens when asked for, or when
  // `relayoutShare` or more of the jobs to show were not laid out by the
  // last full layout (jobs added since, counted over refreshes, and new
  // ones): past that, the held points no longer describe the map. It is
  // then turned and mirrored onto the known points, so the map keeps its
  // orientation.
  bool relayout = false;
  double relayoutShare = 0.5;
  int placeIterations = 250;  // t-SNE iterations that settle new points
  // Fitted and trained on the first map when absent.
  std::shared_ptr<const JobMapModel> model;
};

struct JobMapResult {
  std::vector<EmbeddedPoint> points;
  double klDivergence = 0.0;
  bool fullLayout = false;  // every point moved (see JobMapOptions::relayout)
  std::size_t heldPoints = 0;  // jobs kept where the previous map had them
  int iterations = 0;  // t-SNE iterations run (the run stops once the KL flattens)
  int exaggeratedIterations = 0;
  ShownMap shown;  // this map, to pass as the next refresh's `previous`
  bool cancelled = false;
  std::string error;  // empty when it worked
  std::shared_ptr<const JobMapModel> model;
};

// The seed's §3.1–3.3 pipeline for the job map: job + device features →
// the contrastive TaskEmbedder (groups: job kind × priority class) → t-SNE
// to 2-D. `cluster` of each point is its group. Runs for about a second on
// a few thousand jobs and tens of seconds on 100,000 (hetsched bench
// jobmap): call it off the GUI thread; `cancel` stops it early. With
// a previous map, jobs already shown stay where they were unless a full
// layout is due (JobMapOptions::relayout). A full layout hands `preview`
// the map while it settles (computeTsne's TsneLayout: once the clusters
// have formed, then every few hundred iterations), turned as the result
// will be, so that a view can show the map long before it has converged.
JobMapResult buildJobMap(const std::vector<Job>& jobs, const Topology& topology, const JobMapOptions& options,
                         const std::atomic<bool>* cancel,
                         const std::function<void(int percent, const char* stage)>& progress,
                         const std::function<void(std::vector<EmbeddedPoint> points)>& preview = {});

// The model buildJobMap would fit and train on these jobs when given none
// (same jobs, same seed, same steps), or null when fewer than ten jobs can
// be mapped. For snapshots taken where no map has been drawn.
std::shared_ptr<const JobMapModel> trainJobMapModel(const std::vector<Job>& jobs, const Topology& topology,
                                                    const JobMapOptions& options);

}  // namespace hetsched::embed
