#include "view_menu.h"

#include "cluster_workspace.h"
#include "main_window.h"
#include "view_settings.h"
#include "widgets/cluster_dashboard.h"
#include "widgets/heatmap_view.h"
#include "widgets/metric.h"
#include "widgets/theme.h"

#include <QAction>
#include <QActionGroup>
#include <QMenu>
#include <QTabWidget>
#include <utility>

namespace hetsched {

ViewMenu::ViewMenu(MainWindow* window)
    : ConsoleMenu(tr("&View"), window), m_metrics(new QActionGroup(this)), m_themes(new QActionGroup(this)) {
  addAction(QStringLiteral("showOverview"), tr("&Overview"), QKeySequence(Qt::CTRL | Qt::Key_0),
            [this] { this->window()->showOverview(); });
  const QStringList names = ClusterWorkspace::tabNames();
  const QStringList titles{tr("&Cluster"),  tr("&Queue timeline"), tr("&Job map"),
                           tr("&Policies"), tr("&What-if"),        tr("&Alerts")};
  for (int i = 0; i < names.size(); ++i) {
    const QString& name = names[i];
    m_pages << addAction(QStringLiteral("show-") + name, titles[i],
                         QKeySequence(QKeyCombination(Qt::ControlModifier, static_cast<Qt::Key>(Qt::Key_1 + i))),
                         [this, name] { this->window()->showTab(name); });
  }
  menu()->addSeparator();
  addAction(QStringLiteral("nextCluster"), tr("&Next cluster"), QKeySequence(Qt::CTRL | Qt::Key_PageDown),
            [this] { stepCluster(1); });
  addAction(QStringLiteral("previousCluster"), tr("P&revious cluster"), QKeySequence(Qt::CTRL | Qt::Key_PageUp),
            [this] { stepCluster(-1); });
  menu()->addSeparator();

  QMenu* metrics = menu()->addMenu(tr("Colour heatmap &by"));
  for (const Metric metric : kHeatmapMetrics) {
    QAction* a = addAction(metrics, QStringLiteral("metric-%1").arg(static_cast<int>(metric)), metricName(metric), {},
                           [this, metric] {
                             if (ClusterWorkspace* w = this->window()->workspace()) w->dashboard()->setMetric(metric);
                           });
    a->setCheckable(true);
    a->setData(static_cast<int>(metric));
    m_metrics->addAction(a);
  }
  QMenu* themes = menu()->addMenu(tr("&Theme"));
  const QList<std::pair<Theme::Choice, QString>> choices{{Theme::Choice::System, tr("Follow the &system")},
                                                         {Theme::Choice::Light, tr("&Light")},
                                                         {Theme::Choice::Dark, tr("&Dark")}};
  for (const auto& [choice, text] : choices) {
    QAction* a = addAction(themes, QStringLiteral("theme-") + Theme::name(choice), text, {}, [choice] {
      Theme::instance()->setChoice(choice);
      ViewSettings::saveTheme(choice);
    });
    a->setCheckable(true);
    a->setChecked(Theme::instance()->choice() == choice);
    m_themes->addAction(a);
  }
  connect(themes, &QMenu::aboutToShow, this, [this] {
    for (QAction* a : m_themes->actions())
      a->setChecked(a->objectName() == QStringLiteral("theme-") + Theme::name(Theme::instance()->choice()));
  });
  connect(metrics, &QMenu::aboutToShow, this, [this] {
    ClusterWorkspace* w = this->window()->workspace();
    const int current = w ? static_cast<int>(w->dashboard()->heatmap()->shownMetric()) : -1;
    for (QAction* a : m_metrics->actions()) a->setChecked(a->data().toInt() == current);
  });
  menu()->addSeparator();
  QAction* full = addAction(QStringLiteral("fullScreen"), tr("&Full screen"), QKeySequence::FullScreen, [this] {
    this->window()->setWindowState(this->window()->windowState() ^ Qt::WindowFullScreen);
  });
  full->setCheckable(true);
}

void ViewMenu::update(ClusterWorkspace* workspace) {
  Q_UNUSED(workspace);
  const QString none = window()->workspaces().isEmpty() ? tr("No cluster is open.") : QString();
  for (QAction* a : m_pages) allow(a, none);
  for (QAction* a : m_metrics->actions()) allow(a, none);
}

void ViewMenu::stepCluster(int delta) {
  QTabWidget* tabs = window()->clusterTabs();
  const int count = tabs->count();
  tabs->setCurrentIndex(((tabs->currentIndex() + delta) % count + count) % count);
}

}  // namespace hetsched
