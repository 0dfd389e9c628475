#include "elided_label.h"

#include <QPainter>
#include <QStyle>
#include <QStyleOption>

namespace hetsched {

ElidedLabel::ElidedLabel(QWidget* parent) : ElidedLabel(QString(), parent) {}

ElidedLabel::ElidedLabel(const QString& text, QWidget* parent) : QLabel(text, parent) {
  setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Preferred);
  setTextFormat(Qt::PlainText);
}

QSize ElidedLabel::minimumSizeHint() const {
  // Room for a few characters and the ellipsis; the layout gives more when
  // it has it.
  const QFontMetrics metrics = fontMetrics();
  const QMargins m = contentsMargins();
  return {metrics.horizontalAdvance(QStringLiteral("MMM…")) + m.left() + m.right(), QLabel::minimumSizeHint().height()};
}

QString ElidedLabel::shownText() const {
  return fontMetrics().elidedText(text(), Qt::ElideRight, contentsRect().width());
}

void ElidedLabel::paintEvent(QPaintEvent* event) {
  Q_UNUSED(event);
  QPainter painter(this);
  QStyleOption option;
  option.initFrom(this);
  style()->drawItemText(&painter, contentsRect(), static_cast<int>(alignment()), option.palette, isEnabled(),
                        shownText(), foregroundRole());
}

}  // namespace hetsched
