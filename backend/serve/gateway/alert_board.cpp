#include "alert_board.h"

#include "serve/alert/alert.h"
#include "serve/alert/alert_conditions.h"
#include "serve/alert/alert_rule.h"

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <ratio>
#include <string>
#include <unordered_set>
#include <utility>
#include <vector>

namespace hetsched {

void AlertBoard::setRules(std::vector<AlertRule> rules, std::string origin) {
  std::lock_guard lock(m_mutex);
  m_evaluator.setRules(std::move(rules), m_evaluator.atMs());
  m_origin = std::move(origin);
}

void AlertBoard::evaluate(const AlertInputs& inputs) {
  std::lock_guard lock(m_mutex);
  const auto began = std::chrono::steady_clock::now();
  m_evaluator.evaluate(inputs);
  m_evaluateMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - began).count();
}

AlertReport AlertBoard::report() const {
  std::lock_guard lock(m_mutex);
  AlertReport r;
  r.revision = m_evaluator.revision() + m_ackRevisions;
  r.atMs = m_evaluator.atMs();
  r.evaluateMs = m_evaluateMs;
  r.alerts = m_evaluator.alerts();
  if (!m_acks.empty()) {
    for (Alert& a : r.alerts) {
      if (const auto it = m_acks.find(a.id); it != m_acks.end()) {
        a.acknowledgedBy = it->second.who;
        a.acknowledgedWallMs = it->second.wallMs;
      }
    }
  }
  r.rules = m_evaluator.rules();
  r.rulesOrigin = m_origin;
  return r;
}

AlertBoard::Acknowledged AlertBoard::acknowledge(const std::vector<std::uint64_t>& ids, const std::string& who,
                                                 std::int64_t wallMs) {
  std::lock_guard lock(m_mutex);
  std::unordered_set<std::uint64_t> held;
  for (const Alert& a : m_evaluator.alerts()) held.insert(a.id);
  std::erase_if(m_acks, [&held](const auto& ack) { return !held.contains(ack.first); });
  Acknowledged result;
  for (const std::uint64_t id : ids) {
    if (!held.contains(id)) {
      result.unknown.push_back(id);
      continue;
    }
    if (m_acks.try_emplace(id, Ack{who, wallMs}).second) ++result.added;
  }
  if (result.added > 0) ++m_ackRevisions;
  return result;
}

std::uint64_t AlertBoard::revision() const {
  std::lock_guard lock(m_mutex);
  return m_evaluator.revision() + m_ackRevisions;
}

std::size_t AlertBoard::firingCount() const {
  std::lock_guard lock(m_mutex);
  return m_evaluator.firingCount();
}

}  // namespace hetsched
