#pragma once

#include "base/model/job.h"
#include "base/model/topology.h"
#include "capacity_state.h"
#include "core_job.h"
#include "free_capacity_index.h"

#include <cstdint>
#include <limits>

namespace hetsched {

// The core's answer to "does this job fit on that node": the node is up,
// one of the job's allowed device models, and fitOnNode. Keeps the placement
// of the last node that fitted so the winner is not computed twice.
class JobFit final : public FitOracle {
 public:
  JobFit(const Topology& topology, const CapacityState& state) : m_topology(topology), m_state(state) {}

  void reset(const CoreJob& job, const JobSpec& spec) {
    m_job = &job;
    m_spec = &spec;
    m_cachedNode = kNone;
    m_blocked = kNone;
  }
  // Until the next reset, `node` (kept for another job) fits nothing.
  void block(std::uint32_t node) { m_blocked = node; }
  bool fits(std::uint32_t node) override;
  bool fitsOnDevice(std::uint32_t node, std::uint32_t localDevice) override;
  // The placement on `node`, which must fit.
  Placement take(std::uint32_t node);

 private:
  static constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();

  const Topology& m_topology;
  const CapacityState& m_state;
  const CoreJob* m_job = nullptr;
  const JobSpec* m_spec = nullptr;
  std::uint32_t m_cachedNode = kNone;
  std::uint32_t m_blocked = kNone;
  Placement m_cached;
};

}  // namespace hetsched
