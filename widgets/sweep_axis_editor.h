#pragma once

#include "usecases/whatif/policy_parameter.h"

#include <QWidget>
#include <cstddef>
#include <vector>

class QComboBox;
class QDoubleSpinBox;

namespace hetsched {

// One axis of a sweep: a numeric parameter of the policy (by its path) and
// the range it takes, from, to and step, as `hetsched sweep --vary
// PATH=FROM:TO:STEP` takes it (text() is that argument).
class SweepAxisEditor : public QWidget {
  Q_OBJECT
 public:
  explicit SweepAxisEditor(QWidget* parent = nullptr);

  // The parameters offered; keeps the chosen one when it is still there,
  // else picks `preferred` (an index into `parameters`).
  void setParameters(std::vector<PolicyParameter> parameters, std::size_t preferred = 0);
  QString path() const;
  // Chooses `path` and its range; false when the policy has no such
  // parameter.
  bool setRange(const QString& path, double from, double to, double step);
  // "path=from:to:step", each number exact (shortest round trip).
  QString text() const;

 Q_SIGNALS:
  void changed();

 private:
  // A range around the parameter's value: 0 to twice it in ten steps.
  void suggestRange();
  // Decimals, steps and bounds the field's type allows.
  void applyKind(const PolicyParameter& p);

  QComboBox* m_parameter;
  QDoubleSpinBox* m_from;
  QDoubleSpinBox* m_to;
  QDoubleSpinBox* m_step;
  std::vector<PolicyParameter> m_parameters;
};

}  // namespace hetsched
