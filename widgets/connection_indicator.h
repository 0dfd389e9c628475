#pragma once

#include "base/model/connection_state.h"

#include <QWidget>

class QLabel;

namespace hetsched {

// Always-visible connection state for the status bar: a coloured dot, the
// gateway address and, while disconnected, the reason and the next retry.
class ConnectionIndicator : public QWidget {
  Q_OBJECT
 public:
  explicit ConnectionIndicator(QWidget* parent = nullptr);

  void setStatus(const ConnectionStatus& status, const QString& target);
  QString text() const;

 private:
  QLabel* m_dot;
  QLabel* m_text;
  QColor m_color;
};

}  // namespace hetsched
