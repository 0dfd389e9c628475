#pragma once

#include "base/model/device_kind.h"
#include "engine/core/core_seams.h"
#include "engine/core/placement_scorer.h"

#include <array>
#include <cstdint>
#include <span>
#include <vector>

namespace hetsched {

// The hybrid policy's decisions and what it sees of each. Three linear
// scorers (one weight vector each, so that a trained policy reads as what
// it prefers, and a decision costs a few hundred multiply-adds):
//
//  - Job: which of the first kSelectionWindow waiting jobs of a kind that
//    fit on some node now is tried first (the core offers no other: the
//    seed's mask on infeasible actions, exact and hard; a job that fits
//    nowhere is left out of the window until a node of its kind has room
//    for it, so the jobs behind it are offered where the rule engine's
//    blocked head holds them up). Per candidate: its place in the queue
//    (FCFS), its expected runtime against the window's (SJF), its size
//    (smallest first), whether its size is free on some node now (1 for
//    every job offered since the mask is exact: the layout of weights
//    files keeps it, its weight has no effect), how long it waited against
//    the others (aging). A picked job that does not start (deferred) ends
//    the dispatch and is left out of the window until a release too. The
//    soft ×0.1 mask is gone: every node proposal and every job offered
//    fits, so there is nothing else to mask.
//  - Node: among the proposals of several scorers for the picked job (the
//    rule engine's §4.3 score, best fit, FGD, GPU packing, first fit; one
//    candidate per distinct node). Per candidate: its free share before and
//    after, whether it breaks a whole node, which scorers propose it, and
//    the host CPU and memory it leaves free (of the node's; a GPU whose
//    host CPU or memory is gone is stranded, and the few one-GPU jobs that
//    ask a quarter of a node's host wait for a node where all three are
//    free at once).
//  - Defer: leave the job waiting for a release (only while something runs
//    on the kind, so a release will come). Its score is compared with the
//    best node's.
//
// All weights 0 are the rule engine (the queue's order, the §4.3 node,
// never defer) but for the blocked head passed over; SJF with best fit and
// FIFO with FGD are settings of the weights too.
inline constexpr std::uint32_t kSelectionWindow = 16;
// A job that has waited this long, and this many times the mean wait, is
// served before the others, a node kept for it while it fits nowhere
// (JobSelector::reserveAfterS). Relative to the mean so that under a deep
// queue, where most jobs wait hours, the learned order still decides.
inline constexpr double kHybridReserveAfterS = 3600.0;
inline constexpr double kHybridReserveAfterMeanWaits = 50.0;
inline constexpr int kJobFeatures = 5;
enum HybridProposer : int { kProposeRule = 0, kProposeBestFit, kProposeFgd, kProposePacking, kProposeFirstFit };
inline constexpr int kProposers = 5;
inline constexpr int kNodeFeatures = 3 + kProposers + 2;
inline constexpr int kDeferFeatures = 5;
inline constexpr int kHybridParameters = kJobFeatures + kNodeFeatures + kDeferFeatures;

using JobFeatures = std::array<double, kJobFeatures>;
using NodeFeatures = std::array<double, kNodeFeatures>;
using DeferFeatures = std::array<double, kDeferFeatures>;

// The window's features, in its order.
void describeJobs(std::span<const SelectionCandidate> window, const ScoringContext& context, DeviceKind kind,
                  std::vector<JobFeatures>& out);
// The same, given each candidate's log1p(expected runtime) and
// log1p(waited) (both of the value clamped at 0), which a caller may keep
// between decisions: a job's runtime does not change while it waits, and
// one dispatch offers mostly the same jobs at the same time again.
void describeJobs(std::span<const SelectionCandidate> window, std::span<const double> logRuntime,
                  std::span<const double> logWaited, const ScoringContext& context, DeviceKind kind,
                  std::vector<JobFeatures>& out);

// One distinct proposed node and who proposed it (lowest proposer first).
struct Proposal {
  std::uint32_t node = 0;
  int proposer = 0;
  NodeFeatures features{};
};

// Features of a proposed node for `request`, `proposedBy` a bit per proposer.
NodeFeatures describeNode(const ScoringContext& context, const PlacementRequest& request, std::uint32_t node,
                          unsigned proposedBy);
// Features of deferring `request` given the distinct proposals.
DeferFeatures describeDefer(const ScoringContext& context, const PlacementRequest& request,
                            std::span<const Proposal> proposals);

}  // namespace hetsched
