// Look and feel (issue 13): light and dark themes reach the QCustomPlot
// views, every control has an accessible name, the colours that carry
// meaning stay apart for colour-blind readers, Help shows the bundled guide
// and the shortcut list, every operation has a menu entry, and no two
// entries share a shortcut.
#include "base/model/device_kind.h"
#include "base/model/job.h"
#include "cluster_connection.h"
#include "cluster_workspace.h"
#include "main_window.h"
#include "policy_pages.h"
#include "serve/gateway/gateway.h"
#include "sources/cluster/sim_options.h"
#include "sources/cluster/simulated_cluster.h"
#include "widgets/cluster_dashboard.h"
#include "widgets/color_gradients.h"
#include "widgets/embedding_map_view.h"
#include "widgets/heatmap_view.h"
#include "widgets/help_window.h"
#include "widgets/job_style.h"
#include "widgets/metric.h"
// Kept: a ParetoPlot* converted to the QCustomPlot* it derives from.
#include "widgets/pareto_plot.h"  // IWYU pragma: keep
#include "widgets/shortcuts_dialog.h"
#include "widgets/sweep_view.h"
#include "widgets/theme.h"
#include "widgets/whatif_view.h"
#include "widgets/qcustomplot_include.h"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QAbstractSpinBox>
#include <QAccessible>
#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QColor>
#include <QImage>
#include <QComboBox>
#include <QHeaderView>
#include <QLineEdit>
#include <QMenuBar>
#include <QRadioButton>
#include <QRect>
#include <QSlider>
#include <QStyle>
#include <QStyleOptionButton>
#include <QTabWidget>
#include <QTest>
#include <QTextBrowser>
#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <memory>
#include <string>

using namespace hetsched;

namespace {

// Machado, Oliveira & Fernandes (2009), severity 1: how a colour looks to
// protanopes, deuteranopes and tritanopes (on linear RGB).
using Matrix = std::array<std::array<double, 3>, 3>;
constexpr std::array<Matrix, 3> kDeficiencies{{
    {{{0.152286, 1.052583, -0.204868}, {0.114503, 0.786281, 0.099216}, {-0.003882, -0.048116, 1.051998}}},
    {{{0.367322, 0.860646, -0.227968}, {0.280085, 0.672501, 0.047413}, {-0.011820, 0.042940, 0.968881}}},
    {{{1.255528, -0.076749, -0.178779}, {-0.078411, 0.930809, 0.147602}, {0.004733, 0.691367, 0.303900}}},
}};

double linear(double c) { return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4); }

std::array<double, 3> lab(const std::array<double, 3>& rgbLinear) {
  const auto [r, g, b] = rgbLinear;
  const double x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
  const double y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  const double z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
  const auto f = [](double t) { return t > 0.008856 ? std::cbrt(t) : 7.787 * t + 16.0 / 116.0; };
  return {116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))};
}

std::array<double, 3> seenAs(const QColor& c, const Matrix* m) {
  const std::array<double, 3> in{linear(c.redF()), linear(c.greenF()), linear(c.blueF())};
  if (!m) return in;
  std::array<double, 3> out{};
  for (int i = 0; i < 3; ++i)
    out[i] = std::clamp((*m)[i][0] * in[0] + (*m)[i][1] * in[1] + (*m)[i][2] * in[2], 0.0, 1.0);
  return out;
}

// CIE76 ΔE between two colours as seen with a deficiency (null: none).
double distance(const QColor& a, const QColor& b, const Matrix* m) {
  const auto la = lab(seenAs(a, m));
  const auto lb = lab(seenAs(b, m));
  return std::hypot(la[0] - lb[0], la[1] - lb[1], la[2] - lb[2]);
}

// The smallest ΔE between any two of `colours`, over normal vision and the
// three deficiencies.
double worstDistance(const QList<QColor>& colours, QString* pair) {
  double worst = 1e9;
  for (int i = 0; i < colours.size(); ++i) {
    for (int j = i + 1; j < colours.size(); ++j) {
      for (int d = -1; d < 3; ++d) {
        const double e =
            distance(colours[i], colours[j], d < 0 ? nullptr : &kDeficiencies[static_cast<std::size_t>(d)]);
        if (e < worst) {
          worst = e;
          *pair = QStringLiteral("%1/%2 (%3)").arg(colours[i].name(), colours[j].name()).arg(d);
        }
      }
    }
  }
  return worst;
}

