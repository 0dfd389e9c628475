#include "alert_board.h"

#include <chrono>

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
  r.revision = m_evaluator.revision();
  r.atMs = m_evaluator.atMs();
  r.evaluateMs = m_evaluateMs;
  r.alerts = m_evaluator.alerts();
  r.rules = m_evaluator.rules();
  r.rulesOrigin = m_origin;
  return r;
}

std::uint64_t AlertBoard::revision() const {
  std::lock_guard lock(m_mutex);
  return m_evaluator.revision();
}

std::size_t AlertBoard::firingCount() const {
  std::lock_guard lock(m_mutex);
  return m_evaluator.firingCount();
}

}  // namespace hetsched
