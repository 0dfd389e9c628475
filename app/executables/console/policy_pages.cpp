#include "policy_pages.h"

#include "cluster_connection.h"
#include "hybrid/hybrid_registration.h"
#include "whatif_runner.h"
#include "widgets/live_policy_panel.h"
#include "widgets/policy_editor.h"
#include "widgets/push_confirmation.h"
#include "widgets/whatif_view.h"

#include <QMessageBox>
#include <QPushButton>
#include <QSplitter>
#include <QVBoxLayout>

namespace hetsched {

namespace {

// grpc::StatusCode values the panel words differently.
constexpr int kFailedPrecondition = 9;
constexpr int kPermissionDenied = 7;
constexpr int kUnauthenticated = 16;

bool askWithDialog(QWidget* parent, const QString& title, const QString& text) {
  QMessageBox ask(QMessageBox::Question, title, text, QMessageBox::Cancel, parent);
  ask.setTextFormat(Qt::RichText);
  QPushButton* yes = ask.addButton(title, QMessageBox::AcceptRole);
  ask.setDefaultButton(QMessageBox::Cancel);
  ask.exec();
  return ask.clickedButton() == yes;
}

}  // namespace

PolicyPages::PolicyPages(ClusterConnection* connection, QWidget* parent)
    : QObject(parent),
      m_parent(parent),
      m_policiesTab(new QSplitter(Qt::Vertical, parent)),
      m_live(new LivePolicyPanel(m_policiesTab)),
      m_editor(new PolicyEditor(m_policiesTab)),
      m_whatif(new WhatifView(parent)),
      m_runner(new WhatifRunner(this)),
      m_confirm([parent](const QString& title, const QString& text) { return askWithDialog(parent, title, text); }) {
  auto* splitter = static_cast<QSplitter*>(m_policiesTab);
  splitter->addWidget(m_live);
  splitter->addWidget(m_editor);
  splitter->setStretchFactor(1, 1);
  splitter->setChildrenCollapsible(false);

  connect(m_whatif, &WhatifView::runRequested, this, [this](const WhatifSource& source, const auto& policies) {
    if (!m_runner->start(source, policies)) m_whatif->setFailed(tr("a run is already in progress"));
  });
  connect(m_whatif, &WhatifView::cancelRequested, m_runner, &WhatifRunner::cancel);
  connect(m_runner, &WhatifRunner::progress, m_whatif, &WhatifView::setProgress);
  connect(m_runner, &WhatifRunner::finished, m_whatif, &WhatifView::setResults);
  connect(m_runner, &WhatifRunner::failed, m_whatif, &WhatifView::setFailed);
  connect(m_runner, &WhatifRunner::cancelled, m_whatif, &WhatifView::setCancelled);
  connect(m_runner, &WhatifRunner::recorded, this,
          [this](const QString& message, bool ok) { Q_EMIT statusMessage(message, ok ? 6000 : 15000); });
  connect(m_whatif, &WhatifView::snapshotFileChosen, this, [this](const QString& path) {
    QString error;
    QList<std::pair<qint64, QString>> entries;
    for (const WhatifSnapshotEntry& e : WhatifRunner::listSnapshots(path, &error)) entries.push_back({e.id, e.label});
    m_whatif->setSnapshots(entries);
    if (!error.isEmpty()) Q_EMIT statusMessage(tr("Cannot read snapshots of %1: %2").arg(path, error), 8000);
  });
  connect(m_whatif, &WhatifView::editorPolicyRequested, this,
          [this] { m_whatif->addPolicy(m_editor->policy(), tr("policy editor")); });
  connect(m_whatif, &WhatifView::inForcePolicyRequested, this, &PolicyPages::addPolicyInForce);
  connect(m_editor, &PolicyEditor::pushRequested, this, &PolicyPages::confirmPush);
  connect(m_live, &LivePolicyPanel::promoteRequested, this, &PolicyPages::confirmPromote);
  connect(m_live, &LivePolicyPanel::rollbackRequested, this, &PolicyPages::confirmRollback);
  connect(m_live, &LivePolicyPanel::refreshRequested, this, &PolicyPages::refresh);
  setConnection(connection);
}

void PolicyPages::setConnection(ClusterConnection* connection) {
  if (m_connection) m_connection->disconnect(this);
  m_connection = connection;
  m_state.reset();
  if (!connection) {
    m_live->setUnavailable(tr("Replaying a snapshot: no gateway to push to."));
    return;
  }
  m_live->setUnavailable(tr("Asking %1 for its policy…").arg(connection->target()));
  connect(connection, &ClusterConnection::policyStateChanged, this, &PolicyPages::onState);
  connect(connection, &ClusterConnection::policyCallFailed, this, &PolicyPages::onFailed);
  connect(connection, &ClusterConnection::policyHistoryListed, this,
          [this](std::shared_ptr<const v1::ListPolicyHistoryResponse> history) { m_live->setHistory(*history); });
  // A gateway that comes back may have changed policy meanwhile.
  connect(connection, &ClusterConnection::statusChanged, this, [this](const ConnectionStatus& status) {
    if (status.state == ConnectionState::Live) refresh();
  });
  if (connection->status().state == ConnectionState::Live) refresh();
}

void PolicyPages::refresh() {
  if (!m_connection) return;
  m_connection->fetchPolicy();
}

void PolicyPages::setFrame(const Frame& frame) {
  if (m_state) m_live->setArms(frame.queue.arms);
}

void PolicyPages::onState(const QString& action, std::shared_ptr<const v1::GetPolicyResponse> state) {
  const bool changed = !m_state || m_state->version() != state->version();
  m_state = std::move(state);
  m_live->setError({});
  m_live->setState(*m_state);
  m_editor->setBasePolicy(m_state->active().spec(),
                          tr("v%1 in force on the gateway").arg(m_state->active().version()));
  if (changed) m_connection->fetchPolicyHistory();
  if (action == QLatin1String("get")) return;
  const quint64 version = m_state->version();
  if (action == QLatin1String("push"))
    Q_EMIT statusMessage(tr("Pushed as v%1 to %2 % of new arrivals").arg(version).arg(m_state->canary_percent()),
                         8000);
  else if (action == QLatin1String("promote"))
    Q_EMIT statusMessage(tr("Promoted: v%1 is in force for every job").arg(version), 8000);
  else
    Q_EMIT statusMessage(tr("Rolled back: v%1 is in force").arg(version), 8000);
  Q_EMIT policyChanged(action, version);
}

void PolicyPages::onFailed(const QString& action, int code, const QString& message) {
  QString text;
  if (code == kUnauthenticated || code == kPermissionDenied)
    text = tr("The gateway refused the %1: %2. Policy changes need an operator token (File → Connect…).")
               .arg(action, message);
  else if (code == kFailedPrecondition && action != QLatin1String("get"))
    text = tr("The gateway refused the %1: %2").arg(action, message);
  else
    text = tr("%1 failed: %2").arg(action, message);
  if (action == QLatin1String("get") && !m_state) {
    m_live->setUnavailable(text);
    return;
  }
  m_live->setError(text);
  Q_EMIT statusMessage(text, 10000);
  if (action == QLatin1String("push")) Q_EMIT pushUnavailable(text);
  // Someone else changed the policy meanwhile: show what is there now.
  if (code == kFailedPrecondition) refresh();
}

void PolicyPages::addPolicyInForce() {
  const WhatifSource source = m_whatif->source();
  if (source.kind == WhatifSource::Kind::Snapshot && !source.path.empty()) {
    // Reads one snapshot's metadata; quick next to the run it precedes.
    auto policy = WhatifRunner::snapshotPolicy(source.path, source.snapshotId);
    if (auto* p = std::get_if<v1::Policy>(&policy)) {
      m_whatif->addBaselinePolicy(*p, tr("in force at snapshot #%1").arg(source.snapshotId));
      return;
    }
    Q_EMIT statusMessage(std::get<QString>(policy), 10000);
    return;
  }
  if (m_state) {
    m_whatif->addBaselinePolicy(m_state->active().spec(),
                                tr("in force on the gateway (v%1)").arg(m_state->active().version()));
    return;
  }
  Q_EMIT statusMessage(tr("No policy in force known: pick a snapshot, or connect to a gateway that reports one."),
                       10000);
}

void PolicyPages::confirmPush(const v1::Policy& policy, int canaryPercent) {
  if (!m_connection || !m_state) {
    const QString reason = m_connection ? tr("The gateway has not reported its policy yet.")
                                        : tr("Not connected to a gateway.");
    Q_EMIT pushUnavailable(reason);
    m_live->setError(reason);
    return;
  }
  const auto whatif = m_whatif->results();
  if (!m_confirm(tr("Push policy"), pushConfirmationText(m_editor->basePolicy(), policy, canaryPercent, whatif.get())))
    return;
  // A hybrid policy naming its weights file carries the file's text (the
  // gateway never reads a path).
  v1::Policy carried = policy;
  if (const auto error = embedHybridWeights(carried)) {
    const QString reason = QString::fromStdString(error->message());
    Q_EMIT pushUnavailable(reason);
    m_live->setError(reason);
    return;
  }
  // The decision was made against the version shown; a change made
  // meanwhile makes the gateway refuse rather than overwrite it.
  m_connection->pushPolicy(carried, canaryPercent, knownVersion());
}

void PolicyPages::confirmPromote() {
  if (!m_connection || !m_state || !m_state->has_candidate()) return;
  const auto& c = m_state->candidate();
  if (!m_confirm(tr("Promote"), tr("Make v%1 “%2” the policy for every job (now %3 % of new arrivals)?")
                                    .arg(c.version())
                                    .arg(QString::fromStdString(c.spec().name()).toHtmlEscaped())
                                    .arg(m_state->canary_percent())))
    return;
  m_connection->promotePolicy(knownVersion());
}

void PolicyPages::confirmRollback(quint64 toVersion) {
  if (!m_connection || !m_state) return;
  const QString text = m_state->has_candidate() && toVersion == m_state->active().version()
                           ? tr("End the canary of v%1 and keep v%2 for every job?")
                                 .arg(m_state->candidate().version())
                                 .arg(toVersion)
                           : tr("Make v%1's policy the one in force again (as a new version)?").arg(toVersion);
  if (!m_confirm(tr("Roll back"), text)) return;
  m_connection->rollbackPolicy(toVersion, knownVersion());
}

}  // namespace hetsched
