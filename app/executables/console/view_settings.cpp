#include "view_settings.h"

#include "cluster_workspace.h"
#include "main_window.h"
#include "widgets/cluster_dashboard.h"
#include "widgets/heatmap_view.h"
#include "widgets/metric.h"
#include "widgets/queue_page.h"
#include "widgets/theme.h"

#include <QComboBox>
#include <QSettings>
#include <QSplitter>
#include <QTabWidget>

namespace hetsched {

namespace {

const QString kGeometry = QStringLiteral("window/geometry");
const QString kState = QStringLiteral("window/state");
const QString kTheme = QStringLiteral("view/theme");
const QString kPage = QStringLiteral("view/page");
const QString kMetric = QStringLiteral("view/heatmapMetric");
const QString kTimelineColour = QStringLiteral("view/timelineColourBy");
const QString kSplitters = QStringLiteral("view/splitters/");
// Filters are the one setting kept per cluster: what narrows one cluster's
// views means nothing on another's.
const QString kFilters = QStringLiteral("view/filters/");

}  // namespace

void ViewSettings::saveWindow(const MainWindow* window) {
  QSettings settings;
  settings.setValue(kGeometry, window->saveGeometry());
  settings.setValue(kState, window->saveState());
}

bool ViewSettings::hasSavedWindow() { return QSettings().contains(kGeometry); }

void ViewSettings::restoreWindow(MainWindow* window) {
  const QSettings settings;
  window->restoreGeometry(settings.value(kGeometry).toByteArray());
  window->restoreState(settings.value(kState).toByteArray());
}

// One set of view settings for every cluster: an operator arranges the
// pages once, not once per gateway.
void ViewSettings::saveWorkspace(const ClusterWorkspace* workspace) {
  QSettings settings;
  settings.setValue(kPage, workspace->pages()->currentIndex());
  settings.setValue(kMetric, static_cast<int>(workspace->dashboard()->heatmap()->shownMetric()));
  settings.setValue(kTimelineColour, workspace->queuePage()->colorSelector()->currentData());
  if (workspace->filter().empty()) settings.remove(kFilters + workspace->name());
  else settings.setValue(kFilters + workspace->name(), QString::fromStdString(workspace->filter().toText()));
  const ClusterDashboard* dashboard = workspace->dashboard();
  for (const QSplitter* splitter : workspace->findChildren<QSplitter*>()) {
    if (splitter->objectName().isEmpty()) continue;
    // A split the dashboard fitted to the map is fitted again next time, to
    // that window's size; only one the operator dragged is kept.
    if (splitter == dashboard->splitter() && !dashboard->splitterChosen())
      settings.remove(kSplitters + splitter->objectName());
    else settings.setValue(kSplitters + splitter->objectName(), splitter->saveState());
  }
}

void ViewSettings::restoreWorkspace(ClusterWorkspace* workspace) {
  const QSettings settings;
  if (settings.contains(kPage)) workspace->pages()->setCurrentIndex(settings.value(kPage).toInt());
  if (settings.contains(kMetric)) {
    const int metric = settings.value(kMetric).toInt();
    if (metric >= 0 && metric < static_cast<int>(kHeatmapMetrics.size()))
      workspace->dashboard()->setMetric(static_cast<Metric>(metric));
  }
  if (settings.contains(kTimelineColour)) {
    QComboBox* colourBy = workspace->queuePage()->colorSelector();
    if (const int row = colourBy->findData(settings.value(kTimelineColour).toInt()); row >= 0)
      colourBy->setCurrentIndex(row);
  }
  if (const QString key = kFilters + workspace->name(); settings.contains(key))
    workspace->setFilter(JobFilter::parse(settings.value(key).toString().toStdString()));
  for (QSplitter* splitter : workspace->findChildren<QSplitter*>()) {
    const QString key = kSplitters + splitter->objectName();
    if (splitter->objectName().isEmpty() || !settings.contains(key)) continue;
    splitter->restoreState(settings.value(key).toByteArray());
    if (splitter == workspace->dashboard()->splitter()) workspace->dashboard()->setSplitterChosen(true);
  }
}

void ViewSettings::saveTheme(Theme::Choice choice) { QSettings().setValue(kTheme, Theme::name(choice)); }

Theme::Choice ViewSettings::savedTheme() {
  Theme::Choice choice = Theme::Choice::System;
  Theme::parse(QSettings().value(kTheme).toString(), &choice);
  return choice;
}

}  // namespace hetsched
