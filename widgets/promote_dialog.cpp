#include "promote_dialog.h"

#include "base/model/frame.h"
#include "canary_progress.h"
#include "policy_service.pb.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>
#include <cstdint>
#include <vector>

namespace hetsched {

PromoteDialog::PromoteDialog(const v1::GetPolicyResponse& state, const std::vector<ArmSummary>& arms,
                             const CanaryProgress& progress, QWidget* parent)
    : QDialog(parent),
      m_progress(progress),
      m_comparison(new QLabel(this)),
      m_progressText(new QLabel(this)),
      m_minMinutes(new QDoubleSpinBox(this)),
      m_minStarts(new QSpinBox(this)),
      m_override(new QCheckBox(tr("Promote before the canary has run long enough"), this)),
      m_promote(nullptr) {
  setWindowTitle(tr("Promote"));
  const v1::PolicyVersion& c = state.candidate();
  auto* question = new QLabel(tr("Make v%1 “%2” the policy for every job (now %3 % of new arrivals)?")
                                  .arg(c.version())
                                  .arg(QString::fromStdString(c.spec().name()))
                                  .arg(state.canary_percent()),
                              this);
  question->setWordWrap(true);
  m_comparison->setTextFormat(Qt::RichText);
  m_comparison->setText(armComparisonHtml(arms));
  m_comparison->setAccessibleName(tr("Both arms compared"));
  m_progressText->setWordWrap(true);
  m_minMinutes->setRange(0.0, 7 * 24 * 60);
  m_minMinutes->setDecimals(1);
  m_minMinutes->setSuffix(tr(" min"));
  m_minMinutes->setValue(progress.minS / 60.0);
  m_minStarts->setRange(0, 1000000);
  m_minStarts->setValue(static_cast<int>(progress.minStarts));
  auto* form = new QFormLayout;
  form->addRow(tr("Canary must run at least"), m_minMinutes);
  form->addRow(tr("or start at least (jobs)"), m_minStarts);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
  m_promote = buttons->addButton(tr("Promote"), QDialogButtonBox::AcceptRole);
  buttons->button(QDialogButtonBox::Cancel)->setDefault(true);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(question);
  layout->addWidget(m_comparison);
  layout->addWidget(m_progressText);
  layout->addLayout(form);
  layout->addWidget(m_override);
  layout->addWidget(buttons);
  connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  connect(m_minMinutes, &QDoubleSpinBox::valueChanged, this, &PromoteDialog::update);
  connect(m_minStarts, &QSpinBox::valueChanged, this, &PromoteDialog::update);
  connect(m_override, &QCheckBox::toggled, this, &PromoteDialog::update);
  update();
}

void PromoteDialog::update() {
  const PromoteAnswer a = answer();
  CanaryProgress p = m_progress;
  p.minS = a.minS;
  p.minStarts = a.minStarts;
  m_progressText->setText(p.met() ? tr("The canary has %1: ready to promote.").arg(canaryProgressText(p))
                                  : tr("The canary has only %1.").arg(canaryProgressText(p)));
  m_promote->setEnabled(p.met() || a.override);
}

PromoteAnswer PromoteDialog::answer() const {
  PromoteAnswer a;
  a.promote = result() == QDialog::Accepted;
  a.override = m_override->isChecked();
  a.minS = m_minMinutes->value() * 60.0;
  a.minStarts = static_cast<std::uint32_t>(m_minStarts->value());
  return a;
}

QString PromoteDialog::comparisonText() const { return m_comparison->text(); }

}  // namespace hetsched
