#include "alert_notifier.h"

#include <QApplication>
#include <QSystemTrayIcon>

namespace hetsched {

AlertNotifier::AlertNotifier(QObject* parent) : QObject(parent) {
  if (!QSystemTrayIcon::isSystemTrayAvailable() || !QSystemTrayIcon::supportsMessages()) return;
  m_tray = new QSystemTrayIcon(QApplication::windowIcon(), this);
  m_tray->setToolTip(tr("HetSched alerts"));
  connect(m_tray, &QSystemTrayIcon::messageClicked, this, &AlertNotifier::activated);
}

void AlertNotifier::notify(const QString& title, const QString& text) {
  if (!m_tray) return;
  // Shown only while there is something to say: no permanent tray clutter.
  m_tray->show();
  m_tray->showMessage(title, text, QSystemTrayIcon::Warning, 10000);
}

}  // namespace hetsched