// WCAG 2.1's contrast ratio of two colours (1 to 21).
double contrast(const QColor& a, const QColor& b) {
  const auto luminance = [](const QColor& c) {
    return 0.2126 * linear(c.redF()) + 0.7152 * linear(c.greenF()) + 0.0722 * linear(c.blueF());
  };
  const double la = luminance(a), lb = luminance(b);
  return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

// The strongest contrast against `background` on the edge of `rect` in
// `image`: what shows where a control ends.
double edgeContrast(const QImage& image, const QRect& rect, const QColor& background) {
  double best = 1.0;
  for (int x = rect.left(); x <= rect.right(); ++x)
    for (const int y : {rect.top(), rect.bottom()}) best = std::max(best, contrast(image.pixelColor(x, y), background));
  for (int y = rect.top(); y <= rect.bottom(); ++y)
    for (const int x : {rect.left(), rect.right()}) best = std::max(best, contrast(image.pixelColor(x, y), background));
  return best;
}

std::unique_ptr<Gateway> startGateway() {
  SimOptions sim;
  sim.shape = defaultClusterShape(2, 2, 1);
  sim.warmupS = 600;
  GatewayOptions options;
  options.speed = 30.0;
  auto gateway = std::make_unique<Gateway>(std::make_unique<SimulatedCluster>(sim), options);
  std::string error;
  if (!gateway->start(&error)) qFatal("gateway: %s", error.c_str());
  return gateway;
}

// What a screen reader would call the widget.
QString accessibleName(QWidget* widget) {
  QAccessibleInterface* iface = QAccessible::queryAccessibleInterface(widget);
  return iface ? iface->text(QAccessible::Name) : QString();
}

QString path(const QWidget* w) {
  QStringList parts;
  for (; w; w = w->parentWidget())
    parts.prepend(QString::fromLatin1(w->metaObject()->className()) +
                  (w->objectName().isEmpty() ? QString() : QLatin1Char('#') + w->objectName()));
  return parts.join(QLatin1Char('/'));
}

}  // namespace

class TestLook : public QObject {
  Q_OBJECT

  std::unique_ptr<Gateway> m_gateway;

 private Q_SLOTS:
  void initTestCase() { m_gateway = startGateway(); }
  void cleanupTestCase() { m_gateway.reset(); }

  void themesReachEveryPlot() {
    MainWindow window;
    ClusterWorkspace* ws = window.addCluster(
        std::make_unique<ClusterConnection>(QString::fromStdString(m_gateway->address())), QStringLiteral("look"));
    window.resize(1200, 800);
    window.show();
    QTRY_VERIFY_WITH_TIMEOUT(ws->lastFrame() != nullptr, 10000);
    const QList<QCustomPlot*> plots{
        ws->dashboard()->heatmap()->plot(), ws->jobMap()->plot(), ws->policyPages()->whatif()->cdfPlot(),
        ws->policyPages()->whatif()->utilisationPlot(), ws->policyPages()->whatif()->sweepView()->plot()};
    for (const Theme::Choice choice : {Theme::Choice::Dark, Theme::Choice::Light, Theme::Choice::Dark}) {
      Theme::instance()->setChoice(choice);
      const bool dark = choice == Theme::Choice::Dark;
      QCOMPARE(Theme::instance()->dark(), dark);
      QCoreApplication::processEvents();
      QVERIFY2(Theme::isDark(QApplication::palette()) == dark,
               qPrintable(QApplication::palette().color(QPalette::Window).name()));
      QCOMPARE(Theme::isDark(window.palette()), dark);
      for (QCustomPlot* plot : plots) {
        QCOMPARE(Theme::isDark(plot->palette()), dark);
        // The plot's own background and axis text follow, not only the window.
        QCOMPARE(plot->toPixmap(120, 90).toImage().pixelColor(2, 2).lightness() < 128, dark);
        QCOMPARE(plot->xAxis->tickLabelColor().lightness() > 128, dark);
      }
    }
    // "System" is the platform's own scheme (light here, offscreen).
    Theme::instance()->setChoice(Theme::Choice::System);
    QCOMPARE(Theme::instance()->dark(), Theme::instance()->systemPrefersDark());
    Theme::Choice parsed = Theme::Choice::System;
    QVERIFY(Theme::parse(QStringLiteral("DARK"), &parsed));
    QCOMPARE(parsed, Theme::Choice::Dark);
    QVERIFY(!Theme::parse(QStringLiteral("purple"), &parsed));
  }

