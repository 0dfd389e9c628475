#include "sweep_policy_list.h"

#include "backend_text.h"
#include "engine/policy/builtin_policies.h"
#include "engine/policy/policy_loader.h"
#include "policy.pb.h"

#include <QFileDialog>
#include <QHBoxLayout>
#include <QListWidget>
#include <QMessageBox>
#include <QPushButton>
#include <QVBoxLayout>
#include <cstddef>
#include <utility>
#include <variant>
#include <vector>

namespace hetsched {

SweepPolicyList::SweepPolicyList(QWidget* parent) : QWidget(parent), m_list(new QListWidget(this)) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  m_list->setAccessibleName(tr("Policies to sweep over"));
  m_list->setToolTip(tr("Tick the policies to run: each is one point of the sweep, on the same workload"));
  // A few rows: the plot below needs the height.
  m_list->setMinimumHeight(90);
  m_list->setMaximumHeight(150);
  layout->addWidget(m_list);
  auto* buttons = new QHBoxLayout;
  auto* file = new QPushButton(tr("Add file…"), this);
  auto* all = new QPushButton(tr("Tick all"), this);
  auto* none = new QPushButton(tr("Tick none"), this);
  buttons->addWidget(file);
  buttons->addWidget(all);
  buttons->addWidget(none);
  buttons->addStretch(1);
  layout->addLayout(buttons);
  for (const v1::Policy& p : builtinPolicies()) m_builtins.push_back({p, tr("built-in"), false});
  connect(file, &QPushButton::clicked, this, [this] {
    const QString path = QFileDialog::getOpenFileName(this, tr("Add policy"), {}, tr("Policies (*.json)"));
    QString why;
    if (!path.isEmpty() && !addFile(path, &why)) QMessageBox::warning(this, tr("Add policy"), why);
  });
  connect(all, &QPushButton::clicked, this, [this] { setAllTicked(true); });
  connect(none, &QPushButton::clicked, this, [this] { setAllTicked(false); });
  connect(m_list, &QListWidget::itemChanged, this, [this](QListWidgetItem* item) {
    const int row = m_list->row(item);
    if (row < 0 || row >= static_cast<int>(m_keys.size())) return;
    m_ticks[m_keys[static_cast<std::size_t>(row)]] = item->checkState() == Qt::Checked;
    Q_EMIT changed();
  });
  rebuild();
}

void SweepPolicyList::setListed(const std::vector<v1::Policy>& policies) {
  m_listed.clear();
  for (const v1::Policy& p : policies) m_listed.push_back({p, tr("listed on the left"), true});
  rebuild();
}

void SweepPolicyList::setSavedVersions(const std::vector<std::pair<quint64, v1::Policy>>& versions) {
  m_saved.clear();
  for (const auto& [version, p] : versions) m_saved.push_back({p, tr("v%1 on the gateway").arg(version), false});
  rebuild();
}

bool SweepPolicyList::addFile(const QString& path, QString* why) {
  auto loaded = loadPolicyFile(path.toStdString());
  if (!std::holds_alternative<v1::Policy>(loaded)) {
    if (why) *why = tr("%1 is not a valid policy.").arg(path);
    return false;
  }
  m_files.push_back({std::get<v1::Policy>(std::move(loaded)), path, true});
  rebuild();
  Q_EMIT changed();
  return true;
}

QString SweepPolicyList::keyOf(const Entry& e, int repeat) {
  return e.origin + QChar(0x1f) + QString::fromStdString(e.policy.name()) + QChar(0x1f) + QString::number(repeat);
}

void SweepPolicyList::rebuild() {
  m_shown.clear();
  m_keys.clear();
  QHash<QString, int> repeats;
  for (const auto* group : {&m_listed, &m_files, &m_saved, &m_builtins})
    for (const Entry& e : *group) {
      m_shown.push_back(e);
      const QString base = keyOf(e, 0);
      const QString key = keyOf(e, repeats[base]++);
      if (!m_ticks.contains(key)) m_ticks.insert(key, e.tickedFirst);
      m_keys.push_back(key);
    }
  const QSignalBlocker block(m_list);
  m_list->clear();
  for (std::size_t i = 0; i < m_shown.size(); ++i) {
    const Entry& e = m_shown[i];
    auto* item = new QListWidgetItem(tr("%1 — %2").arg(QString::fromStdString(e.policy.name()), e.origin), m_list);
    item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable | Qt::ItemIsSelectable);
    item->setCheckState(m_ticks.value(m_keys[i]) ? Qt::Checked : Qt::Unchecked);
    if (!e.policy.description().empty()) item->setToolTip(policyDescriptionText(e.policy.description()));
  }
}

bool SweepPolicyList::setTicked(const QString& name, bool ticked, const QString& origin) {
  for (std::size_t i = 0; i < m_shown.size(); ++i) {
    if (QString::fromStdString(m_shown[i].policy.name()) != name) continue;
    if (!origin.isEmpty() && m_shown[i].origin != origin) continue;
    m_list->item(static_cast<int>(i))->setCheckState(ticked ? Qt::Checked : Qt::Unchecked);  // itemChanged keeps it
    return true;
  }
  return false;
}

void SweepPolicyList::setAllTicked(bool ticked) {
  {
    const QSignalBlocker block(m_list);
    for (int row = 0; row < m_list->count(); ++row) {
      m_list->item(row)->setCheckState(ticked ? Qt::Checked : Qt::Unchecked);
      m_ticks[m_keys[static_cast<std::size_t>(row)]] = ticked;
    }
  }
  Q_EMIT changed();
}

std::vector<v1::Policy> SweepPolicyList::ticked() const {
  std::vector<v1::Policy> out;
  for (std::size_t i = 0; i < m_shown.size(); ++i)
    if (m_ticks.value(m_keys[i])) out.push_back(m_shown[i].policy);
  return out;
}

}  // namespace hetsched
