#include "connection_indicator.h"

#include "base/model/connection_state.h"
#include "elided_label.h"

#include <QHBoxLayout>
#include <QLabel>

namespace hetsched {

ConnectionIndicator::ConnectionIndicator(QWidget* parent)
    : QWidget(parent), m_dot(new QLabel(this)), m_text(new ElidedLabel(this)) {
  auto* layout = new QHBoxLayout(this);
  layout->setContentsMargins(4, 0, 4, 0);
  layout->setSpacing(6);
  m_dot->setFixedSize(12, 12);
  layout->addWidget(m_dot);
  layout->addWidget(m_text, 1);
  setStatus({}, QString());
}

void ConnectionIndicator::setStatus(const ConnectionStatus& status, const QString& target) {
  const QString reason = QString::fromStdString(status.detail);
  const double retry = static_cast<double>(status.retryIn.count()) / 1000.0;
  QString text;
  switch (status.state) {
    case ConnectionState::Connecting:
      m_color = QColor(0xE6, 0x9F, 0x00);  // Okabe–Ito orange
      text = reason.isEmpty()
                 ? tr("Connecting to %1…").arg(target)
                 : tr("Cannot reach %1 — retrying in %2 s (%3)").arg(target, QString::number(retry, 'f', 1), reason);
      break;
    case ConnectionState::Live:
      m_color = QColor(0x00, 0x9E, 0x73);  // bluish green: apart from vermillion for red-green blindness
      text = tr("Live · %1").arg(target);
      break;
    case ConnectionState::Stale:
      m_color = QColor(0xD5, 0x5E, 0x00);  // vermillion
      text = tr("Connection to %1 lost — data is stale; retrying in %2 s (%3)")
                 .arg(target, QString::number(retry, 'f', 1), reason);
      break;
    case ConnectionState::Stopped:
      m_color = QColor(0x80, 0x80, 0x80);
      text = tr("Disconnected");
      break;
  }
  m_dot->setStyleSheet(QStringLiteral("background:%1; border-radius:6px;").arg(m_color.name()));
  m_text->setText(text);
  setToolTip(text);
  setAccessibleName(tr("Connection"));
  setAccessibleDescription(text);
}

QString ConnectionIndicator::text() const { return m_text->text(); }

}  // namespace hetsched
