#include "policy_editor.h"

#include "backend_text.h"
#include "elided_label.h"
#include "engine/policy/builtin_policies.h"
#include "engine/policy/policy_diff.h"
#include "engine/policy/policy_loader.h"
#include "engine/policy/policy_validation.h"
#include "engine/sched/job_validation.h"
#include "parameter_slider.h"
#include "policy_form.h"
#include "theme.h"

#include <QComboBox>
#include <QFile>
#include <QFileDialog>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QListWidget>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>
#include <cstddef>
#include <variant>

namespace hetsched {

PolicyEditor::PolicyEditor(QWidget* parent)
    : QWidget(parent),
      m_form(new PolicyForm(this)),
      m_json(new QPlainTextEdit(this)),
      m_errorList(new QListWidget(this)),
      m_diff(new QTableWidget(0, 3, this)),
      m_builtins(new QComboBox(this)),
      m_baseLabel(new ElidedLabel(this)),
      m_canary(new QSpinBox(this)),
      m_push(new QPushButton(tr("Push…"), this)),
      m_about(new QLabel(this)) {
  auto* top = new QVBoxLayout(this);
  auto* bar = new QHBoxLayout;
  m_builtins->addItem(tr("Built-in policies…"));
  for (const v1::Policy& p : builtinPolicies()) {
    m_builtins->addItem(QString::fromStdString(p.name()));
    m_builtins->setItemData(m_builtins->count() - 1, policyDescriptionText(p.description()), Qt::ToolTipRole);
  }
  m_builtins->setAccessibleName(tr("Built-in policies"));
  auto* open = new QPushButton(tr("Open…"), this);
  auto* save = new QPushButton(tr("Save as…"), this);
  auto* base = new QPushButton(tr("Compare with…"), this);
  QPushButton* push = m_push;
  m_canary->setRange(1, 100);
  m_canary->setAccessibleName(tr("Canary share"));
  m_canary->setValue(10);
  m_canary->setSuffix(QStringLiteral(" %"));
  m_canary->setToolTip(tr("Share of new jobs the pushed policy schedules at first (canary)"));
  bar->addWidget(m_builtins);
  bar->addWidget(open);
  bar->addWidget(save);
  bar->addWidget(base);
  bar->addWidget(m_baseLabel, 1);
  bar->addWidget(new QLabel(tr("Canary:"), this));
  bar->addWidget(m_canary);
  // The live what-if runs the cluster during a canary at this share too.
  m_canarySlider = new ParameterSlider(m_canary, 1, 100, 1, this);
  m_canarySlider->setObjectName(QStringLiteral("canary.share.slider"));
  m_canarySlider->setAccessibleName(tr("Canary share slider"));
  m_canarySlider->setToolTip(m_canary->toolTip());
  m_canarySlider->setMinimumWidth(60);
  m_canarySlider->setMaximumWidth(100);
  bar->addWidget(m_canarySlider);
  bar->addWidget(push);
  top->addLayout(bar);
  m_about->setWordWrap(true);
  showAsHint(m_about);
  top->addWidget(m_about);

  auto* scroll = new QScrollArea(this);
  scroll->setWidget(m_form);
  scroll->setWidgetResizable(true);
  m_json->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
  m_json->setObjectName(QStringLiteral("json"));
  m_diff->setHorizontalHeaderLabels({tr("Field"), tr("Base"), tr("This policy")});
  m_diff->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
  m_diff->verticalHeader()->setVisible(false);
  m_diff->setEditTriggers(QAbstractItemView::NoEditTriggers);
  m_diff->setAccessibleName(tr("Difference from base"));
  m_errorList->setAccessibleName(tr("Problems"));
  m_json->setAccessibleName(tr("Policy as JSON"));
  auto* side = new QTabWidget(this);
  side->addTab(m_json, tr("JSON"));
  side->addTab(m_diff, tr("Difference from base"));
  auto* right = new QSplitter(Qt::Vertical, this);
  right->setObjectName(QStringLiteral("policyEditorRightSplitter"));
  right->addWidget(side);
  auto* errorsBox = new QWidget(this);
  auto* errorsLayout = new QVBoxLayout(errorsBox);
  errorsLayout->setContentsMargins(0, 0, 0, 0);
  errorsLayout->addWidget(new QLabel(tr("Problems"), this));
  errorsLayout->addWidget(m_errorList);
  right->addWidget(errorsBox);
  right->setStretchFactor(0, 3);
  right->setStretchFactor(1, 1);
  auto* split = new QSplitter(Qt::Horizontal, this);
  split->setObjectName(QStringLiteral("policyEditorSplitter"));
  split->addWidget(scroll);
  split->addWidget(right);
  split->setStretchFactor(0, 1);
  split->setStretchFactor(1, 1);
  top->addWidget(split, 1);

  connect(m_form, &PolicyForm::edited, this, &PolicyEditor::onFormEdited);
  connect(m_canary, &QSpinBox::valueChanged, this, &PolicyEditor::canaryPercentChanged);
  connect(m_json, &QPlainTextEdit::textChanged, this, &PolicyEditor::onJsonEdited);
  connect(m_builtins, &QComboBox::activated, this, &PolicyEditor::chooseBuiltin);
  connect(open, &QPushButton::clicked, this, &PolicyEditor::openFile);
  connect(save, &QPushButton::clicked, this, &PolicyEditor::saveAs);
  connect(base, &QPushButton::clicked, this, &PolicyEditor::chooseBase);
  connect(push, &QPushButton::clicked, this, [this] {
    if (!m_errors.empty()) {
      QMessageBox::warning(this, tr("Push policy"), tr("Fix the problems listed first."));
      return;
    }
    Q_EMIT pushRequested(m_policy, m_canary->value());
  });
  connect(m_errorList, &QListWidget::itemActivated, this, [this](QListWidgetItem* item) {
    if (QWidget* editor = m_form->editorFor(item->data(Qt::UserRole).toString())) editor->setFocus();
  });

  const auto builtins = builtinPolicies();
  m_base = builtins.front();
  m_baseLabel->setText(tr("Compared with: %1 (built-in)").arg(QString::fromStdString(m_base.name())));
  setPolicy(builtins.front());
  setPushBlocked({});
}

void PolicyEditor::setPolicy(const v1::Policy& policy) {
  m_policy = policy;
  refresh(true, true);
}

void PolicyEditor::loadPolicy(const v1::Policy& policy) {
  setPolicy(policy);
  m_touched = true;
  for (QWidget* w = m_diff->parentWidget(); w; w = w->parentWidget())
    if (auto* tabs = qobject_cast<QTabWidget*>(w)) {
      tabs->setCurrentWidget(m_diff);
      break;
    }
}

void PolicyEditor::setBasePolicy(const v1::Policy& policy, const QString& origin) {
  m_base = policy;
  m_baseLabel->setText(tr("Compared with: %1 (%2)").arg(QString::fromStdString(policy.name()), origin));
  m_baseLabel->setToolTip(m_baseLabel->text());
  refreshDiff();
  Q_EMIT basePolicyChanged();
}

int PolicyEditor::canaryPercent() const { return m_canary->value(); }

void PolicyEditor::setPushBlocked(const QString& reason) {
  m_push->setEnabled(reason.isEmpty());
  m_canary->setEnabled(reason.isEmpty());
  m_canarySlider->setEnabled(reason.isEmpty());
  m_push->setToolTip(reason.isEmpty() ? tr("Push this policy to the gateway as a canary, after a confirmation")
                                      : reason);
}

void PolicyEditor::onFormEdited() {
  m_touched = true;
  m_policy = m_form->policy();
  refresh(true, false);
}

void PolicyEditor::onJsonEdited() {
  if (m_syncing) return;
  m_touched = true;
  auto parsed = parsePolicyJsonUnvalidated(m_json->toPlainText().toStdString());
  if (auto* error = std::get_if<PolicyLoadError>(&parsed)) {
    // The form keeps the last policy that parsed; the list says why the
    // text is not one.
    m_errors = {{"json", error->detail}};
    m_errorList->clear();
    m_errorList->addItem(tr("JSON: %1").arg(QString::fromStdString(error->detail)));
    return;
  }
  m_policy = std::get<v1::Policy>(parsed);
  refresh(false, true);
}

void PolicyEditor::refresh(bool updateJson, bool updateForm) {
  m_syncing = true;
  if (updateForm) m_form->setPolicy(m_policy);
  if (updateJson) m_json->setPlainText(QString::fromStdString(policyToJson(m_policy)));
  m_syncing = false;
  m_errors = validatePolicy(m_policy);
  m_form->showErrors(m_errors);
  m_errorList->clear();
  for (const FieldError& e : m_errors) {
    auto* item = new QListWidgetItem(QString::fromStdString(e.message()), m_errorList);
    item->setData(Qt::UserRole, QString::fromStdString(e.field).section(QLatin1Char('['), 0, 0));
    item->setForeground(QColor(0xc6, 0x28, 0x28));
  }
  if (m_errors.empty()) m_errorList->addItem(tr("No problems: the engine accepts this policy."));
  refreshDiff();
  // The description in the operator's language when it is a built-in's.
  const QString about = policyDescriptionText(m_policy.description());
  m_about->setText(about.isEmpty() ? QString() : tr("%1: %2").arg(QString::fromStdString(m_policy.name()), about));
  m_about->setVisible(!about.isEmpty());
  Q_EMIT policyChanged();
}

void PolicyEditor::refreshDiff() {
  const auto changes = diffPolicies(m_base, m_policy);
  m_diff->setRowCount(static_cast<int>(changes.size()));
  for (int i = 0; i < m_diff->rowCount(); ++i) {
    const PolicyChange& c = changes[static_cast<std::size_t>(i)];
    m_diff->setItem(i, 0, new QTableWidgetItem(QString::fromStdString(c.field)));
    m_diff->setItem(i, 1, new QTableWidgetItem(QString::fromStdString(c.before)));
    m_diff->setItem(i, 2, new QTableWidgetItem(QString::fromStdString(c.after)));
  }
}

void PolicyEditor::chooseBuiltin(int index) {
  const auto builtins = builtinPolicies();
  if (index >= 1 && index <= static_cast<int>(builtins.size())) {
    setPolicy(builtins[static_cast<std::size_t>(index - 1)]);
    m_touched = true;
  }
  m_builtins->setCurrentIndex(0);
}

bool PolicyEditor::loadFile(const QString& path, QString* error) {
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly)) {
    if (error) *error = file.errorString();
    return false;
  }
  // Loaded as text, not as a policy: an invalid file still opens, with its
  // problems listed, so it can be fixed here.
  m_json->setPlainText(QString::fromUtf8(file.readAll()));
  if (error && m_errors.size() == 1 && m_errors.front().field == "json")
    *error = QString::fromStdString(m_errors.front().problem);
  return !(m_errors.size() == 1 && m_errors.front().field == "json");
}

