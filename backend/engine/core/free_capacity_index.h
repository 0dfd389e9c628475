#pragma once

#include "base/model/device_kind.h"
#include "base/model/topology.h"

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace hetsched {

// Asks whether the job being placed fits on a node (all dimensions: memory,
// host CPU, per-device shares, allowed models). Non-const so that an
// implementation may keep the placement it computed for the winner.
class FitOracle {
 public:
  virtual ~FitOracle() = default;
  virtual bool fits(std::uint32_t node) = 0;
  // As fits(), with a GPU share put on the node's `localDevice`-th device
  // rather than where the placer would put it: scorers that choose the GPU
  // too (the ATC'23 family) pass their choice through here.
  virtual bool fitsOnDevice(std::uint32_t node, std::uint32_t localDevice) {
    (void)localDevice;
    return fits(node);
  }
};

// Free capacity of every node on its primary resource (CPU milli on CPU
// nodes, accelerator milli on GPU/TPU nodes), indexed per device kind so
// that placement cost grows with log(nodes), not nodes:
//  - a max segment tree over the kind's nodes in index order answers
//    "leftmost node from position p with free >= need" (first fit, round
//    robin, hashing with linear probing);
//  - buckets keyed by exact free milli, with a two-level bitmap of
//    non-empty buckets, answer best fit and worst fit. Ties within a bucket
//    go to the node whose capacity changed last (deterministic, and it keeps
//    recently touched nodes hot).
class FreeCapacityIndex {
 public:
  FreeCapacityIndex(const Topology& topology, std::span<const std::uint32_t> freeMilli,
                    std::span<const std::uint32_t> totalMilli);

  void update(std::uint32_t node, std::uint32_t freeMilli);

  std::span<const std::uint32_t> nodesOf(DeviceKind kind) const { return m_kinds[index(kind)].nodes; }
  std::uint32_t positionOf(std::uint32_t node) const { return m_position[node]; }
  std::uint32_t freeOf(std::uint32_t node) const { return m_free[node]; }
  std::uint32_t maxFree(DeviceKind kind) const;
  // The largest node total of the kind (the bucket range).
  std::uint32_t maxTotal(DeviceKind kind) const {
    return static_cast<std::uint32_t>(m_kinds[index(kind)].bucketHead.size() - 1);
  }

  // Leftmost node at position >= from in nodesOf(kind), with free >= need,
  // that the oracle accepts.
  std::optional<std::uint32_t> firstFit(DeviceKind kind, std::uint32_t need, std::uint32_t from, FitOracle& fit) const;
  // Same, wrapping around to position 0 once.
  std::optional<std::uint32_t> nextFitWrapping(DeviceKind kind, std::uint32_t need, std::uint32_t from,
                                               FitOracle& fit) const;
  // The accepted node with the least (best) or most (worst) free >= need.
  std::optional<std::uint32_t> bestFit(DeviceKind kind, std::uint32_t need, FitOracle& fit) const;
  std::optional<std::uint32_t> worstFit(DeviceKind kind, std::uint32_t need, FitOracle& fit) const;
  // The accepted node with the least free capacity below `freeBelow` (the
  // busiest), visiting at most `maxVisits` nodes.
  std::optional<std::uint32_t> mostLoaded(DeviceKind kind, std::uint32_t freeBelow, std::uint32_t maxVisits,
                                          FitOracle& accept) const;

 private:
  struct PerKind {
    std::vector<std::uint32_t> nodes;
    std::uint32_t leaves = 1;
    std::vector<std::uint32_t> tree;  // 2 * leaves, max free of the subtree
    std::vector<std::int32_t> bucketHead;
    std::vector<std::uint64_t> bits;     // bucket non-empty
    std::vector<std::uint64_t> summary;  // bits word non-empty
  };

  std::int32_t findLeftmost(const PerKind& k, std::uint32_t from, std::uint32_t need) const;
  std::optional<std::uint32_t> nextBucketAtLeast(const PerKind& k, std::uint32_t value) const;
  std::optional<std::uint32_t> prevBucketAtMost(const PerKind& k, std::uint32_t value) const;
  void link(PerKind& k, std::uint32_t node);
  void unlink(PerKind& k, std::uint32_t node);

  std::array<PerKind, kDeviceKindCount> m_kinds;
  std::vector<std::uint8_t> m_kindOf;
  std::vector<std::uint32_t> m_position;
  std::vector<std::uint32_t> m_free;
  std::vector<std::int32_t> m_next;
  std::vector<std::int32_t> m_prev;
};

}  // namespace hetsched
