#include "weight_sliders.h"

#include <QGridLayout>
#include <QLabel>
#include <QLineEdit>
#include <QRegularExpression>
#include <QSignalBlocker>
#include <QSlider>
#include <algorithm>
#include <cstddef>

namespace hetsched {

namespace {

QStringList entries(const QString& text) {
  static const QRegularExpression separators(QStringLiteral("[,\\s]+"));
  return text.split(separators, Qt::SkipEmptyParts);
}

}  // namespace

WeightSliders::WeightSliders(QLineEdit* field, QWidget* parent)
    : QWidget(parent), m_field(field), m_more(new QLabel(this)) {
  auto* grid = new QGridLayout(this);
  grid->setContentsMargins(0, 0, 0, 0);
  grid->setVerticalSpacing(0);
  for (int i = 0; i < kMaxSliders; ++i) {
    auto* label = new QLabel(this);
    auto* slider = new QSlider(Qt::Horizontal, this);
    slider->setRange(0, kMaxWeight);
    slider->setObjectName(QStringLiteral("placement.weights[%1].slider").arg(i));
    slider->setAccessibleName(tr("Weight of node %1").arg(i + 1));
    grid->addWidget(label, i / 2, (i % 2) * 2);
    grid->addWidget(slider, i / 2, (i % 2) * 2 + 1);
    m_labels.push_back(label);
    m_sliders.push_back(slider);
    connect(slider, &QSlider::valueChanged, this, [this, i](int value) { moved(i, value); });
  }
  grid->addWidget(m_more, kMaxSliders / 2, 0, 1, 4);
  connect(m_field, &QLineEdit::textChanged, this, &WeightSliders::follow);
  follow(m_field->text());
}

QSlider* WeightSliders::slider(int index) const {
  return index >= 0 && index < kMaxSliders && m_sliders[static_cast<std::size_t>(index)]->isVisibleTo(this)
             ? m_sliders[static_cast<std::size_t>(index)]
             : nullptr;
}

void WeightSliders::follow(const QString& text) {
  if (m_writing) return;
  const QStringList list = entries(text);
  for (int i = 0; i < kMaxSliders; ++i) {
    const auto at = static_cast<std::size_t>(i);
    const bool shown = i < list.size();
    m_sliders[at]->setVisible(shown);
    m_labels[at]->setVisible(shown);
    if (!shown) continue;
    const int weight = static_cast<int>(list[i].toUInt());
    const QSignalBlocker block(m_sliders[at]);
    m_sliders[at]->setMaximum(std::max(kMaxWeight, weight));
    m_sliders[at]->setValue(weight);
    m_labels[at]->setText(tr("Node %1: %2").arg(i + 1).arg(weight));
  }
  m_more->setText(list.size() > kMaxSliders
                      ? tr("%n more weight(s): type them above", nullptr, static_cast<int>(list.size()) - kMaxSliders)
                      : QString());
  m_more->setVisible(list.size() > kMaxSliders);
  setVisible(!list.isEmpty());
}

void WeightSliders::moved(int index, int value) {
  QStringList list = entries(m_field->text());
  if (index >= list.size()) return;
  list[index] = QString::number(value);
  m_labels[static_cast<std::size_t>(index)]->setText(tr("Node %1: %2").arg(index + 1).arg(value));
  m_writing = true;
  m_field->setText(list.join(QStringLiteral(", ")));
  m_writing = false;
  Q_EMIT edited();
}

}  // namespace hetsched
