#include "base/model/job.h"
#include "decision_sink.h"
#include "engine/policy/compiled_policy.h"
#include "free_capacity_index.h"
#include "scheduling_core.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <utility>
#include <vector>

// Seed §2.4's multi-device hand-over, run on every sampling tick:
//  1. a node whose load is above the threshold asks to move one of its
//     interruptible jobs;
//  2. its peers of the same kind answer with an offer: room for the job now,
//     without going over the threshold themselves, and room still predicted
//     over the transfer window by the trend of their sampled free capacity;
//  3. the policy's own placement rule picks the best offer;
//  4. the job moves, paused while its state crosses the link.
namespace hetsched {

namespace {

// The peers' answers, seen by the placement scorer as the only nodes a job fits on.
class OfferOracle final : public FitOracle {
 public:
  using Offers = std::function<bool(std::uint32_t)>;
  OfferOracle(Offers offers, FitOracle& fit) : m_offers(std::move(offers)), m_fit(fit) {}
  bool fits(std::uint32_t node) override { return m_offers(node) && m_fit.fits(node); }
  bool fitsOnDevice(std::uint32_t node, std::uint32_t localDevice) override {
    return m_offers(node) && m_fit.fitsOnDevice(node, localDevice);
  }

 private:
  Offers m_offers;
  FitOracle& m_fit;
};

// Newest jobs are asked to move first (least work behind them); a few are
// enough to find one that some peer can take.
constexpr std::size_t kMaxJobsTriedPerSource = 4;
// Each try asks every peer; on a saturated cluster most of the loaded nodes
// find no offer, and trying them all would make a tick cost nodes squared.
constexpr std::size_t kMaxSourcesTriedPerTick = 16;

}  // namespace

double SchedulingCore::pauseOf(const Arm& arm, JobSlot j) const {
  const JobRequests& r = specOf(j).requests;
  const CompiledPolicy& p = arm.policy;
  const double gpus = r.gpuCount > 0 ? r.gpuCount : r.gpuMilli / 1000.0;
  const double dataGib = p.migrationDataGib + p.migrationDataGibPerGpu * gpus;
  const double transferS = p.migrationLinkGibPerS > 0.0 ? dataGib / p.migrationLinkGibPerS : 0.0;
  return p.migrationCostS + transferS;
}

void SchedulingCore::tick(double t) {
  if (m_running > 0)
    for (Arm& arm : m_arms)
      if (arm.ticks()) tickArm(arm, t);
  dispatchDirty(t);
}

void SchedulingCore::tickArm(Arm& arm, double t) {
  arm.history->record(t, m_state);
  const double threshold = arm.policy.migrationThreshold;
  auto load = [&](std::uint32_t n) {
    const double total = m_state.nodeTotalMilli(n);
    return total > 0 ? 1.0 - m_state.nodeFreeMilli(n) / total : 0.0;
  };
  std::vector<std::pair<double, std::uint32_t>> sources;
  for (std::uint32_t n = 0; n < m_topology.nodes.size(); ++n)
    if (!m_nodeJobs[n].empty() && load(n) > threshold) sources.emplace_back(-load(n), n);
  std::ranges::sort(sources);  // most loaded first; the lower index on a tie
  std::uint32_t moved = 0;
  std::size_t tried = 0;
  for (const auto& [negLoad, n] : sources) {
    if (moved >= arm.policy.migrationMaxPerTick || tried++ >= kMaxSourcesTriedPerTick) break;
    if (load(n) > threshold && shed(arm, n, t)) ++moved;
  }
}

bool SchedulingCore::shed(Arm& arm, std::uint32_t source, double t) {
  const double threshold = arm.policy.migrationThreshold;
  const auto& jobs = m_nodeJobs[source];
  std::size_t tried = 0;
  for (auto it = jobs.rbegin(); it != jobs.rend() && tried < kMaxJobsTriedPerSource; ++it) {
    const JobSlot j = *it;
    if (!m_slots[j].job->spec.interruptible || &armOfJob(j) != &arm) continue;
    ++tried;
    const double pauseS = pauseOf(arm, j);
    const double windowS = arm.policy.migrationWindowS > 0.0 ? arm.policy.migrationWindowS : pauseS;
    const double need = m_slots[j].need;
    const auto offers = [&](std::uint32_t n) {
      if (n == source || !m_state.isUp(n)) return false;
      const double total = m_state.nodeTotalMilli(n);
      const double freeNow = m_state.nodeFreeMilli(n);
      if (total <= 0.0 || freeNow < need || 1.0 - (freeNow - need) / total > threshold) return false;
      return arm.history->predict(n, freeNow, total, windowS) >= need;
    };
    m_fit.reset(*m_slots[j].job, specOf(j));
    OfferOracle oracle(offers, m_fit);
    const auto target = arm.scorer->choose({m_topology, m_state, m_index}, requestOf(j), oracle);
    if (!target) continue;
    move(j, m_fit.take(*target), t, pauseS);
    return true;  // `jobs` changed under the iterator
  }
  return false;
}

}  // namespace hetsched
