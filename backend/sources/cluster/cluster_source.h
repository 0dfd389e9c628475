#pragma once

#include "base/model/frame.h"
#include "base/model/job.h"
#include "base/model/queue_ages.h"
#include "base/model/topology.h"
#include "engine/predict/queue_forecast.h"
#include "engine/sched/job_validation.h"
#include "live_policies.h"
#include "node_report.h"

#include <cstddef>
#include <memory>
#include <optional>
#include <span>
#include <variant>
#include <vector>

namespace hetsched {

// Where the gateway reads a cluster from: the simulated cluster, this host,
// node agents, Prometheus or Kubernetes, behind one interface. Not
// thread-safe: the gateway serialises calls, except refresh().
class ClusterSource {
 public:
  virtual ~ClusterSource() = default;

  virtual const Topology& topology() const = 0;
  // Advances to the next agent report round; the new state is frame().
  virtual void step() = 0;
  virtual const Frame& frame() const = 0;
  virtual std::variant<JobId, FieldError> submit(const JobSpec& spec) = 0;
  // Jobs in the given states (empty = queued and running), newest last.
  virtual std::vector<Job> jobs(std::span<const JobState> states, std::size_t limit,
                                std::size_t* totalMatching) const = 0;

  // Sources that only observe a real cluster do not place jobs; the gateway
  // answers SubmitJob with FAILED_PRECONDITION for them.
  virtual bool schedulesJobs() const { return true; }
  // Replaces the policies new scheduling decisions follow. Sources that do
  // not schedule refuse; the gateway then keeps its policy book unchanged.
  virtual std::optional<FieldError> setPolicies(const LivePolicies&) {
    return FieldError{"", "this source observes a real cluster and does not run jobs"};
  }
  // Frames from before the source started, oldest first, in the current
  // topology's layout, for the gateway's history ring (snapshots, replay).
  // Only sources with a history of their own (Prometheus) have any.
  virtual std::vector<Frame> backfill(double /*seconds*/) { return {}; }
  // Sources fed by node agents take their reports (ReportMetrics); others
  // answer FAILED_PRECONDITION. A returned error is the report's fault.
  virtual bool takesReports() const { return false; }
  virtual std::optional<FieldError> report(const NodeReport&) {
    return FieldError{"", "this source does not take agent reports"};
  }
  // Live predictions: a copy of the scheduling state, taken under the
  // gateway's lock, that QueueForecast::run() runs forward without it.
  // Null for sources that do not schedule jobs.
  virtual std::unique_ptr<QueueForecast> forecast() const { return nullptr; }
  // The longest waits per priority class now (job_wait alerts); sources
  // that do not know their queue answer none.
  virtual QueueAges queueAges() const { return {}; }
  // Slow I/O (HTTP, files) for the next step(), called by the ticker outside
  // the gateway's lock, so RPCs are not held up meanwhile. It may run while
  // other threads call the const methods and must not change what they see.
  virtual void refresh() {}
};

}  // namespace hetsched
