#pragma once

#include <QObject>
#include <QPalette>

class QCustomPlot;
class QLabel;

namespace hetsched {

// The console's look: a light or a dark palette on the Fusion style (the
// same on every platform), following the system's scheme unless the
// operator picks one. Views follow QEvent::PaletteChange, so switching is
// one QApplication::setPalette; QCustomPlot views restyle their axes, grids
// and legends there with stylePlot().
class Theme : public QObject {
  Q_OBJECT
 public:
  enum class Choice { System, Light, Dark };

  // The application's theme, made on first use (a child of the application).
  static Theme* instance();

  Choice choice() const { return m_choice; }
  // Applies `choice` to the application at once.
  void setChoice(Choice choice);
  bool dark() const { return m_dark; }
  // What "system" means here: the scheme of the platform's own palette,
  // read before the console changed it.
  bool systemPrefersDark() const;

  static QString name(Choice choice);  // "system", "light", "dark"
  // From "system", "light" or "dark"; false for anything else.
  static bool parse(const QString& text, Choice* choice);
  static QPalette lightPalette();
  static QPalette darkPalette();
  static bool isDark(const QPalette& palette);

 Q_SIGNALS:
  void changed(bool dark);

 private:
  explicit Theme(QObject* parent);

  Choice m_choice = Choice::System;
  bool m_dark = false;
  QPalette m_systemPalette;
};

// Background, axes, ticks, grid and legend of a plot from `palette` (the
// view's: on a palette change the plot's own may not be updated yet); call
// at construction and on QEvent::PaletteChange.
void stylePlot(QCustomPlot* plot, const QPalette& palette);

// Text that reports a problem: dark red on the light palette, light red on
// the dark one, following theme switches.
void showAsError(QLabel* label, bool bold = false);
// Secondary text (hints, captions, legends): the palette's placeholder role.
void showAsHint(QLabel* label);

// Better and worse than a baseline, apart for red-green colour blindness
// (Okabe–Ito blue and vermillion) and readable on either palette.
QColor betterColor(const QPalette& palette);
QColor worseColor(const QPalette& palette);

}  // namespace hetsched
