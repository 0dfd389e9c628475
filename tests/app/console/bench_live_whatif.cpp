// Benchmark (issue 15 item 1): from a slider's move in the Policies tab to
// the live what-if's metrics redrawn, through the console's own wiring
// (PolicyPages), on the cut of a simulated cluster held as the console
// holds one (topology and job list). Each move changes the priority factor
// of the policy in force, so each is one run of the edited policy (the
// baseline's run is kept); the time covers the request, the run on the
// worker thread, the queued delivery and the strip's repaint.
//   bench_live_whatif default [moves]   the embedded cluster's default shape (goal <= 150 ms)
//   bench_live_whatif large [moves]     10,000 devices, the cut trimmed to 20,000 jobs (goal <= 500 ms)
// Prints each move, the median and the load average beside it.
#include "base/model/job.h"
#include "base/model/topology.h"
#include "policy.pb.h"
#include "policy_pages.h"
#include "sources/cluster/live_policies.h"
#include "sources/cluster/sim_options.h"
#include "sources/cluster/simulated_cluster.h"
#include "usecases/whatif/live_cut.h"
#include "usecases/whatif/whatif_run.h"
#include "widgets/canary_progress.h"
#include "widgets/live_whatif_strip.h"
#include "widgets/policy_editor.h"
#include "widgets/policy_form.h"
#include "widgets/whatif_metrics_model.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QSignalSpy>
#include <QSlider>
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <utility>
#include <vector>

using namespace hetsched;

namespace {

QString loadAverage() {
  QFile f(QStringLiteral("/proc/loadavg"));
  return f.open(QIODevice::ReadOnly) ? QString::fromLatin1(f.readAll()).section(QLatin1Char(' '), 0, 2)
                                     : QStringLiteral("?");
}

struct Cluster {
  std::shared_ptr<const Topology> topology;
  std::shared_ptr<const std::vector<Job>> jobs;
};

Cluster makeCluster(bool large) {
  SimOptions options;  // the embedded cluster's
  if (large) {
    // 716 x 2 CPUs + 833 x 8 GPUs + 476 x 4 TPUs = 10,000 devices.
    options.shape = defaultClusterShape(716, 833, 476);
    options.warmupS = 2 * 3600.0;
    options.completedHistory = 100000;
  }
  SimulatedCluster cluster(options);
  const JobState states[] = {JobState::Running, JobState::Queued, JobState::Completed};
  std::vector<Job> jobs = cluster.jobs(states, 1000000, nullptr);
  auto topology = std::make_shared<const Topology>(cluster.topology());
  if (large) {
    // 20,000 jobs in the cut: the earliest completed arrivals of the last
    // hour leave the list (so do not come again) until the cut holds 20,000.
    constexpr std::size_t kCutJobs = 20000;
    std::ranges::stable_sort(jobs, {}, &Job::submitTimeMs);
    const WhatifWorkload whole = liveCutWorkload(*topology, jobs);
    std::size_t cut = whole.jobs.size();
    std::printf("large: %zu devices, %zu jobs listed, cut of %zu jobs before trimming\n", topology->devices.size(),
                jobs.size(), whole.jobs.size());
    std::int64_t cutMs = 0;
    for (const Job& j : jobs) {  // as snapshotFromCutWorkload finds it
      cutMs = std::max({cutMs, j.submitTimeMs, j.startTimeMs});
      if (j.state == JobState::Completed) cutMs = std::max(cutMs, j.endTimeMs);
    }
    for (auto it = jobs.begin(); cut > kCutJobs && it != jobs.end();) {
      if (it->state == JobState::Completed && it->submitTimeMs > cutMs - std::int64_t{3600} * 1000) {
        it = jobs.erase(it);
        --cut;
      } else {
        ++it;
      }
    }
  }
  return {topology, std::make_shared<const std::vector<Job>>(std::move(jobs))};
}

}  // namespace

int main(int argc, char** argv) {
  if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
  QApplication app(argc, argv);
  const QString which = argc > 1 ? QString::fromLocal8Bit(argv[1]) : QStringLiteral("default");
  const int moves = argc > 2 ? std::max(3, std::atoi(argv[2])) : 15;
  QElapsedTimer setup;
  setup.start();
  const Cluster cluster = makeCluster(which == QLatin1String("large"));
  std::printf("%s: cluster made in %.1f s\n", qPrintable(which), setup.elapsed() / 1000.0);

  QWidget host;
  host.resize(1400, 900);
  PolicyPages pages(nullptr, &host);
  pages.setLiveCluster(cluster.topology, cluster.jobs);
  const v1::Policy inForce = liveDefaultPolicy();
  pages.editor()->setBasePolicy(inForce, QStringLiteral("bench"));
  pages.editor()->setPolicy(inForce);
  LiveWhatifStrip* strip = pages.liveStrip();
  QSignalSpy shown(strip, &LiveWhatifStrip::shown);
  host.show();
  if (!shown.wait(600000)) {
    std::fprintf(stderr, "no first result: %s\n", qPrintable(strip->statusText()));
    return 1;
  }
  const WhatifResults* first = strip->model()->results();
  std::printf("cut: %zu devices, %zu running + %zu queued + %zu arriving = %zu jobs; baseline run %.0f ms\n",
              cluster.topology->devices.size(), first->facts.running, first->facts.queued, first->facts.again,
              first->facts.running + first->facts.queued + first->facts.again, first->runs[0].wallS * 1000.0);

  QSlider* slider = pages.editor()->form()->sliderFor(QStringLiteral("placement.priority_factor"));
  std::vector<double> total;
  std::vector<double> simulation;
  for (int i = 0; i < moves; ++i) {
    shown.clear();
    QElapsedTimer t;
    t.start();
    // 1.25, 1.5, ...: every move a value not run before.
    slider->setValue(slider->value() + 5);
    if (!shown.wait(600000)) {
      std::fprintf(stderr, "move %d: no result: %s\n", i, qPrintable(strip->statusText()));
      return 1;
    }
    strip->repaint();
    const double ms = static_cast<double>(t.nsecsElapsed()) / 1e6;
    const double run = strip->model()->results()->runs[1].wallS * 1000.0;
    total.push_back(ms);
    simulation.push_back(run);
    std::printf("move %2d: priority factor %.2f: %.1f ms to redrawn metrics (run %.1f ms), load %s\n", i + 1,
                pages.editor()->policy().placement().priority_factor(), ms, run, qPrintable(loadAverage()));
  }
  const auto median = [](std::vector<double> v) {
    std::ranges::sort(v);
    return v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2.0;
  };
  std::printf("%s: median %.1f ms from slider to redrawn metrics (simulation %.1f ms) over %d moves, load %s\n",
              qPrintable(which), median(total), median(simulation), moves, qPrintable(loadAverage()));
  return 0;
}