  // An unticked box or radio shows where it is on either palette: its edge
  // at 3:1 against the window (WCAG 2.1, non-text contrast) and, when
  // disabled, still apart from the window.
  void uncheckedBoxesShowTheirEdge() {
    for (const Theme::Choice choice : {Theme::Choice::Dark, Theme::Choice::Light}) {
      Theme::instance()->setChoice(choice);
      QWidget page;
      auto* box = new QCheckBox(QStringLiteral("Enabled"), &page);
      auto* radio = new QRadioButton(QStringLiteral("One"), &page);
      auto* disabled = new QCheckBox(QStringLiteral("Off"), &page);
      disabled->setEnabled(false);
      radio->move(0, 40);
      disabled->move(0, 80);
      page.resize(200, 120);
      page.show();
      const QImage image = page.grab().toImage();
      const QColor window = page.palette().color(QPalette::Window);
      const auto indicator = [&](QAbstractButton* b, QStyle::SubElement element) {
        QStyleOptionButton o;
        o.initFrom(b);
        return page.style()->subElementRect(element, &o, b).translated(b->pos());
      };
      const QString theme = Theme::name(choice);
      const double boxEdge = edgeContrast(image, indicator(box, QStyle::SE_CheckBoxIndicator), window);
      QVERIFY2(boxEdge >= 3.0, qPrintable(QStringLiteral("%1 check box %2:1").arg(theme).arg(boxEdge)));
      // A circle's edge: the indicator's bounding box with the curve inside.
      const QRect round = indicator(radio, QStyle::SE_RadioButtonIndicator);
      double radioEdge = 1.0;
      for (int x = round.left(); x <= round.right(); ++x)
        for (int y = round.top(); y <= round.bottom(); ++y)
          radioEdge = std::max(radioEdge, contrast(image.pixelColor(x, y), window));
      QVERIFY2(radioEdge >= 3.0, qPrintable(QStringLiteral("%1 radio %2:1").arg(theme).arg(radioEdge)));
      const double off = edgeContrast(image, indicator(disabled, QStyle::SE_CheckBoxIndicator), window);
      QVERIFY2(off >= 1.5, qPrintable(QStringLiteral("%1 disabled box %2:1").arg(theme).arg(off)));
    }
  }

  void everyControlHasAnAccessibleName() {
    MainWindow window;
    ClusterWorkspace* ws = window.addCluster(
        std::make_unique<ClusterConnection>(QString::fromStdString(m_gateway->address())), QStringLiteral("look"));
    window.resize(1200, 800);
    window.show();
    QTRY_VERIFY_WITH_TIMEOUT(ws->lastFrame() != nullptr, 10000);
    QStringList unnamed;
    const QStringList pages = ClusterWorkspace::tabNames() << QStringLiteral("overview");
    for (const QString& page : pages) {
      window.showTab(page);
      QCoreApplication::processEvents();
      for (QWidget* w : window.findChildren<QWidget*>()) {
        if (!w->isVisible() || !w->isEnabled()) continue;
        const bool control = qobject_cast<QAbstractButton*>(w) || qobject_cast<QComboBox*>(w) ||
                             qobject_cast<QLineEdit*>(w) || qobject_cast<QAbstractSpinBox*>(w) ||
                             qobject_cast<QAbstractItemView*>(w) || qobject_cast<QSlider*>(w) ||
                             qobject_cast<HeatmapView*>(w);
        // A line edit inside a spin box or a combo box is named by its
        // owner, a table's header by the table.
        if (!control || qobject_cast<QAbstractSpinBox*>(w->parentWidget()) ||
            qobject_cast<QComboBox*>(w->parentWidget()) || qobject_cast<QHeaderView*>(w))
          continue;
        if (accessibleName(w).trimmed().isEmpty()) unnamed << page + QStringLiteral(": ") + path(w);
      }
    }
    unnamed.removeDuplicates();
    QVERIFY2(unnamed.isEmpty(), qPrintable(unnamed.join(QLatin1Char('\n'))));
  }

