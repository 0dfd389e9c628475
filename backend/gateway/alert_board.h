#pragma once

#include "alert/alert_evaluator.h"

#include <mutex>
#include <string>

namespace hetsched {

// The gateway's alerts: the evaluator the ticker runs on every frame, and
// the rules' origin, behind a lock of their own so that GetAlerts and
// SetAlertRules never wait for the cluster's.
class AlertBoard {
 public:
  void setRules(std::vector<AlertRule> rules, std::string origin);
  // One frame; the time it took is kept for GetAlerts and /metrics.
  void evaluate(const AlertInputs& inputs);
  AlertReport report() const;
  std::uint64_t revision() const;
  std::size_t firingCount() const;

 private:
  mutable std::mutex m_mutex;
  AlertEvaluator m_evaluator;
  std::string m_origin = "built-in";
  double m_evaluateMs = 0.0;
};

}  // namespace hetsched
