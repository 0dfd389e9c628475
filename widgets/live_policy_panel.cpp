#include "live_policy_panel.h"

#include "backend_text.h"
#include "base/model/frame.h"
#include "policy_service.pb.h"
#include "theme.h"

#include <QComboBox>
#include <QDateTime>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>
#include <cstddef>
#include <initializer_list>
#include <vector>

namespace hetsched {

namespace {

QString describe(const v1::PolicyVersion& v) {
  const QString when = QDateTime::fromMSecsSinceEpoch(v.created_ms()).toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"));
  return LivePolicyPanel::tr("v%1 “%2” (%3 by %4 at %5)")
      .arg(v.version())
      .arg(QString::fromStdString(v.spec().name()), policyActionText(v.action()), QString::fromStdString(v.author()),
           when);
}

QTableWidgetItem* cell(const QString& text) {
  auto* item = new QTableWidgetItem(text);
  item->setFlags(item->flags() & ~Qt::ItemIsEditable);
  return item;
}

}  // namespace

LivePolicyPanel::LivePolicyPanel(QWidget* parent)
    : QWidget(parent),
      m_active(new QLabel(this)),
      m_candidate(new QLabel(this)),
      m_error(new QLabel(this)),
      m_arms(new QTableWidget(0, 10, this)),
      m_promote(new QPushButton(tr("Promote candidate"), this)),
      m_target(new QComboBox(this)),
      m_rollback(new QPushButton(tr("Roll back"), this)),
      m_refresh(new QPushButton(tr("Refresh"), this)) {
  auto* box = new QGroupBox(tr("Policy on the gateway"), this);
  auto* outer = new QVBoxLayout(this);
  outer->setContentsMargins(0, 0, 0, 0);
  outer->addWidget(box);
  auto* layout = new QVBoxLayout(box);
  for (QLabel* l : {m_active, m_candidate, m_error}) {
    l->setWordWrap(true);
    l->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(l);
  }
  showAsError(m_error);
  m_error->hide();
  m_arms->setHorizontalHeaderLabels({tr("Arm"), tr("Version"), tr("Policy"), tr("Arrivals"), tr("Running"),
                                     tr("Queued"), tr("Completed"), tr("Preempted"), tr("Migrated"),
                                     tr("Mean wait, last window")});
  m_arms->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  m_arms->horizontalHeader()->setStretchLastSection(true);
  m_arms->verticalHeader()->setVisible(false);
  m_arms->setAccessibleName(tr("Both arms, live"));
  // Two arms at most (active and canary): sized to show both, no scrolling.
  m_arms->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  m_arms->setFixedHeight(m_arms->horizontalHeader()->sizeHint().height() +
                         2 * m_arms->verticalHeader()->defaultSectionSize() + 2 * m_arms->frameWidth() + 2);
  m_arms->setSelectionMode(QAbstractItemView::NoSelection);
  layout->addWidget(m_arms);
  auto* buttons = new QHBoxLayout;
  buttons->addWidget(m_promote);
  buttons->addSpacing(16);
  auto* rollbackLabel = new QLabel(tr("Roll back to"), this);
  rollbackLabel->setBuddy(m_target);
  buttons->addWidget(rollbackLabel);
  buttons->addWidget(m_target, 1);
  buttons->addWidget(m_rollback);
  buttons->addStretch();
  buttons->addWidget(m_refresh);
  layout->addLayout(buttons);
  connect(m_promote, &QPushButton::clicked, this, &LivePolicyPanel::promoteRequested);
  connect(m_rollback, &QPushButton::clicked, this, [this] {
    if (m_target->currentIndex() >= 0) Q_EMIT rollbackRequested(m_target->currentData().toULongLong());
  });
  connect(m_refresh, &QPushButton::clicked, this, &LivePolicyPanel::refreshRequested);
  setUnavailable(tr("Not connected to a gateway."));
}

void LivePolicyPanel::setState(const v1::GetPolicyResponse& state) {
  m_activeVersion = state.active().version();
  m_hasCandidate = state.has_candidate();
  m_active->setText(tr("In force: %1").arg(describe(state.active())));
  m_candidate->setText(
      m_hasCandidate
          ? tr("Canary: %1 on %2 % of new arrivals").arg(describe(state.candidate())).arg(state.canary_percent())
          : tr("No canary running."));
  m_candidate->show();
  const bool free = m_blocked.isEmpty();
  m_promote->setEnabled(free && m_hasCandidate);
  m_target->setEnabled(free);
  m_rollback->setEnabled(free && m_target->count() > 0);
  m_refresh->setEnabled(free);
  m_arms->setVisible(true);
}

void LivePolicyPanel::setHistory(const v1::ListPolicyHistoryResponse& history) {
  const quint64 keep = m_target->currentIndex() >= 0 ? m_target->currentData().toULongLong() : 0;
  m_target->clear();
  // Newest first; with a canary running, the version in force comes first
  // (rolling back to it ends the canary).
  for (auto it = history.versions().rbegin(); it != history.versions().rend(); ++it) {
    const bool current = it->version() == m_activeVersion && !m_hasCandidate;
    if (current) continue;  // rolling back to what is in force changes nothing
    m_target->addItem(tr("v%1 “%2” (%3)")
                          .arg(it->version())
                          .arg(QString::fromStdString(it->spec().name()), policyActionText(it->action())),
                      QVariant::fromValue<quint64>(it->version()));
  }
  int index = m_target->findData(QVariant::fromValue<quint64>(keep));
  if (index < 0 && m_hasCandidate) index = m_target->findData(QVariant::fromValue<quint64>(m_activeVersion));
  m_target->setCurrentIndex(std::max(0, index));
  m_rollback->setEnabled(m_blocked.isEmpty() && m_target->count() > 0);
}

void LivePolicyPanel::setArms(const std::vector<ArmSummary>& arms) {
  m_arms->setRowCount(static_cast<int>(arms.size()));
  if (!arms.empty()) m_arms->setVisible(true);
  for (int row = 0; row < static_cast<int>(arms.size()); ++row) {
    const ArmSummary& a = arms[static_cast<std::size_t>(row)];
    const QString wait = a.startedInWindow == 0 ? tr("no starts in the last %1 s").arg(a.windowS, 0, 'f', 0)
                                                : tr("%1 s over %2 starts (%3 s)")
                                                      .arg(a.meanWaitS, 0, 'f', 1)
                                                      .arg(a.startedInWindow)
                                                      .arg(a.windowS, 0, 'f', 0);
    const QStringList values{row == 0 ? tr("active") : tr("canary"),
                             QString::number(a.policyVersion),
                             QString::fromStdString(a.policyName),
                             QString::number(a.arrivals),
                             QString::number(a.running),
                             QString::number(a.queued),
                             QString::number(a.completed),
                             QString::number(a.preemptions),
                             QString::number(a.migrations),
                             wait};
    for (int c = 0; c < values.size(); ++c) m_arms->setItem(row, c, cell(values[c]));
  }
}

void LivePolicyPanel::setUnavailable(const QString& reason) {
  m_active->setText(reason);
  m_candidate->hide();
  m_arms->setRowCount(0);
  m_arms->setVisible(false);
  m_promote->setEnabled(false);
  m_target->clear();
  m_target->setEnabled(false);
  m_rollback->setEnabled(false);
}

void LivePolicyPanel::setActionsBlocked(const QString& reason) {
  m_blocked = reason;
  for (QWidget* w : std::initializer_list<QWidget*>{m_promote, m_target, m_rollback, m_refresh}) {
    if (!reason.isEmpty()) w->setEnabled(false);
    w->setToolTip(reason);
  }
  if (reason.isEmpty()) m_refresh->setEnabled(true);
}

void LivePolicyPanel::setError(const QString& message) {
  m_error->setText(message);
  m_error->setVisible(!message.isEmpty());
}

QString LivePolicyPanel::stateText() const {
  return m_active->text() + QLatin1Char('\n') + (m_candidate->isHidden() ? QString() : m_candidate->text());
}

}  // namespace hetsched
