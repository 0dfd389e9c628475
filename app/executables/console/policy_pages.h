#pragma once

#include "model/frame.h"
#include "policy.pb.h"
#include "policy_service.pb.h"

#include <QObject>
#include <QPointer>

#include <functional>
#include <memory>

class QWidget;

namespace hetsched {

class ClusterConnection;
class LivePolicyPanel;
class PolicyEditor;
class WhatifRunner;
class WhatifView;

// The "Policies" and "What-if" tabs and the runner behind them, wired
// together: the what-if view's requests go to the runner, the editor's
// policy can join a comparison, and a push is confirmed with the diff, the
// canary share and the what-if's prediction before it goes to the gateway,
// whose policy in force, canary arms, promotion and rollback the live panel
// above the editor shows. Apart from MainWindow so that tests drive the
// same wiring headless.
class PolicyPages : public QObject {
  Q_OBJECT
 public:
  // Asked before every mutation; true goes ahead. Tests replace the dialog.
  using Confirm = std::function<bool(const QString& title, const QString& richText)>;

  // `connection` may be null (no gateway); `parent` owns the tabs' widgets.
  PolicyPages(ClusterConnection* connection, QWidget* parent);

  // The "Policies" tab: the live panel above the editor.
  QWidget* policiesTab() const { return m_policiesTab; }
  PolicyEditor* editor() const { return m_editor; }
  LivePolicyPanel* livePanel() const { return m_live; }
  WhatifView* whatif() const { return m_whatif; }
  WhatifRunner* runner() const { return m_runner; }
  // The gateway's last answer, or null before one.
  std::shared_ptr<const v1::GetPolicyResponse> gatewayState() const { return m_state; }

  // The console switched gateways (or went to replay: null).
  void setConnection(ClusterConnection* connection);
  // Each live frame: the canary arms' counters.
  void setFrame(const Frame& frame);
  void setConfirm(Confirm confirm) { m_confirm = std::move(confirm); }

  // Asks, then pushes. Public so the main window's menu can reach it.
  void confirmPush(const v1::Policy& policy, int canaryPercent);
  void confirmPromote();
  void confirmRollback(quint64 toVersion);
  // The what-if view's "Policy in force": the snapshot's, else the gateway's.
  void addPolicyInForce();

 Q_SIGNALS:
  void statusMessage(const QString& text, int timeoutMs);
  // The push could not be made; `reason` is shown to the operator.
  void pushUnavailable(const QString& reason);
  // The gateway took a push, promotion or rollback.
  void policyChanged(const QString& action, quint64 version);

 private:
  void refresh();
  void onState(const QString& action, std::shared_ptr<const v1::GetPolicyResponse> state);
  void onFailed(const QString& action, int code, const QString& message);
  quint64 knownVersion() const { return m_state ? m_state->version() : 0; }

  QPointer<ClusterConnection> m_connection;
  QWidget* m_parent;
  QWidget* m_policiesTab;
  LivePolicyPanel* m_live;
  PolicyEditor* m_editor;
  WhatifView* m_whatif;
  WhatifRunner* m_runner;
  std::shared_ptr<const v1::GetPolicyResponse> m_state;
  Confirm m_confirm;
};

}  // namespace hetsched
