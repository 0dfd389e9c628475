#pragma once

#include "base/model/frame.h"

#include <cstddef>
#include <cstdint>
#include <deque>
#include <vector>

namespace hetsched {

// Per policy arm counters for the frame's QueueSummary.arms: arrivals,
// completions, preemptions and migrations since the arm's policy was set, and the waits of jobs started
// in a sliding window of simulated time.
class ArmStats {
 public:
  static constexpr double kWindowS = 300.0;

  // Starts afresh with `arms` arms (policies changed).
  void reset(std::size_t arms);
  void onArrival(std::size_t arm) {
    if (arm < m_arms.size()) ++m_arms[arm].arrivals;
  }
  void onCompleted(std::size_t arm) {
    if (arm < m_arms.size()) ++m_arms[arm].completed;
  }
  void onPreempted(std::size_t arm) {
    if (arm < m_arms.size()) ++m_arms[arm].preemptions;
  }
  void onMigrated(std::size_t arm) {
    if (arm < m_arms.size()) ++m_arms[arm].migrations;
  }
  void onStarted(std::size_t arm, std::int64_t nowMs, std::int64_t waitMs);
  // Fills counters and window figures; running/queued are the caller's.
  void fill(std::int64_t nowMs, std::vector<ArmSummary>& out);

 private:
  struct Start {
    std::int64_t atMs;
    std::int64_t waitMs;
    std::size_t arm;
  };
  struct Counters {
    std::uint64_t arrivals = 0;
    std::uint64_t completed = 0;
    std::uint64_t preemptions = 0;
    std::uint64_t migrations = 0;
  };
  std::vector<Counters> m_arms;
  std::deque<Start> m_starts;
};

}  // namespace hetsched
