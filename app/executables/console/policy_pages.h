#pragma once

#include "policy.pb.h"

#include <QObject>
#include <QPointer>

class QWidget;

namespace hetsched {

class ClusterConnection;
class PolicyEditor;
class WhatifRunner;
class WhatifView;

// The "Policies" and "What-if" tabs and the runner behind them, wired
// together: the what-if view's requests go to the runner, the editor's
// policy can join a comparison, and a push is confirmed with the diff, the
// canary share and the what-if's prediction before it goes to the gateway.
// Apart from MainWindow so that tests drive the same wiring headless.
class PolicyPages : public QObject {
  Q_OBJECT
 public:
  // `connection` may be null (no gateway); `parent` owns the tabs' widgets.
  PolicyPages(ClusterConnection* connection, QWidget* parent);

  PolicyEditor* editor() const { return m_editor; }
  WhatifView* whatif() const { return m_whatif; }
  WhatifRunner* runner() const { return m_runner; }

  // Asks, then pushes. Public so the main window's menu can reach it.
  void confirmPush(const v1::Policy& policy, int canaryPercent);

 Q_SIGNALS:
  void statusMessage(const QString& text, int timeoutMs);
  // The push could not be made; `reason` is shown to the operator.
  void pushUnavailable(const QString& reason);

 private:
  QPointer<ClusterConnection> m_connection;
  QWidget* m_parent;
  PolicyEditor* m_editor;
  WhatifView* m_whatif;
  WhatifRunner* m_runner;
};

}  // namespace hetsched
