#pragma once

#include <QSlider>

#include <functional>

class QDoubleSpinBox;
class QSpinBox;

namespace hetsched {

// A slider beside one numeric field of the policy form, moving the field's
// value in steps over a range chosen for that parameter. The field stays
// the value's owner: the slider sets it (so the form's edited() and the
// live what-if follow as for typing) and follows it when it is typed or
// loaded. A value beyond the range widens it, so no value is out of reach.
class ParameterSlider : public QSlider {
  Q_OBJECT
 public:
  ParameterSlider(QDoubleSpinBox* field, double low, double high, double step, QWidget* parent = nullptr);
  ParameterSlider(QSpinBox* field, int low, int high, int step, QWidget* parent = nullptr);

  double low() const { return m_low; }
  double high() const { return m_high; }
  double step() const { return m_step; }
  // The field's value for slider position `position`.
  double valueAt(int position) const { return m_low + m_step * position; }

 private:
  void setUp(double low, double high, double step);
  void follow(double value);
  void moved(int position);

  std::function<double()> m_get;
  std::function<void(double)> m_set;
  double m_low = 0.0;
  double m_high = 1.0;
  double m_step = 1.0;
  bool m_following = false;
};

}  // namespace hetsched
