#include "sim_snapshot.h"

#include "base/model/frame.h"
#include "base/model/job.h"
#include "base/model/wall_clock.h"
#include "data/store/snapshot_data.h"
#include "engine/policy/policy_loader.h"
#include "policy.pb.h"
#include "sources/cluster/live_policies.h"
#include "sources/cluster/sim_options.h"
#include "sources/cluster/simulated_cluster.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>

namespace hetsched::cli {

SnapshotData recordSimSnapshot(const SimOptions& options, std::size_t frames, std::size_t minJobs, std::string name) {
  SimulatedCluster cluster(options);
  SnapshotData d;
  d.name = std::move(name);
  d.takenAtMs = wallNowMs();
  d.topology = cluster.topology();
  // What a SimulatedCluster runs until a policy is pushed.
  const v1::Policy policy = liveDefaultPolicy();
  d.policy = {policy.name(), policy.version(), policyToJson(policy)};
  d.history.reserve(frames);
  for (std::size_t i = 0; i < frames; ++i) {
    cluster.step();
    Frame f = cluster.frame();
    // Simulated time runs on its own clock; give each frame the wall time
    // an agent period apart, ending now.
    f.wallTimeMs = d.takenAtMs - static_cast<std::int64_t>((frames - 1 - i) * options.agentPeriodMs);
    d.history.push_back(std::move(f));
  }
  // As the gateway's snapshot: the jobs still kept as completed too, so a
  // what-if on the snapshot replays the recent past, not only the present.
  const JobState states[] = {JobState::Running, JobState::Queued, JobState::Completed};
  d.jobs = cluster.jobs(states, std::size_t(-1), nullptr);
  if (!d.jobs.empty() && d.jobs.size() < minJobs) {
    JobId next = d.jobs.back().id + 1;
    const std::size_t real = d.jobs.size();
    for (std::size_t i = 0; d.jobs.size() < minJobs; ++i) {
      Job copy = d.jobs[i % real];
      copy.id = next++;
      copy.state = JobState::Queued;
      copy.startTimeMs = -1;
      copy.devices.clear();
      d.jobs.push_back(std::move(copy));
    }
  }
  return d;
}

}  // namespace hetsched::cli
