#pragma once

#include <QString>

class QHelpEvent;
class QWidget;

namespace hetsched {

// Answers a QEvent::ToolTip on `widget`: `text` beside the pointer, or no
// tooltip at all where `text` is empty (a place with nothing under it).
void answerToolTip(QWidget* widget, const QHelpEvent& help, const QString& text);

}  // namespace hetsched
