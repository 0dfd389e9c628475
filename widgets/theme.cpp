#include "theme.h"

#include "console_style.h"
#include "qcustomplot_include.h"

#include <QApplication>
#include <QLabel>
#include <QPointer>
#include <QStyleHints>
#include <vector>

namespace hetsched {

Theme::Theme(QObject* parent) : QObject(parent), m_systemPalette(QGuiApplication::palette()) {}

Theme* Theme::instance() {
  static QPointer<Theme> theme;
  if (!theme) theme = new Theme(qApp);
  return theme;
}

bool Theme::isDark(const QPalette& palette) { return palette.color(QPalette::Window).lightness() < 128; }

bool Theme::systemPrefersDark() const {
#if QT_VERSION >= QT_VERSION_CHECK(6, 5, 0)
  if (QGuiApplication::styleHints()->colorScheme() != Qt::ColorScheme::Unknown)
    return QGuiApplication::styleHints()->colorScheme() == Qt::ColorScheme::Dark;
#endif
  // GTK's convention for a dark variant of a theme ("Adwaita:dark").
  if (qEnvironmentVariable("GTK_THEME").endsWith(QLatin1String(":dark"))) return true;
  return isDark(m_systemPalette);
}

void Theme::setChoice(Choice choice) {
  m_choice = choice;
  m_dark = choice == Choice::Dark || (choice == Choice::System && systemPrefersDark());
  // Fusion draws both palettes faithfully on every platform.
  if (!qobject_cast<ConsoleStyle*>(QApplication::style())) QApplication::setStyle(new ConsoleStyle);
  QApplication::setPalette(m_dark ? darkPalette() : lightPalette());
  Q_EMIT changed(m_dark);
}

QString Theme::name(Choice choice) {
  switch (choice) {
    case Choice::System: return QStringLiteral("system");
    case Choice::Light: return QStringLiteral("light");
    case Choice::Dark: return QStringLiteral("dark");
  }
  return {};
}

bool Theme::parse(const QString& text, Choice* choice) {
  for (const Choice c : {Choice::System, Choice::Light, Choice::Dark}) {
    if (text.compare(name(c), Qt::CaseInsensitive) == 0) {
      *choice = c;
      return true;
    }
  }
  return false;
}

namespace {

// What each theme sets on top of the palette its base colours make, in
// order (a role set for all groups before its disabled colour); an invalid
// colour leaves the role as the light palette's base colour derives it.
struct RoleColors {
  QPalette::ColorGroup group;
  QPalette::ColorRole role;
  QColor light;
  QColor dark;
};

const std::vector<RoleColors>& roleColors() {
  using P = QPalette;
  static const std::vector<RoleColors> table{
      {P::All, P::Window, {}, QColor(0x26, 0x28, 0x2C)},
      {P::All, P::Base, Qt::white, QColor(0x1C, 0x1E, 0x21)},
      {P::All, P::AlternateBase, QColor(0xF0, 0xF2, 0xF5), QColor(0x2A, 0x2D, 0x31)},
      {P::All, P::Button, {}, QColor(0x33, 0x36, 0x3B)},
      {P::All, P::Text, QColor(0x1A, 0x1A, 0x1A), QColor(0xE6, 0xE6, 0xE6)},
      {P::All, P::WindowText, QColor(0x1A, 0x1A, 0x1A), QColor(0xE6, 0xE6, 0xE6)},
      {P::All, P::ButtonText, QColor(0x1A, 0x1A, 0x1A), QColor(0xE6, 0xE6, 0xE6)},
      {P::All, P::BrightText, {}, Qt::white},
      {P::All, P::PlaceholderText, QColor(0x5F, 0x63, 0x68), QColor(0xA8, 0xAD, 0xB4)},
      {P::All, P::Highlight, QColor(0x00, 0x5F, 0xB8), QColor(0x3D, 0x8B, 0xE0)},
      {P::All, P::HighlightedText, Qt::white, Qt::white},
      {P::All, P::Link, QColor(0x00, 0x5F, 0xB8), QColor(0x7A, 0xB8, 0xFF)},
      {P::All, P::LinkVisited, {}, QColor(0xC0, 0x9A, 0xF0)},
      {P::All, P::ToolTipBase, QColor(0xFF, 0xFF, 0xE8), QColor(0x33, 0x36, 0x3B)},
      {P::All, P::ToolTipText, Qt::black, QColor(0xE6, 0xE6, 0xE6)},
      {P::All, P::Light, {}, QColor(0x4A, 0x4E, 0x54)},
      {P::All, P::Midlight, {}, QColor(0x3F, 0x43, 0x48)},
      {P::All, P::Mid, {}, QColor(0x30, 0x33, 0x37)},
      {P::All, P::Dark, {}, QColor(0x18, 0x19, 0x1B)},
      {P::All, P::Shadow, {}, QColor(0x0C, 0x0C, 0x0D)},
      {P::Disabled, P::Text, QColor(0x8A, 0x8A, 0x8A), QColor(0x80, 0x84, 0x8A)},
      {P::Disabled, P::WindowText, QColor(0x8A, 0x8A, 0x8A), QColor(0x80, 0x84, 0x8A)},
      {P::Disabled, P::ButtonText, QColor(0x8A, 0x8A, 0x8A), QColor(0x80, 0x84, 0x8A)},
      {P::Disabled, P::Base, {}, QColor(0x22, 0x24, 0x27)},
  };
  return table;
}

QPalette themed(QPalette p, bool dark) {
  for (const RoleColors& r : roleColors()) {
    const QColor& c = dark ? r.dark : r.light;
    if (c.isValid()) p.setColor(r.group, r.role, c);
  }
  return p;
}

}  // namespace

QPalette Theme::lightPalette() { return themed(QPalette(QColor(0xF3, 0xF3, 0xF3)), false); }

QPalette Theme::darkPalette() { return themed(QPalette(QColor(0x3A, 0x3D, 0x42), QColor(0x26, 0x28, 0x2C)), true); }

void stylePlot(QCustomPlot* plot, const QPalette& p) {
  const QColor text = p.color(QPalette::WindowText);
  QColor grid = text;
  grid.setAlpha(40);
  plot->setBackground(p.brush(QPalette::Window));  // blends with the page around it
  const auto styleAxis = [&](QCPAxis* axis) {
    axis->setBasePen(QPen(text));
    axis->setTickPen(QPen(text));
    axis->setSubTickPen(QPen(text));
    axis->setTickLabelColor(text);
    axis->setLabelColor(text);
    axis->grid()->setPen(QPen(grid, 1, Qt::DotLine));
    axis->grid()->setZeroLinePen(Qt::NoPen);
  };
  for (QCPAxisRect* rect : plot->axisRects()) {
    for (QCPAxis* axis : rect->axes()) styleAxis(axis);
  }
  // Colour scales and titles are layout elements outside the axis rects.
  for (int i = 0; i < plot->plotLayout()->elementCount(); ++i) {
    QCPLayoutElement* element = plot->plotLayout()->elementAt(i);
    if (auto* scale = qobject_cast<QCPColorScale*>(element)) styleAxis(scale->axis());
    if (auto* title = qobject_cast<QCPTextElement*>(element)) title->setTextColor(text);
  }
  QColor legendFill = p.color(QPalette::Base);
  legendFill.setAlpha(225);
  plot->legend->setBrush(legendFill);
  plot->legend->setBorderPen(QPen(p.color(QPalette::Mid)));
  plot->legend->setTextColor(text);
}

void showAsError(QLabel* label, bool bold) {
  const auto apply = [label, bold](bool dark) {
    label->setStyleSheet(QStringLiteral("color: %1;%2")
                             .arg(dark ? QStringLiteral("#ff8a80") : QStringLiteral("#b3261e"),
                                  bold ? QStringLiteral(" font-weight: bold;") : QString()));
  };
  apply(Theme::instance()->dark());
  QObject::connect(Theme::instance(), &Theme::changed, label, apply);
}

void showAsHint(QLabel* label) { label->setForegroundRole(QPalette::PlaceholderText); }

QColor betterColor(const QPalette& palette) {
  return Theme::isDark(palette) ? QColor(0x56, 0xB4, 0xE9) : QColor(0x00, 0x72, 0xB2);
}

QColor worseColor(const QPalette& palette) {
  return Theme::isDark(palette) ? QColor(0xF0, 0x8A, 0x4B) : QColor(0xD5, 0x5E, 0x00);
}

}  // namespace hetsched
