#pragma once

#include <QLabel>

namespace hetsched {

// A one-line label that shortens its text with "…" when narrower than it,
// instead of asking for the width of the whole text: a long status or a
// big number never forces a window wider (the full text is the tooltip).
class ElidedLabel : public QLabel {
  Q_OBJECT
 public:
  explicit ElidedLabel(QWidget* parent = nullptr);
  explicit ElidedLabel(const QString& text, QWidget* parent = nullptr);

  QSize minimumSizeHint() const override;
  // What is drawn at the current width.
  QString shownText() const;

 protected:
  void paintEvent(QPaintEvent* event) override;
};

}  // namespace hetsched
