#pragma once

#include "serve/alert/alert.h"
#include "serve/alert/alert_conditions.h"
#include "serve/alert/alert_evaluator.h"
#include "serve/alert/alert_rule.h"

#include <cstddef>
#include <cstdint>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

namespace hetsched {

// The gateway's alerts: the evaluator the ticker runs on every frame, the
// rules' origin and who acknowledged which alert, behind a lock of their
// own so that GetAlerts, SetAlertRules and AcknowledgeAlerts never wait for
// the cluster's.
class AlertBoard {
 public:
  void setRules(std::vector<AlertRule> rules, std::string origin);
  // One frame; the time it took is kept for GetAlerts and /metrics.
  void evaluate(const AlertInputs& inputs);
  AlertReport report() const;
  struct Acknowledged {
    std::uint32_t added = 0;              // newly acknowledged
    std::vector<std::uint64_t> unknown;  // ids the evaluator does not hold
  };
  // Marks the alerts as seen by `who` at `wallMs`; the revision moves when
  // any is new. Acknowledgements of alerts the evaluator has let go are
  // forgotten here too, so they take no more room than the alerts do.
  Acknowledged acknowledge(const std::vector<std::uint64_t>& ids, const std::string& who, std::int64_t wallMs);
  std::uint64_t revision() const;
  std::size_t firingCount() const;

 private:
  mutable std::mutex m_mutex;
  AlertEvaluator m_evaluator;
  std::string m_origin = "built-in";
  struct Ack {
    std::string who;
    std::int64_t wallMs = 0;
  };
  std::unordered_map<std::uint64_t, Ack> m_acks;
  std::uint64_t m_ackRevisions = 0;  // added to the evaluator's: the revision moves on a new ack too
  double m_evaluateMs = 0.0;
};

}  // namespace hetsched