  void meaningfulColoursStayApartForColourBlindReaders() {
    QString pair;
    QList<QColor> kinds;
    for (const JobKind k : {JobKind::Training, JobKind::Inference, JobKind::Service, JobKind::Batch, JobKind::Realtime})
      kinds << jobKindColor(k);
    QVERIFY2(worstDistance(kinds, &pair) >= 10.0, qPrintable(pair));
    QList<QColor> devices;
    for (const DeviceKind k : kDeviceKinds) devices << deviceKindColor(k);
    QVERIFY2(worstDistance(devices, &pair) >= 10.0, qPrintable(pair));
    QList<QColor> priorities;
    for (const PriorityClass p : {PriorityClass::High, PriorityClass::Middle, PriorityClass::Low})
      priorities << priorityColor(p);
    QVERIFY2(worstDistance(priorities, &pair) >= 10.0, qPrintable(pair));
    // Clusters of one marker shape never share a colour that collapses.
    for (int shape = 0; shape < 4; ++shape) {
      QList<QColor> same;
      for (int c = 0; c < 40; ++c)
        if (clusterShape(c) == shape && !same.contains(clusterColor(c))) same << clusterColor(c);
      QVERIFY2(worstDistance(same, &pair) >= 10.0, qPrintable(pair));
    }
    // Every cluster the job map names (twelve, then "other clusters") has a
    // hue of its own, apart for normal vision.
    QList<QColor> named;
    for (int c = 0; c < 12; ++c) named << clusterColor(c);
    double closest = 1e9;
    for (int i = 0; i < named.size(); ++i)
      for (int j = i + 1; j < named.size(); ++j) closest = std::min(closest, distance(named[i], named[j], nullptr));
    QVERIFY2(closest >= 15.0, qPrintable(QString::number(closest)));
    QVERIFY(clusterColor(0) != clusterColor(7));
    // Better and worse, on either palette.
    for (const QPalette& p : {Theme::lightPalette(), Theme::darkPalette()}) {
      QVERIFY2(worstDistance({betterColor(p), worseColor(p)}, &pair) >= 10.0, qPrintable(pair));
    }
    // The heatmap's gradients get brighter with the value: readable in grey.
    for (const Metric metric : kMetrics) {
      QCPColorGradient gradient = gradientFor(metric);
      int previous = -1;
      for (int i = 0; i <= 20; ++i) {
        const QColor c = QColor::fromRgb(gradient.color(i / 20.0, QCPRange(0, 1)));
        const int luma = static_cast<int>(lab(seenAs(c, nullptr))[0] * 10);
        QVERIFY2(luma > previous, qPrintable(QStringLiteral("%1 at %2").arg(metricName(metric)).arg(i)));
        previous = luma;
      }
    }
  }

  void helpShowsTheBundledGuideAndTheShortcuts() {
    MainWindow window;
    QAction* guide = window.findChild<QAction*>(QStringLiteral("userGuide"));
    QVERIFY(guide);
    QCOMPARE(guide->shortcut(), QKeySequence(QKeySequence::HelpContents));
    guide->trigger();
    auto* help = window.findChild<HelpWindow*>();
    QVERIFY(help);
    QVERIFY(help->isVisible());
    QVERIFY(help->documents().size() >= 3);
    const QString text = help->browser()->toPlainText();
    QVERIFY2(text.contains(QStringLiteral("Many clusters")) && text.contains(QStringLiteral("What-if from now")),
             qPrintable(text.left(300)));
    QVERIFY(help->showDocument(QStringLiteral("policy-lifecycle.md")));
    QVERIFY(help->browser()->toPlainText().contains(QStringLiteral("Canary")));
    QVERIFY(!help->showDocument(QStringLiteral("missing.md")));

    const auto rows = ShortcutsDialog::rows(window.menuBar());
    for (const char* expected : {"Push the editor", "Promote", "What-if from now", "Back to live", "User guide",
                                 "Heatmap › Move the selected device"}) {
      const bool found =
          std::ranges::any_of(rows, [&](const auto& r) { return r.first.contains(QString::fromUtf8(expected)); });
      QVERIFY2(found, expected);
    }
  }

  void everyOperationHasAMenuEntryAndNoShortcutIsTaken() {
    MainWindow window;
    QHash<QString, QString> seen;  // shortcut -> action
    QStringList clashes;
    for (QAction* action : window.findChildren<QAction*>()) {
      if (action->shortcut().isEmpty()) continue;
      const QString keys = action->shortcut().toString();
      if (seen.contains(keys) && seen[keys] != action->objectName())
        clashes << QStringLiteral("%1: %2 and %3").arg(keys, seen[keys], action->objectName());
      seen.insert(keys, action->objectName());
    }
    QVERIFY2(clashes.isEmpty(), qPrintable(clashes.join(QLatin1Char('\n'))));
    // Each thing a page's buttons do has an entry in the menus.
    const char* operations[] = {
        "connect",       "connectInWindow", "closeCluster",  "moveToWindow",  "takeSnapshot",  "openSnapshot",
        "quit",          "showOverview",    "show-cluster",  "show-timeline", "show-map",      "show-policies",
        "show-whatif",   "nextCluster",     "submitJob",     "refreshJobs",   "whatifFromNow", "pushPolicy",
        "promoteCanary", "rollbackPolicy",  "refreshPolicy", "whatifInForce", "runWhatif",     "cancelWhatif",
        "replayPlay",    "replayBack",      "replayForward", "backToLive",    "userGuide",     "keyboardShortcuts",
        "about",         "theme-dark",      "theme-light",   "theme-system",  "fullScreen"};
    for (const char* name : operations) {
      QAction* action = window.findChild<QAction*>(QString::fromLatin1(name));
      QVERIFY2(action, name);
      QVERIFY2(!action->associatedObjects().isEmpty(), name);  // it sits in a menu
    }
  }
};

QTEST_MAIN(TestLook)
#include "tst_look.moc"
