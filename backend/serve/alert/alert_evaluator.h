#pragma once

#include "alert.h"
#include "alert_conditions.h"
#include "alert_rule.h"

#include <cstddef>
#include <cstdint>
#include <deque>
#include <unordered_map>
#include <vector>

namespace hetsched {

// The gateway's alerts: every rule's condition checked on every frame, an
// alert per rule and subject that is pending while the condition has held
// for less than the rule's hold time, firing after, and resolved once the
// condition no longer holds. Not thread-safe: the gateway's AlertBoard
// locks around it.
class AlertEvaluator {
 public:
  static constexpr std::size_t kResolvedKept = 100;

  explicit AlertEvaluator(std::vector<AlertRule> rules = defaultAlertRules());

  // Replaces the rules. A rule kept unchanged (same name, same fields)
  // keeps its alerts; the firing alerts of the others resolve at `atMs`.
  void setRules(std::vector<AlertRule> rules, std::int64_t atMs);
  const std::vector<AlertRule>& rules() const { return m_rules; }

  // One frame; true when an alert fired or resolved (the revision moved).
  bool evaluate(const AlertInputs& in);

  // Moves when an alert fires or resolves, or the rules change.
  std::uint64_t revision() const { return m_revision; }
  std::size_t firingCount() const { return m_firing; }
  std::int64_t atMs() const { return m_atMs; }
  // Firing (critical first), then pending, then the last kResolvedKept
  // resolved, newest first.
  std::vector<Alert> alerts() const;

 private:
  struct Live {
    Alert alert;
    std::uint64_t seen = 0;  // the evaluation that last found the condition
  };
  using LiveBySubject = std::unordered_map<std::uint32_t, Live>;

  void resolve(Live& live, std::int64_t atMs);

  std::vector<AlertRule> m_rules;
  std::vector<LiveBySubject> m_live;  // per rule
  std::deque<Alert> m_resolved;       // newest first
  std::vector<AlertHit> m_hits;       // scratch
  std::uint64_t m_generation = 0;
  std::uint64_t m_revision = 1;
  std::uint64_t m_nextId = 1;
  std::size_t m_firing = 0;
  std::int64_t m_atMs = 0;
};

}  // namespace hetsched
