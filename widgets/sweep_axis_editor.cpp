#include "sweep_axis_editor.h"

#include "usecases/whatif/policy_parameter.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QLabel>
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <utility>
#include <vector>

namespace hetsched {

namespace {

// Wide enough for any weight or threshold a policy takes, small enough that
// a spin box stays readable.
constexpr double kLimit = 1e9;

QString exact(double v) { return QString::number(v, 'g', 17); }

}  // namespace

SweepAxisEditor::SweepAxisEditor(QWidget* parent)
    : QWidget(parent),
      m_parameter(new QComboBox(this)),
      m_from(new QDoubleSpinBox(this)),
      m_to(new QDoubleSpinBox(this)),
      m_step(new QDoubleSpinBox(this)) {
  auto* row = new QHBoxLayout(this);
  row->setContentsMargins(0, 0, 0, 0);
  m_parameter->setAccessibleName(tr("Parameter"));
  m_parameter->setSizeAdjustPolicy(QComboBox::AdjustToContents);
  row->addWidget(m_parameter, 1);
  const auto labelled = [&](const QString& label, QDoubleSpinBox* box, const QString& name) {
    row->addWidget(new QLabel(label, this));
    box->setAccessibleName(name);
    box->setRange(-kLimit, kLimit);
    box->setDecimals(3);
    box->setMinimumWidth(80);
    row->addWidget(box);
    connect(box, &QDoubleSpinBox::valueChanged, this, &SweepAxisEditor::changed);
  };
  labelled(tr("from"), m_from, tr("From"));
  labelled(tr("to"), m_to, tr("To"));
  labelled(tr("step"), m_step, tr("Step"));
  m_step->setMinimum(0.0);
  connect(m_parameter, &QComboBox::currentIndexChanged, this, [this] {
    suggestRange();
    Q_EMIT changed();
  });
}

void SweepAxisEditor::setParameters(std::vector<PolicyParameter> parameters, std::size_t preferred) {
  const QString kept = path();
  m_parameters = std::move(parameters);
  const QSignalBlocker block(m_parameter);
  m_parameter->clear();
  for (const PolicyParameter& p : m_parameters) m_parameter->addItem(QString::fromStdString(p.path));
  if (m_parameters.empty()) {
    Q_EMIT changed();
    return;
  }
  const int index = m_parameter->findText(kept);
  m_parameter->setCurrentIndex(index >= 0 ? index : static_cast<int>(std::min(preferred, m_parameters.size() - 1)));
  if (index < 0) suggestRange();
  Q_EMIT changed();
}

QString SweepAxisEditor::path() const { return m_parameter->currentText(); }

bool SweepAxisEditor::setRange(const QString& path, double from, double to, double step) {
  const int index = m_parameter->findText(path);
  if (index < 0) return false;
  {
    const QSignalBlocker block(m_parameter);
    m_parameter->setCurrentIndex(index);
  }
  applyKind(m_parameters[static_cast<std::size_t>(index)]);
  for (auto [box, v] : {std::pair{m_from, from}, std::pair{m_to, to}, std::pair{m_step, step}}) {
    const QSignalBlocker block(box);
    box->setValue(v);
  }
  Q_EMIT changed();
  return true;
}

QString SweepAxisEditor::text() const {
  return QStringLiteral("%1=%2:%3:%4")
      .arg(path(), exact(m_from->value()), exact(m_to->value()), exact(m_step->value()));
}

void SweepAxisEditor::applyKind(const PolicyParameter& p) {
  // Whole-number fields step by whole numbers; unsigned ones stop at 0.
  for (QDoubleSpinBox* box : {m_from, m_to, m_step}) {
    const QSignalBlocker block(box);
    box->setDecimals(p.integral ? 0 : 3);
    box->setSingleStep(p.integral ? 1.0 : 0.1);
  }
  const QSignalBlocker a(m_from), b(m_to);
  m_from->setMinimum(p.nonNegative ? 0.0 : -kLimit);
  m_to->setMinimum(p.nonNegative ? 0.0 : -kLimit);
}

void SweepAxisEditor::suggestRange() {
  const int index = m_parameter->currentIndex();
  if (index < 0 || index >= static_cast<int>(m_parameters.size())) return;
  const PolicyParameter& p = m_parameters[static_cast<std::size_t>(index)];
  applyKind(p);
  const double high = p.value > 0.0 ? 2.0 * p.value : (p.integral ? 10.0 : 1.0);
  double step = high / 10.0;
  if (p.integral) step = std::max(1.0, std::round(step));
  const QSignalBlocker a(m_from), b(m_to), c(m_step);
  m_from->setValue(0.0);
  m_to->setValue(high);
  m_step->setValue(step);
}

}  // namespace hetsched
