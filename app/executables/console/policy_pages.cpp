#include "policy_pages.h"

#include "base/model/frame.h"
#include "base/model/job.h"
#include "base/model/topology.h"
#include "data/store/snapshot_data.h"
#include "engine/hybrid/hybrid_registration.h"
#include "engine/policy/policy_loader.h"
#include "gateway_control.h"
#include "live_tuning.h"
#include "policy_service.pb.h"
#include "sweep_runner.h"
#include "usecases/whatif/whatif_source.h"
#include "whatif_runner.h"
#include "widgets/canary_progress.h"
#include "widgets/live_policy_panel.h"
#include "widgets/live_whatif_strip.h"
#include "widgets/policy_editor.h"
#include "widgets/promote_dialog.h"
#include "widgets/push_confirmation.h"
#include "widgets/sweep_view.h"
#include "widgets/whatif_view.h"

#include <QDateTime>
#include <QMessageBox>
#include <QPushButton>
#include <QSplitter>
#include <QVBoxLayout>
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <utility>
#include <variant>
#include <vector>

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

PromoteAnswer askWithPromoteDialog(QWidget* parent, const v1::GetPolicyResponse& state,
                                   const std::vector<ArmSummary>& arms, const CanaryProgress& progress) {
  PromoteDialog dialog(state, arms, progress, parent);
  dialog.exec();
  return dialog.answer();
}

}  // namespace

