#pragma once

#include "policy/free_capacity_index.h"
#include "sched/placer.h"
#include "sim_job.h"

#include <limits>

namespace hetsched {

// The simulator's answer to "does this job fit on that node": the job's
// allowed GPU models, then the live placer's per-device check. Keeps the
// placement of the last node that fitted so the winner is not computed twice.
class JobFit final : public FitOracle {
 public:
  JobFit(const Topology& topology, const CapacityState& state, const Placer& placer)
      : m_topology(topology), m_state(state), m_placer(placer) {}

  void reset(const SimJob& job, const JobSpec& spec) {
    m_job = &job;
    m_spec = &spec;
    m_cachedNode = kNone;
  }
  bool fits(std::uint32_t node) override;
  bool fitsOnDevice(std::uint32_t node, std::uint32_t localDevice) override;
  // The placement on `node`, which must fit.
  Placement take(std::uint32_t node);

 private:
  static constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();

  const Topology& m_topology;
  const CapacityState& m_state;
  const Placer& m_placer;
  const SimJob* m_job = nullptr;
  const JobSpec* m_spec = nullptr;
  std::uint32_t m_cachedNode = kNone;
  Placement m_cached;
};

}  // namespace hetsched
