#include "tool_tip.h"

#include <QHelpEvent>
#include <QToolTip>

namespace hetsched {

void answerToolTip(QWidget* widget, const QHelpEvent& help, const QString& text) {
  if (text.isEmpty()) QToolTip::hideText();
  else QToolTip::showText(help.globalPos(), text, widget);
}

}  // namespace hetsched
