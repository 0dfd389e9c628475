#pragma once

#include <QObject>
#include <QString>

class QSystemTrayIcon;

namespace hetsched {

// Desktop notifications of alerts that begin to fire: a tray icon's
// message where the desktop has a tray; where it has none (offscreen, a
// bare window manager) nothing, silently: the Alerts tab still lists them.
class AlertNotifier : public QObject {
  Q_OBJECT
 public:
  explicit AlertNotifier(QObject* parent = nullptr);

  void notify(const QString& title, const QString& text);
  // Whether notify() can show anything here.
  bool available() const { return m_tray != nullptr; }

 Q_SIGNALS:
  // The user clicked a notification: show the alerts.
  void activated();

 private:
  QSystemTrayIcon* m_tray = nullptr;
};

}  // namespace hetsched
