#pragma once

#include <QObject>
#include <QPointer>
#include <QTimer>

class QLabel;
class QStatusBar;

namespace hetsched {

class ClusterWorkspace;
class ConnectionIndicator;

// The window's status bar, following the cluster shown: its connection
// indicator (or the replay banner), a line for transient messages beside
// it, the source and the frame. Every part is a permanent widget, so a
// message never hides the connection's state.
class StatusArea : public QObject {
  Q_OBJECT
 public:
  StatusArea(QStatusBar* bar, QObject* parent);

  // Null: the Overview page, which has no single connection.
  void setWorkspace(ClusterWorkspace* workspace);
  void showMessage(const QString& text, int timeoutMs);
  QString message() const;
  ConnectionIndicator* indicator() const { return m_indicator; }

 private:
  void refresh();

  QPointer<ClusterWorkspace> m_workspace;
  ConnectionIndicator* m_indicator;
  QLabel* m_replay;
  QLabel* m_message;
  QLabel* m_source;
  QLabel* m_frame;
  QTimer m_messageTimer;
};

}  // namespace hetsched
