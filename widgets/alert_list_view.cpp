#include "alert_list_view.h"

#include "alert_list_model.h"
#include "serve/alert/alert.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace hetsched {

AlertListView::AlertListView(QWidget* parent)
    : QWidget(parent),
      m_model(new AlertListModel(this)),
      m_summary(new QLabel(this)),
      m_table(new QTableView(this)),
      m_acknowledge(new QPushButton(tr("&Acknowledge"), this)),
      m_acknowledgeAll(new QPushButton(tr("Acknowledge a&ll"), this)),
      m_editRules(new QPushButton(tr("Edit &rules…"), this)) {
  setObjectName(QStringLiteral("alertList"));
  m_table->setModel(m_model);
  m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
  m_table->setAlternatingRowColors(true);
  m_table->verticalHeader()->hide();
  m_table->horizontalHeader()->setStretchLastSection(true);
  m_table->setAccessibleName(tr("Alerts"));
  m_table->setSelectionMode(QAbstractItemView::ExtendedSelection);
  auto* buttons = new QHBoxLayout;
  buttons->addWidget(m_summary, 1);
  buttons->addWidget(m_acknowledge);
  buttons->addWidget(m_acknowledgeAll);
  buttons->addWidget(m_editRules);
  auto* layout = new QVBoxLayout(this);
  layout->addLayout(buttons);
  layout->addWidget(m_table, 1);
  connect(m_acknowledge, &QPushButton::clicked, this, &AlertListView::acknowledgeSelected);
  connect(m_acknowledgeAll, &QPushButton::clicked, this, &AlertListView::acknowledgeAll);
  connect(m_editRules, &QPushButton::clicked, this, &AlertListView::editRulesRequested);
  connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this, &AlertListView::updateButtons);
  connect(m_model, &QAbstractItemModel::modelReset, this, &AlertListView::updateButtons);
  updateSummary();
}

std::vector<Alert> AlertListView::setReport(const AlertReport& report) {
  std::vector<Alert> fresh = m_model->setReport(report);
  m_table->resizeColumnsToContents();
  updateSummary();
  return fresh;
}

void AlertListView::setReadOnly(const QString& reason) {
  m_readOnly = reason;
  updateButtons();
}

void AlertListView::updateButtons() {
  const bool canChange = m_readOnly.isEmpty();
  bool selectedOpen = false;
  for (const QModelIndex& row : m_table->selectionModel()->selectedRows())
    selectedOpen |= !m_model->isAcknowledged(row.data(AlertListModel::AlertIdRole).toULongLong());
  m_acknowledge->setEnabled(canChange && selectedOpen);
  m_acknowledgeAll->setEnabled(canChange && !m_model->unacknowledgedIds().empty());
  m_editRules->setEnabled(canChange);
  const QString ack =
      tr("Mark the selected alerts as seen, on the gateway for every console: greyed, with your "
         "name, and no more notifications for them (needs an operator token)");
  m_acknowledge->setToolTip(canChange ? ack : m_readOnly);
  m_acknowledgeAll->setToolTip(canChange ? tr("Acknowledge every firing and pending alert") : m_readOnly);
  m_editRules->setToolTip(canChange ? tr("Replace the gateway's alert rules (needs an operator token)") : m_readOnly);
}

void AlertListView::acknowledgeSelected() {
  std::vector<std::uint64_t> ids;
  for (const QModelIndex& row : m_table->selectionModel()->selectedRows()) {
    const auto id = row.data(AlertListModel::AlertIdRole).toULongLong();
    if (!m_model->isAcknowledged(id)) ids.push_back(id);
  }
  if (!ids.empty() && m_readOnly.isEmpty()) Q_EMIT acknowledgeRequested(ids);
}

void AlertListView::acknowledgeAll() {
  const std::vector<std::uint64_t> ids = m_model->unacknowledgedIds();
  if (!ids.empty() && m_readOnly.isEmpty()) Q_EMIT acknowledgeRequested(ids);
}

void AlertListView::updateSummary() {
  const AlertReport& r = m_model->report();
  std::size_t pending = 0;
  for (const Alert& a : r.alerts) pending += a.state == AlertState::Pending ? 1 : 0;
  const auto firing = static_cast<int>(r.firingCount());
  const auto open = static_cast<int>(m_model->unacknowledgedFiring());
  QString origin = QString::fromStdString(r.rulesOrigin);
  if (r.rulesOrigin == "built-in") origin = tr("built-in");
  else if (r.rulesOrigin.starts_with("pushed by "))
    origin = tr("pushed by %1").arg(QString::fromStdString(r.rulesOrigin.substr(10)));
  else if (r.rulesOrigin.starts_with("file "))
    origin = tr("file %1").arg(QString::fromStdString(r.rulesOrigin.substr(5)));
  m_summary->setText(tr("%n firing (%1 not acknowledged)", nullptr, firing).arg(open) + QStringLiteral(" · ") +
                     tr("%n pending", nullptr, static_cast<int>(pending)) + QStringLiteral(" · ") +
                     tr("%n rules (%1)", nullptr, static_cast<int>(r.rules.size())).arg(origin));
  updateButtons();
  Q_EMIT unacknowledgedChanged(open);
}

}  // namespace hetsched
