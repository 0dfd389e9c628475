#pragma once

#include "base/model/frame.h"
#include "canary_progress.h"
#include "policy_service.pb.h"

#include <QDialog>
#include <cstdint>
#include <vector>

class QCheckBox;
class QDoubleSpinBox;
class QLabel;
class QPushButton;
class QSpinBox;

namespace hetsched {

// The operator's answer to "promote the canary?".
struct PromoteAnswer {
  bool promote = false;
  // Promote although the canary has not run long enough.
  bool override = false;
  double minS = 0.0;
  std::uint32_t minStarts = 0;
};

// Asks before a canary becomes the policy for every job: both arms' live
// counters side by side, how long the canary has run against the bounds
// it needs (prefilled from the candidate policy, editable here), and
// Promote enabled only once a bound is met or the override is ticked.
class PromoteDialog : public QDialog {
  Q_OBJECT
 public:
  PromoteDialog(const v1::GetPolicyResponse& state, const std::vector<ArmSummary>& arms, const CanaryProgress& progress,
                QWidget* parent = nullptr);

  PromoteAnswer answer() const;
  QString comparisonText() const;
  QPushButton* promoteButton() const { return m_promote; }
  QCheckBox* overrideBox() const { return m_override; }
  QSpinBox* minStartsBox() const { return m_minStarts; }

 private:
  void update();

  CanaryProgress m_progress;
  QLabel* m_comparison;
  QLabel* m_progressText;
  QDoubleSpinBox* m_minMinutes;
  QSpinBox* m_minStarts;
  QCheckBox* m_override;
  QPushButton* m_promote;
};

}  // namespace hetsched
