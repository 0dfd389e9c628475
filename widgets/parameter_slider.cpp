#include "parameter_slider.h"

#include <QDoubleSpinBox>
#include <QSignalBlocker>
#include <QSpinBox>

#include <algorithm>
#include <cmath>

namespace hetsched {

ParameterSlider::ParameterSlider(QDoubleSpinBox* field, double low, double high, double step, QWidget* parent)
    : QSlider(Qt::Horizontal, parent),
      m_get([field] { return field->value(); }),
      m_set([field](double v) { field->setValue(v); }) {
  setUp(low, high, step);
  connect(field, &QDoubleSpinBox::valueChanged, this, &ParameterSlider::follow);
}

ParameterSlider::ParameterSlider(QSpinBox* field, int low, int high, int step, QWidget* parent)
    : QSlider(Qt::Horizontal, parent),
      m_get([field] { return static_cast<double>(field->value()); }),
      m_set([field](double v) { field->setValue(static_cast<int>(std::lround(v))); }) {
  setUp(low, high, step);
  connect(field, &QSpinBox::valueChanged, this, [this](int v) { follow(v); });
}

void ParameterSlider::setUp(double low, double high, double step) {
  m_low = low;
  m_high = high;
  m_step = step;
  setRange(0, static_cast<int>(std::lround((m_high - m_low) / m_step)));
  // One key press or wheel notch is one step; Page Up/Down a tenth of the range.
  setSingleStep(1);
  setPageStep(std::max(1, maximum() / 10));
  setMinimumWidth(120);
  connect(this, &QSlider::valueChanged, this, &ParameterSlider::moved);
  follow(m_get());
}

void ParameterSlider::follow(double value) {
  if (m_following) return;
  if (value > m_high) {
    // Typed past the end: the range grows to hold it, in whole steps.
    m_high = m_low + m_step * std::ceil((value - m_low) / m_step);
    const QSignalBlocker block(this);
    setMaximum(static_cast<int>(std::lround((m_high - m_low) / m_step)));
    setPageStep(std::max(1, maximum() / 10));
  }
  const QSignalBlocker block(this);
  setValue(static_cast<int>(std::lround(std::clamp((value - m_low) / m_step, 0.0, double(maximum())))));
}

void ParameterSlider::moved(int position) {
  // The field's own valueChanged comes back through follow(); it must not
  // move the slider under the operator's hand.
  m_following = true;
  m_set(valueAt(position));
  m_following = false;
}

}  // namespace hetsched
