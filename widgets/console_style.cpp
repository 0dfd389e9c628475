#include "console_style.h"

#include <QPainter>
#include <QPalette>
#include <QPen>
#include <QPoint>
#include <QPointF>
#include <QRectF>
#include <QStyleFactory>
#include <QStyleOption>

namespace hetsched {

ConsoleStyle::ConsoleStyle() : QProxyStyle(QStyleFactory::create(QStringLiteral("Fusion"))) {}

void ConsoleStyle::drawPrimitive(PrimitiveElement element, const QStyleOption* option, QPainter* painter,
                                 const QWidget* widget) const {
  QProxyStyle::drawPrimitive(element, option, painter, widget);
  const bool box = element == PE_IndicatorCheckBox;
  if (!box && element != PE_IndicatorRadioButton) return;
  // Fusion's own keyboard-focus edge (the highlight) stays.
  if ((option->state & State_HasFocus) && (option->state & State_KeyboardFocusChange)) return;
  const QPalette::ColorGroup group = (option->state & State_Enabled) ? QPalette::Active : QPalette::Disabled;
  const QColor edge =
      option->palette.color(group, group == QPalette::Disabled ? QPalette::Text : QPalette::PlaceholderText);
  painter->save();
  painter->setRenderHint(QPainter::Antialiasing, true);
  painter->setPen(QPen(edge, 1.0));
  painter->setBrush(Qt::NoBrush);
  // Where Fusion draws its outline (qfusionstyle.cpp): a box's on the
  // half pixels inside the indicator, a radio's circle a pixel down-right
  // of the centre.
  if (box) {
    painter->drawRect(QRectF(option->rect).adjusted(0.5, 0.5, -0.5, -0.5));
  } else {
    const int width = option->rect.width();
    const double radius = (width + (width + 1) % 2) / 2.0 - 1.0;
    painter->drawEllipse(QPointF(option->rect.center() + QPoint(1, 1)), radius, radius);
  }
  painter->restore();
}

}  // namespace hetsched
