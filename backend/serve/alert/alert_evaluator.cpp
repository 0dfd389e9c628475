#include "alert_evaluator.h"

#include "alert.h"
#include "alert_conditions.h"
#include "alert_rule.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <utility>
#include <vector>

namespace hetsched {

std::string_view toString(AlertState state) {
  switch (state) {
    case AlertState::Pending: return "pending";
    case AlertState::Firing: return "firing";
    case AlertState::Resolved: return "resolved";
  }
  return "pending";
}

std::size_t AlertReport::firingCount() const {
  return static_cast<std::size_t>(
      std::ranges::count_if(alerts, [](const Alert& a) { return a.state == AlertState::Firing; }));
}

AlertEvaluator::AlertEvaluator(std::vector<AlertRule> rules) { setRules(std::move(rules), 0); }

void AlertEvaluator::setRules(std::vector<AlertRule> rules, std::int64_t atMs) {
  std::vector<LiveBySubject> live(rules.size());
  for (std::size_t i = 0; i < rules.size(); ++i) {
    for (std::size_t old = 0; old < m_rules.size(); ++old) {
      if (m_rules[old] == rules[i] && !m_live[old].empty()) {
        live[i] = std::move(m_live[old]);
        m_live[old].clear();
        break;
      }
    }
  }
  for (LiveBySubject& gone : m_live)
    for (auto& [subject, l] : gone) resolve(l, atMs);
  m_rules = std::move(rules);
  m_live = std::move(live);
  ++m_revision;
}

void AlertEvaluator::resolve(Live& live, std::int64_t atMs) {
  if (live.alert.state != AlertState::Firing) return;  // a pending alert just goes
  --m_firing;
  live.alert.state = AlertState::Resolved;
  live.alert.resolvedMs = atMs;
  m_resolved.push_front(std::move(live.alert));
  if (m_resolved.size() > kResolvedKept) m_resolved.pop_back();
}

bool AlertEvaluator::evaluate(const AlertInputs& in) {
  ++m_generation;
  const std::int64_t now = in.frame->simTimeMs;
  m_atMs = now;
  bool changed = false;
  for (std::size_t r = 0; r < m_rules.size(); ++r) {
    const AlertRule& rule = m_rules[r];
    alertHits(rule, in, m_hits);
    LiveBySubject& live = m_live[r];
    const auto holdMs = static_cast<std::int64_t>(rule.forS * 1000.0);
    for (const AlertHit& hit : m_hits) {
      auto [it, inserted] = live.try_emplace(hit.subject);
      Live& l = it->second;
      if (inserted) {
        l.alert.id = m_nextId++;
        l.alert.rule = rule.name;
        l.alert.kind = rule.kind;
        l.alert.severity = rule.severity;
        l.alert.subject = alertSubjectName(rule, hit.subject, *in.topology);
        l.alert.threshold = rule.above;
        l.alert.sinceMs = now;
      }
      l.alert.value = hit.value;
      l.seen = m_generation;
      if (l.alert.state == AlertState::Pending && now - l.alert.sinceMs >= holdMs) {
        l.alert.state = AlertState::Firing;
        l.alert.firedMs = now;
        l.alert.firedWallMs = in.wallMs;
        ++m_firing;
        changed = true;
      }
    }
    if (live.size() == m_hits.size()) continue;  // every alert of the rule still holds
    for (auto it = live.begin(); it != live.end();) {
      if (it->second.seen == m_generation) {
        ++it;
        continue;
      }
      changed |= it->second.alert.state == AlertState::Firing;
      resolve(it->second, now);
      it = live.erase(it);
    }
  }
  if (changed) ++m_revision;
  return changed;
}

std::vector<Alert> AlertEvaluator::alerts() const {
  std::vector<Alert> out;
  for (const LiveBySubject& live : m_live)
    for (const auto& [subject, l] : live) out.push_back(l.alert);
  std::ranges::sort(out, [](const Alert& a, const Alert& b) {
    const auto rank = [](const Alert& x) {
      return x.state == AlertState::Firing ? (x.severity == AlertSeverity::Critical ? 0 : 1) : 2;
    };
    if (rank(a) != rank(b)) return rank(a) < rank(b);
    if (a.sinceMs != b.sinceMs) return a.sinceMs < b.sinceMs;
    return a.id < b.id;
  });
  out.insert(out.end(), m_resolved.begin(), m_resolved.end());
  return out;
}

}  // namespace hetsched
