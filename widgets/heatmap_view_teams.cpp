// HeatmapView: the Team colouring, a category per device rather than a
// quantity: its gradient of team colours and the colour bar as the legend.
#include "color_gradients.h"
#include "device_teams.h"
#include "heatmap_view.h"
#include "metric.h"
#include "qcustomplot_include.h"
#include "team_colours.h"

#include <QFontMetrics>
#include <algorithm>
#include <cstddef>
#include <memory>
#include <utility>
#include <vector>

namespace hetsched {

namespace {
// Kubernetes namespaces can be long; the colour bar's labels must not push
// the map aside.
constexpr int kTeamLabelChars = 18;
}  // namespace

void HeatmapView::setTeams(std::shared_ptr<const DeviceTeams> teams) {
  if (teams && teams->deviceCount() != m_topology->devices.size()) return;
  // Job lists arrive every few seconds with the same teams: restyle only
  // when the legend changes.
  const bool legendChanged = !teams || !m_teams || !(teams->colours() == m_teams->colours());
  m_teams = std::move(teams);
  if (m_metric != Metric::Team) return;
  if (legendChanged) applyTeamStyle();
  fillCells();
  m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void HeatmapView::applyTeamStyle() {
  // Code 0 is idle, code k the k-th team of the legend (DeviceTeams).
  std::vector<QColor> colours{idleTeamColour(palette())};
  auto ticker = QSharedPointer<QCPAxisTickerText>::create();
  ticker->addTick(0, tr("idle"));
  if (m_teams) {
    const TeamColours& teams = m_teams->colours();
    colours.insert(colours.end(), teams.colours.begin(), teams.colours.end());
    // Every team named while the labels fit; beyond that every n-th, so the
    // bar stays readable (the tooltip names any device's team).
    // Before the first layout the height is unknown: all of them, thinned
    // when onPlotLayout restyles.
    const int lineHeight = std::max(QFontMetrics(m_scale->axis()->tickLabelFont()).height(), 1);
    const int barHeight = m_plot->axisRect()->height();
    const auto fit = barHeight > 0 ? static_cast<std::size_t>(std::max(1, barHeight / lineHeight)) : teams.size() + 1;
    const std::size_t step = std::max<std::size_t>(1, (teams.size() + fit) / fit);
    for (std::size_t i = step - 1; i < teams.size(); i += step) {
      QString name = teamDisplayName(teams.names[i]);
      if (name.size() > kTeamLabelChars) name = name.left(kTeamLabelChars - 1) + QChar(0x2026);
      ticker->addTick(static_cast<double>(i + 1), name);
    }
  }
  const QCPColorGradient gradient = categoryGradient(colours);
  m_map->setGradient(m_stale ? desaturated(gradient) : gradient);
  m_map->setDataRange(categoryRange(colours.size()));
  m_scale->axis()->setTicker(ticker);
  m_scale->axis()->setLabel(colourLabel(Metric::Team));
}

}  // namespace hetsched
