#include "alert_list_view.h"

#include "alert_list_model.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>

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
  m_acknowledge->setToolTip(tr("Mark the selected alerts as seen here: greyed, and no more notifications for them"));
  m_editRules->setToolTip(tr("Replace the gateway's alert rules (needs an operator token)"));
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
  updateSummary();
}

std::vector<Alert> AlertListView::setReport(const AlertReport& report) {
  std::vector<Alert> fresh = m_model->setReport(report);
  m_table->resizeColumnsToContents();
  updateSummary();
  return fresh;
}

void AlertListView::setRulesReadOnly(const QString& reason) {
  m_editRules->setEnabled(reason.isEmpty());
  m_editRules->setToolTip(reason.isEmpty() ? tr("Replace the gateway's alert rules (needs an operator token)")
                                           : reason);
}

void AlertListView::acknowledgeSelected() {
  std::vector<std::uint64_t> ids;
  for (const QModelIndex& row : m_table->selectionModel()->selectedRows())
    ids.push_back(row.data(AlertListModel::AlertIdRole).toULongLong());
  m_model->acknowledge(ids);
  updateSummary();
}

void AlertListView::acknowledgeAll() {
  std::vector<std::uint64_t> ids;
  for (const Alert& a : m_model->report().alerts) ids.push_back(a.id);
  m_model->acknowledge(ids);
  updateSummary();
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
  m_acknowledgeAll->setEnabled(open > 0);
  Q_EMIT unacknowledgedChanged(open);
}

}  // namespace hetsched