PolicyPages::PolicyPages(GatewayControl* control, QWidget* parent)
    : QObject(parent),
      m_parent(parent),
      m_policiesTab(new QSplitter(Qt::Vertical, parent)),
      m_live(new LivePolicyPanel(m_policiesTab)),
      m_editor(new PolicyEditor(m_policiesTab)),
      m_whatif(new WhatifView(parent)),
      m_runner(new WhatifRunner(this)),
      m_strip(new LiveWhatifStrip(m_policiesTab)),
      m_tuning(new LiveTuning(
          m_editor, m_strip, [this] { return whatifSource(); }, this)),
      m_sweepRunner(new SweepRunner(this)),
      m_confirm([parent](const QString& title, const QString& text) { return askWithDialog(parent, title, text); }),
      m_askPromote(
          [parent](const v1::GetPolicyResponse& state, const std::vector<ArmSummary>& arms,
                   const CanaryProgress& progress) { return askWithPromoteDialog(parent, state, arms, progress); }) {
  auto* splitter = static_cast<QSplitter*>(m_policiesTab);
  splitter->addWidget(m_live);
  // The live what-if sits on the editor, where the sliders move.
  auto* editing = new QWidget(m_policiesTab);
  auto* editingLayout = new QVBoxLayout(editing);
  editingLayout->setContentsMargins(0, 0, 0, 0);
  editingLayout->setSpacing(2);
  editingLayout->addWidget(m_strip);
  editingLayout->addWidget(m_editor, 1);
  splitter->addWidget(editing);
  splitter->setStretchFactor(1, 1);
  splitter->setChildrenCollapsible(false);
  splitter->setObjectName(QStringLiteral("policiesSplitter"));

  connect(m_whatif, &WhatifView::runRequested, this, [this](WhatifSource source, const auto& policies) {
    if (source.kind == WhatifSource::Kind::Live) {
      source.liveTopology = m_liveTopology;
      source.liveJobs = m_liveJobs;
    }
    m_runner->setReplicas(static_cast<std::size_t>(m_whatif->replicas()));
    if (!m_runner->start(source, policies)) m_whatif->setFailed(tr("a run is already in progress"));
  });
  connect(m_runner, &WhatifRunner::replicasFinished, m_whatif, &WhatifView::setReplicaResults);
  SweepView* sweep = m_whatif->sweepView();
  connect(m_whatif, &WhatifView::sweepRequested, this,
          [this, sweep](WhatifSource source, const std::vector<v1::Policy>& policies,
                        const std::vector<SweepAxis>& axes, int replicas) {
            if (source.kind == WhatifSource::Kind::Live) {  // the cut the What-if tab's Run would take
              source.liveTopology = m_liveTopology;
              source.liveJobs = m_liveJobs;
            }
            if (!m_sweepRunner->start(source, policies, axes, static_cast<std::size_t>(std::max(1, replicas))))
              sweep->setFailed(tr("a sweep is already in progress"));
          });
  connect(sweep, &SweepView::cancelRequested, m_sweepRunner, &SweepRunner::cancel);
  connect(m_sweepRunner, &SweepRunner::progress, sweep, &SweepView::setProgress);
  connect(m_sweepRunner, &SweepRunner::finished, sweep, &SweepView::setResults);
  connect(m_sweepRunner, &SweepRunner::failed, sweep, &SweepView::setFailed);
  connect(m_sweepRunner, &SweepRunner::cancelled, sweep, &SweepView::setCancelled);
  // The editor shows the point's difference from the policy in force.
  connect(sweep, &SweepView::pointChosen, this, [this](const v1::Policy& policy, const QString& description) {
    m_editor->loadPolicy(policy);
    Q_EMIT statusMessage(tr("Loaded %1 of %2 into the editor").arg(description, QString::fromStdString(policy.name())),
                         8000);
    Q_EMIT policiesTabRequested();
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
  setControl(control);
}

void PolicyPages::setControl(GatewayControl* control, const QString& reason) {
  if (m_control) m_control->disconnect(this);
  m_control = control;
  m_state.reset();
  m_arms.clear();
  m_recordedPolicy.reset();
  m_editor->setPushBlocked(control ? QString() : reason.isEmpty() ? tr("Not connected to a gateway.") : reason);
  m_live->setActionsBlocked(control ? QString() : reason);
  if (!control) {
    m_live->setUnavailable(reason.isEmpty() ? tr("Not connected to a gateway.") : reason);
    return;
  }
  m_live->setUnavailable(tr("Asking %1 for its policy…").arg(control->target()));
  connect(control, &GatewayControl::policyStateChanged, this, &PolicyPages::onState);
  connect(control, &GatewayControl::policyCallFailed, this, &PolicyPages::onFailed);
  connect(control, &GatewayControl::policyHistoryListed, this,
          [this](const std::shared_ptr<const v1::ListPolicyHistoryResponse>& history) {
            m_live->setHistory(*history);
            // The saved versions a sweep over policies may tick, newest first.
            std::vector<std::pair<quint64, v1::Policy>> versions;
            for (auto it = history->versions().rbegin(); it != history->versions().rend(); ++it)
              versions.emplace_back(it->version(), it->spec());
            m_whatif->sweepView()->setSavedVersions(versions);
          });
  refresh();
}

GatewayControl* PolicyPages::control() const { return m_control; }

void PolicyPages::refresh() {
  if (!m_control) return;
  m_control->fetchPolicy();
}

void PolicyPages::setFrame(const Frame& frame) {
  if (!m_state) return;
  m_arms = frame.queue.arms;
  // The gateway's clock where the source stamps one, else ours: the push
  // time it is compared with is the gateway's.
  m_frameWallMs = frame.wallTimeMs;
  m_live->setArms(frame.queue.arms);
}

void PolicyPages::setLiveCluster(std::shared_ptr<const Topology> topology,
                                 std::shared_ptr<const std::vector<Job>> jobs) {
  m_liveTopology = std::move(topology);
  m_liveJobs = m_liveTopology ? std::move(jobs) : nullptr;
  if (!m_liveJobs) {
    m_whatif->setLiveCluster({});
    return;
  }
  std::size_t running = 0, queued = 0;
  for (const Job& j : *m_liveJobs) {
    running += j.state == JobState::Running;
    queued += j.state == JobState::Queued;
  }
  m_whatif->setLiveCluster(tr("%1 (%n device(s)): %2 running and %3 queued jobs now; the cut is taken in memory when "
                              "a run starts.",
                              nullptr, static_cast<int>(m_liveTopology->devices.size()))
                               .arg(QString::fromStdString(m_liveTopology->clusterName))
                               .arg(running)
                               .arg(queued));
  m_tuning->update();  // a first cut, if the live what-if waited for one
}

WhatifSource PolicyPages::whatifSource() const {
  WhatifSource source = m_whatif->source();
  if (source.kind == WhatifSource::Kind::Live) {
    source.liveTopology = m_liveTopology;
    source.liveJobs = m_liveJobs;
  }
  return source;
}

void PolicyPages::showRecordedPolicy(const SnapshotInfo& info, const PolicyRef& policy) {
  auto parsed = parsePolicyJsonUnvalidated(policy.json);
  if (auto* p = std::get_if<v1::Policy>(&parsed)) m_recordedPolicy = *p;
  else m_recordedPolicy.reset();
  m_recordedOrigin = tr("in force in the replayed snapshot (v%1)").arg(policy.version);
  prefillWhatif();
  m_live->setUnavailable(
      tr("Replaying snapshot “%1”: it recorded v%2 “%3” in force. Nothing here acts on a gateway; Back to live first.")
          .arg(QString::fromStdString(info.name))
          .arg(policy.version)
          .arg(QString::fromStdString(policy.name)));
}

void PolicyPages::showRecordedArms(const std::vector<ArmSummary>& arms) { m_live->setArms(arms); }

void PolicyPages::onState(const QString& action, std::shared_ptr<const v1::GetPolicyResponse> state) {
  const bool changed = !m_state || m_state->version() != state->version();
  m_state = std::move(state);
  m_live->setError({});
  m_live->setState(*m_state);
  m_editor->setBasePolicy(m_state->active().spec(), tr("v%1 in force on the gateway").arg(m_state->active().version()));
  // The editor starts from what runs, not from a built-in, and follows it
  // until the operator edits.
  if (!m_editor->touched()) m_editor->setPolicy(m_state->active().spec());
  prefillWhatif();
  if (changed) m_control->fetchPolicyHistory();
  if (action == QLatin1String("get")) return;
  const quint64 version = m_state->version();
  if (action == QLatin1String("push"))
    Q_EMIT statusMessage(tr("Pushed as v%1 to %2 % of new arrivals").arg(version).arg(m_state->canary_percent()), 8000);
  else if (action == QLatin1String("promote"))
    Q_EMIT statusMessage(tr("Promoted: v%1 is in force for every job").arg(version), 8000);
  else Q_EMIT statusMessage(tr("Rolled back: v%1 is in force").arg(version), 8000);
  Q_EMIT policyChanged(action, version);
}

void PolicyPages::onFailed(const QString& action, int code, const QString& message) {
  QString text;
  if (code == kUnauthenticated || code == kPermissionDenied)
    text = tr("The gateway refused the %1: %2. Policy changes need an operator token (File → Connect…).")
               .arg(action, message);
  else if (code == kFailedPrecondition && action != QLatin1String("get"))
    text = tr("The gateway refused the %1: %2").arg(action, message);
  else text = tr("%1 failed: %2").arg(action, message);
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
  if (m_recordedPolicy) {
    m_whatif->addBaselinePolicy(*m_recordedPolicy, m_recordedOrigin);
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

void PolicyPages::prefillWhatif() {
  if (m_whatifPrefilled || !m_whatif->policies().empty()) return;
  // A chosen snapshot names its own policy in force; the operator adds it.
  const WhatifSource source = m_whatif->source();
  if (source.kind == WhatifSource::Kind::Snapshot && !source.path.empty()) return;
  if (!m_recordedPolicy && !m_state) return;
  m_whatifPrefilled = true;
  addPolicyInForce();
}

void PolicyPages::confirmPush(const v1::Policy& policy, int canaryPercent) {
  if (!m_control || !m_state) {
    const QString reason =
        m_control ? tr("The gateway has not reported its policy yet.") : tr("Not connected to a gateway.");
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
  m_control->pushPolicy(carried, canaryPercent, knownVersion());
}

void PolicyPages::confirmPromote() {
  if (!m_control || !m_state || !m_state->has_candidate()) return;
  const std::int64_t now = m_frameWallMs > 0 ? m_frameWallMs : QDateTime::currentMSecsSinceEpoch();
  CanaryProgress progress = canaryProgress(*m_state, m_arms, now);
  const PromoteAnswer answer = m_askPromote(*m_state, m_arms, progress);
  if (!answer.promote) return;
  progress.minS = answer.minS;
  progress.minStarts = answer.minStarts;
  if (!progress.met() && !answer.override) {
    const QString reason =
        tr("Not promoted: the canary has only %1. Wait, or tick the override.").arg(canaryProgressText(progress));
    m_live->setError(reason);
    Q_EMIT statusMessage(reason, 10000);
    Q_EMIT promoteRefused(reason);
    return;
  }
  m_control->promotePolicy(knownVersion());
}

void PolicyPages::confirmRollback(quint64 toVersion) {
  if (!m_control || !m_state) return;
  const QString text =
      m_state->has_candidate() && toVersion == m_state->active().version()
          ? tr("End the canary of v%1 and keep v%2 for every job?").arg(m_state->candidate().version()).arg(toVersion)
          : tr("Make v%1's policy the one in force again (as a new version)?").arg(toVersion);
  if (!m_confirm(tr("Roll back"), text)) return;
  m_control->rollbackPolicy(toVersion, knownVersion());
}

}  // namespace hetsched
