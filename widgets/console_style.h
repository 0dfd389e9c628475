#pragma once

#include <QProxyStyle>

namespace hetsched {

// Fusion (the same on every platform), with the edge of check boxes and
// radio buttons drawn in the palette's secondary text colour. Fusion
// outlines them with the window colour darkened, which on the dark palette
// is within 1.2:1 of the window and of the box itself: an unticked box was
// invisible (WCAG 2.1 asks 3:1 for a control's boundary; the light
// palette's was 2:1).
class ConsoleStyle : public QProxyStyle {
  Q_OBJECT
 public:
  ConsoleStyle();
  void drawPrimitive(PrimitiveElement element, const QStyleOption* option, QPainter* painter,
                     const QWidget* widget = nullptr) const override;
};

}  // namespace hetsched
