#include "connection_indicator.h"

#include <QHBoxLayout>
#include <QLabel>

namespace hetsched {

ConnectionIndicator::ConnectionIndicator(QWidget* parent)
    : QWidget(parent), m_dot(new QLabel(this)), m_text(new QLabel(this)) {
  auto* layout = new QHBoxLayout(this);
  layout->setContentsMargins(4, 0, 4, 0);
  layout->setSpacing(6);
  m_dot->setFixedSize(12, 12);
  layout->addWidget(m_dot);
  layout->addWidget(m_text);
  setStatus({}, QString());
}

void ConnectionIndicator::setStatus(const ConnectionStatus& status, const QString& target) {
  const QString reason = QString::fromStdString(status.detail);
  const double retry = static_cast<double>(status.retryIn.count()) / 1000.0;
  QString text;
  switch (status.state) {
    case ConnectionState::Connecting:
      m_color = QColor(0xE0, 0xA0, 0x00);
      text = reason.isEmpty() ? tr("Connecting to %1…").arg(target)
                              : tr("Cannot reach %1 — retrying in %2 s (%3)")
                                    .arg(target, QString::number(retry, 'f', 1), reason);
      break;
    case ConnectionState::Live:
      m_color = QColor(0x2E, 0xA0, 0x43);
      text = tr("Live · %1").arg(target);
      break;
    case ConnectionState::Stale:
      m_color = QColor(0xD0, 0x30, 0x30);
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
}

QString ConnectionIndicator::text() const { return m_text->text(); }

}  // namespace hetsched
