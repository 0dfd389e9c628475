#pragma once

#include "base/model/device_kind.h"
#include "base/model/job.h"
#include "base/model/topology.h"
#include "capacity_state.h"
#include "free_capacity_index.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string_view>

namespace hetsched {

// What a scorer sees of the cluster at the moment of a decision.
struct ScoringContext {
  const Topology& topology;
  const CapacityState& state;
  const FreeCapacityIndex& index;
};

// The job being placed: its spec, the device kind it was routed to, what it
// needs of that kind's primary resource, its hashing key (the seed's
// "client IP": a user, a tenant, a job group) and the device models it may
// use (indices into Topology::models; empty: any).
struct PlacementRequest {
  const JobSpec& spec;
  DeviceKind kind = DeviceKind::Cpu;
  std::uint32_t needMilli = 0;
  std::string_view key;
  std::span<const std::uint32_t> allowedModels = {};
  // The job has waited past its selector's limit (JobSelector::
  // reserveAfterS): a scorer that may leave a job waiting does not.
  bool overdue = false;
};

// What a job needs of its kind's primary resource (CPU milli, GPU milli,
// TPU milli): PlacementRequest::needMilli and the free-capacity index's key.
inline std::uint32_t primaryNeed(const JobRequests& r, DeviceKind kind) {
  switch (kind) {
    case DeviceKind::Cpu: return r.cpuMilli;
    case DeviceKind::Gpu: return r.gpuCount > 0 ? r.gpuCount * 1000 : r.gpuMilli;
    case DeviceKind::Tpu: return r.tpuCount * 1000;
  }
  return 0;
}

// Chooses the node for one job among those of its kind that fit. This is the
// extension point of the placement family: the built-in rules and, through
// ScorerRegistry, scorers written elsewhere (the ATC'23 GPU-sharing family:
// Random-fit, DotProd, GPU Clustering, GPU Packing, Best-fit, FGD; the
// seed's §2.5 hybrid).
class JobSelector;

class PlacementScorer {
 public:
  virtual ~PlacementScorer() = default;
  virtual std::optional<std::uint32_t> choose(const ScoringContext& context, const PlacementRequest& request,
                                              FitOracle& fit) = 0;
  // A copy with the same state, for a copy of the core (predictions run a
  // copy forward).
  virtual std::unique_ptr<PlacementScorer> clone() const = 0;
  // Whether choose() finds nothing only when no node of the kind passes
  // the fit oracle, and then changes nothing (no random draw, no cursor
  // moved). The core then skips jobs it knows fit nowhere, and stops
  // reading the queue when every waiting job is such a job; a scorer that
  // is not (a random draw, a learned rule that may defer) is asked every
  // time.
  virtual bool exhaustive() const { return false; }
  // Whether choose(), for a job that needs more of its kind than any node
  // has free, finds nothing and changes nothing: true of an exhaustive
  // scorer, and of one that may still defer otherwise (the hybrid). The
  // selector seam then does not try such jobs where a failure ends the
  // dispatch anyway.
  virtual bool quietWhenNothingFits() const { return exhaustive(); }
  // A scorer that also chooses which waiting job goes next (the hybrid)
  // returns its selector, owned by the scorer; the core's dispatch then
  // reads the arm's queue through it.
  virtual JobSelector* selector() { return nullptr; }
  // Lifecycle notices for scorers with state (least connections).
  virtual void onStarted(std::uint32_t node) { (void)node; }
  virtual void onFinished(std::uint32_t node) { (void)node; }
  // The same events with the devices and shares taken, for scorers that
  // keep their own view of each node (the ATC'23 adapter's GPU nodes).
  virtual void onAllocated(const Placement& placement) { (void)placement; }
  virtual void onReleased(const Placement& placement) { (void)placement; }
};

// The usual clone() for a copyable scorer.
template <typename Derived>
class CopyableScorer : public PlacementScorer {
 public:
  std::unique_ptr<PlacementScorer> clone() const override {
    return std::make_unique<Derived>(static_cast<const Derived&>(*this));
  }
};

}  // namespace hetsched