bool PolicyEditor::saveFile(const QString& path, QString* error) const {
  QFile file(path);
  if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate)) {
    if (error) *error = file.errorString();
    return false;
  }
  file.write(QByteArray::fromStdString(policyToJson(m_policy)));
  return true;
}

void PolicyEditor::openFile() {
  const QString path = QFileDialog::getOpenFileName(this, tr("Open policy"), {}, tr("Policies (*.json)"));
  QString error;
  if (!path.isEmpty() && !loadFile(path, &error))
    QMessageBox::warning(this, tr("Open policy"), tr("%1 is not a policy: %2").arg(path, error));
}

void PolicyEditor::saveAs() {
  const QString path = QFileDialog::getSaveFileName(this, tr("Save policy"), {}, tr("Policies (*.json)"));
  QString error;
  if (!path.isEmpty() && !saveFile(path, &error))
    QMessageBox::warning(this, tr("Save policy"), tr("Cannot write %1: %2").arg(path, error));
}

void PolicyEditor::chooseBase() {
  QStringList choices;
  const auto builtins = builtinPolicies();
  for (const v1::Policy& p : builtins) choices << QString::fromStdString(p.name());
  choices << tr("A file…");
  bool ok = false;
  const QString choice = QInputDialog::getItem(this, tr("Compare with"), tr("Base policy:"), choices, 0, false, &ok);
  if (!ok) return;
  const auto index = choices.indexOf(choice);
  if (index < static_cast<qsizetype>(builtins.size())) {
    setBasePolicy(builtins[static_cast<std::size_t>(index)], tr("built-in"));
    return;
  }
  const QString path = QFileDialog::getOpenFileName(this, tr("Base policy"), {}, tr("Policies (*.json)"));
  if (path.isEmpty()) return;
  auto loaded = loadPolicyFile(path.toStdString());
  if (auto* p = std::get_if<v1::Policy>(&loaded)) setBasePolicy(*p, path);
  else QMessageBox::warning(this, tr("Compare with"), tr("%1 is not a valid policy.").arg(path));
}

}  // namespace hetsched
