#include "embedding_map_view.h"

#include "base/model/embedded_point.h"
#include "base/model/job.h"
#include "device_text.h"
#include "embedding_selection.h"
#include "job_style.h"
#include "qcustomplot_include.h"
#include "team_colours.h"
#include "theme.h"

#include <QButtonGroup>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPainter>
#include <QPixmap>
#include <QProgressBar>
#include <QPushButton>
#include <QToolButton>
#include <QVBoxLayout>
#include <algorithm>
#include <cstddef>
#include <map>
#include <optional>
#include <span>
#include <unordered_set>
#include <utility>
#include <vector>

namespace hetsched {

namespace {
constexpr std::size_t kMaxClusterEntries = 12;  // then one "other clusters" entry
constexpr int kDisc = 6;                        // point diameter, pixels
constexpr int kRing = 10;                       // selection ring diameter
const char* const kColourProperty = "hetschedColour";
const char* const kShapeProperty = "hetschedShape";

// Points are drawn as pixmaps: QCustomPlot turns each ssDisc into a Bezier
// polygon, 2 s for 100,000 points; a pixmap blit is ~20x cheaper. Shape as
// well as colour (clusterShape): clusters past the seventh reuse colours.
QPixmap pointPixmap(const QColor& colour, int shape) {
  const int size = shape == 0 ? kDisc : kDisc + 1;
  QPixmap pixmap(size, size);
  pixmap.fill(Qt::transparent);
  QPainter painter(&pixmap);
  painter.setRenderHint(QPainter::Antialiasing);
  painter.setPen(Qt::NoPen);
  painter.setBrush(colour);
  const QRectF box(0, 0, size, size);
  const double mid = size / 2.0;
  switch (shape % 4) {
    case 0: painter.drawEllipse(box); break;
    case 1: painter.drawRect(box.adjusted(0.5, 0.5, -0.5, -0.5)); break;
    case 2: painter.drawPolygon(QPolygonF({QPointF(mid, 0), QPointF(size, size), QPointF(0, size)})); break;
    default:
      painter.drawPolygon(QPolygonF({QPointF(mid, 0), QPointF(size, mid), QPointF(mid, size), QPointF(0, mid)}));
      break;
  }
  return pixmap;
}

// In the palette's text colour, so it shows on light and dark themes.
QPixmap ringPixmap(const QColor& colour) {
  QPixmap pixmap(kRing + 2, kRing + 2);
  pixmap.fill(Qt::transparent);
  QPainter painter(&pixmap);
  painter.setRenderHint(QPainter::Antialiasing);
  painter.setPen(QPen(colour, 1.5));
  painter.setBrush(Qt::NoBrush);
  painter.drawEllipse(QRectF(1, 1, kRing, kRing));
  return pixmap;
}

// QCustomPlot keeps graph data sorted by x; sorting here with a plain
// comparison is several times faster than its own sort.
void setSortedData(QCPGraph* graph, const std::vector<std::pair<double, double>>& xy) {
  std::vector<std::pair<double, double>> sorted = xy;
  std::ranges::sort(sorted);
  QVector<double> x, y;
  x.reserve(static_cast<qsizetype>(sorted.size()));
  y.reserve(static_cast<qsizetype>(sorted.size()));
  for (const auto& [px, py] : sorted) {
    x.push_back(px);
    y.push_back(py);
  }
  graph->setData(x, y, true);
}
}  // namespace

EmbeddingMapView::EmbeddingMapView(QWidget* parent)
    : QWidget(parent),
      m_emptyText(tr("No job map yet: the embedding engine has not produced points.")),
      m_colorBox(new QComboBox(this)),
      m_modeButtons(new QButtonGroup(this)),
      m_plot(new QCustomPlot(this)),
      m_rubberBand(new QCPItemRect(m_plot)),
      m_lasso(new QCPCurve(m_plot->xAxis, m_plot->yAxis)),
      m_emptyLabel(new QCPItemText(m_plot)),
      m_progress(new QProgressBar(this)),
      m_cancel(new QPushButton(tr("Cancel"), this)),
      m_relayout(new QToolButton(this)),
      m_status(new QLabel(this)),
      m_summary(new QLabel(this)) {
  m_colorBox->addItem(tr("Job kind"), static_cast<int>(ColorBy::JobKind));
  m_colorBox->addItem(tr("Device kind"), static_cast<int>(ColorBy::DeviceKind));
  m_colorBox->addItem(tr("Cluster"), static_cast<int>(ColorBy::Cluster));
  m_colorBox->addItem(tr("Team"), static_cast<int>(ColorBy::Team));
  auto* rectButton = new QToolButton(this);
  rectButton->setText(tr("Rectangle"));
  auto* lassoButton = new QToolButton(this);
  lassoButton->setText(tr("Lasso"));
  lassoButton->setToolTip(tr("Free-hand selection; hold Shift to lasso in rectangle mode"));
  for (QToolButton* b : {rectButton, lassoButton}) b->setCheckable(true);
  rectButton->setChecked(true);
  m_modeButtons->addButton(rectButton, static_cast<int>(SelectionMode::Rectangle));
  m_modeButtons->addButton(lassoButton, static_cast<int>(SelectionMode::Lasso));

  auto* toolbar = new QHBoxLayout;
  auto* colourLabel = new QLabel(tr("&Colour by:"), this);
  colourLabel->setBuddy(m_colorBox);
  toolbar->addWidget(colourLabel);
  toolbar->addWidget(m_colorBox);
  toolbar->addSpacing(16);
  toolbar->addWidget(new QLabel(tr("Select:"), this));
  toolbar->addWidget(rectButton);
  toolbar->addWidget(lassoButton);
  toolbar->addStretch(1);
  m_relayout->setText(tr("Lay out again"));
  m_relayout->setToolTip(tr("Place every job afresh; a refresh otherwise keeps the jobs shown where they are"));
  toolbar->addWidget(m_relayout);
  auto* progressRow = new QHBoxLayout;
  progressRow->addWidget(m_status, 1);
  progressRow->addWidget(m_progress);
  progressRow->addWidget(m_cancel);
  m_progress->setRange(0, 100);
  m_progress->setMaximumWidth(240);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(6, 6, 6, 6);
  layout->addLayout(toolbar);
  layout->addWidget(m_plot, 1);
  m_summary->setWordWrap(true);
  m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
  m_summary->hide();
  layout->addWidget(m_summary);
  layout->addLayout(progressRow);
  setProgress(-1, {});
  setMinimumSize(320, 240);

  m_plot->setInteractions(QCP::Interactions());
  m_plot->installEventFilter(this);
  for (QCPAxis* axis : {m_plot->xAxis, m_plot->yAxis}) {
    axis->setTickLabels(false);  // t-SNE axes have no units; distance is the message
    axis->setTicks(false);
    axis->grid()->setVisible(false);
  }
  m_plot->xAxis->setLabel(tr("Similar jobs lie close together"));
  m_plot->legend->setVisible(true);
  // The legend in a column of its own right of the plot, never over points
  // (inside the axis rect it hid the corner's jobs); a stretch below keeps
  // it at the top.
  auto* legendColumn = new QCPLayoutGrid;
  m_plot->axisRect()->insetLayout()->take(m_plot->legend);
  m_plot->plotLayout()->addElement(0, 1, legendColumn);
  legendColumn->addElement(0, 0, m_plot->legend);
  legendColumn->addElement(1, 0, new QCPLayoutElement(m_plot));
  legendColumn->setRowStretchFactor(0, 0.001);
  legendColumn->setMargins(QMargins(0, 0, 6, 0));
  m_plot->plotLayout()->setColumnStretchFactor(1, 0.001);
  m_rubberBand->setPen(QPen(QColor(40, 90, 160), 1, Qt::DashLine));
  m_rubberBand->setBrush(QColor(40, 90, 160, 40));
  m_rubberBand->setVisible(false);
  m_lasso->setPen(QPen(QColor(40, 90, 160), 1.5, Qt::DashLine));
  m_lasso->setBrush(QColor(40, 90, 160, 30));
  m_lasso->removeFromLegend();
  m_emptyLabel->position->setType(QCPItemPosition::ptAxisRectRatio);
  m_emptyLabel->position->setCoords(0.5, 0.5);
  m_emptyLabel->setPositionAlignment(Qt::AlignCenter);
  m_emptyLabel->setClipToAxisRect(false);

  connect(m_colorBox, &QComboBox::currentIndexChanged, this,
          [this](int row) { setColorBy(static_cast<ColorBy>(m_colorBox->itemData(row).toInt())); });
  connect(m_modeButtons, &QButtonGroup::idClicked, this,
          [this](int id) { setSelectionMode(static_cast<SelectionMode>(id)); });
  connect(m_cancel, &QPushButton::clicked, this, [this] {
    m_cancel->setEnabled(false);  // once is enough; the engine answers with progress
    Q_EMIT cancelRequested();
  });
  connect(m_relayout, &QToolButton::clicked, this, &EmbeddingMapView::relayoutRequested);
  rebuildGraphs();
  applyPalette();
}

void EmbeddingMapView::changeEvent(QEvent* event) {
  QWidget::changeEvent(event);
  if (event->type() == QEvent::PaletteChange) applyPalette();
}

void EmbeddingMapView::applyPalette() {
  stylePlot(m_plot, palette());
  m_emptyLabel->setColor(palette().color(QPalette::PlaceholderText));
  if (m_selectionGraph) m_selectionGraph->setScatterStyle(QCPScatterStyle(ringPixmap(palette().color(QPalette::Text))));
  m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void EmbeddingMapView::setPoints(std::vector<EmbeddedPoint> points) {
  m_points = std::move(points);
  if (!m_selected.empty()) {
    std::unordered_set<JobId> present;
    present.reserve(m_points.size());
    for (const EmbeddedPoint& p : m_points) present.insert(p.job);
    std::erase_if(m_selected, [&present](JobId job) { return !present.contains(job); });
  }
  rebuildGraphs();
}

void EmbeddingMapView::setColorBy(ColorBy colorBy) {
  m_colorBy = colorBy;
  m_colorBox->setCurrentIndex(m_colorBox->findData(static_cast<int>(colorBy)));
  rebuildGraphs();
}

void EmbeddingMapView::setTeamColours(TeamColours colours) {
  if (colours == m_teamColours) return;
  m_teamColours = std::move(colours);
  if (m_colorBy != ColorBy::Team) return;
  rebuildGraphs();
  m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void EmbeddingMapView::setSelectionMode(SelectionMode mode) {
  m_mode = mode;
  m_modeButtons->button(static_cast<int>(mode))->setChecked(true);
}

void EmbeddingMapView::setProgress(int percent, const QString& text) {
  const bool running = percent >= 0 && percent < 100;
  m_progress->setVisible(percent >= 0);
  m_progress->setValue(std::clamp(percent, 0, 100));
  m_cancel->setVisible(percent >= 0);
  m_cancel->setEnabled(running);
  m_status->setText(text);
}

bool EmbeddingMapView::showsEmptyState() const { return m_emptyLabel->visible(); }

void EmbeddingMapView::setShownJobs(std::optional<std::vector<JobId>> jobs) {
  if (jobs == m_shownJobs) return;
  m_shownJobs = std::move(jobs);
  rebuildGraphs();
  m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void EmbeddingMapView::rebuildGraphs() {
  m_plot->clearGraphs();
  m_shownPoints.clear();
  for (const EmbeddedPoint& p : m_points)
    if (!m_shownJobs || std::ranges::binary_search(*m_shownJobs, p.job)) m_shownPoints.push_back(p);
  // Category key → (legend name, colour, points). std::map keeps the
  // legend in a stable order.
  struct Category {
    QString name;
    QColor colour;
    std::vector<std::pair<double, double>> xy;
    int shape = 0;
  };
  std::map<int, Category> categories;
  for (const EmbeddedPoint& p : m_shownPoints) {
    int key = 0;
    switch (m_colorBy) {
      case ColorBy::JobKind: key = static_cast<int>(p.kind); break;
      case ColorBy::DeviceKind: key = static_cast<int>(p.deviceKind); break;
      case ColorBy::Cluster: key = p.cluster < 0 ? -1 : std::min<int>(p.cluster, kMaxClusterEntries); break;
      case ColorBy::Team: {
        // -1: a job the list no longer holds, or a team not yet coloured.
        const auto job = m_jobIndex.find(p.job);
        key = m_jobs && job != m_jobIndex.end() ? m_teamColours.indexOf((*m_jobs)[job->second].spec.team) : -1;
        break;
      }
    }
    auto [it, inserted] = categories.try_emplace(key);
    if (inserted) {
      switch (m_colorBy) {
        case ColorBy::JobKind: it->second = {jobKindName(p.kind), jobKindColor(p.kind), {}}; break;
        case ColorBy::DeviceKind: it->second = {kindName(p.deviceKind), deviceKindColor(p.deviceKind), {}}; break;
        case ColorBy::Cluster:
          it->second = {key < 0                                       ? tr("No cluster")
                        : key == static_cast<int>(kMaxClusterEntries) ? tr("Other clusters")
                                                                      : tr("Cluster %1").arg(key + 1),
                        key == static_cast<int>(kMaxClusterEntries) ? QColor(120, 120, 120) : clusterColor(key),
                        {},
                        clusterShape(key)};
          break;
        case ColorBy::Team:
          it->second = {
              key < 0 ? tr("Team not known") : teamDisplayName(m_teamColours.names[static_cast<std::size_t>(key)]),
              key < 0 ? QColor(160, 160, 160) : m_teamColours.colours[static_cast<std::size_t>(key)],
              {}};
          break;
      }
    }
    it->second.xy.emplace_back(p.x, p.y);
  }
  for (auto& [key, category] : categories) {
    QCPGraph* graph = m_plot->addGraph();
    graph->setName(tr("%1 (%2)").arg(category.name).arg(category.xy.size()));
    graph->setLineStyle(QCPGraph::lsNone);
    graph->setProperty(kColourProperty, category.colour);
    graph->setProperty(kShapeProperty, category.shape);
    graph->setScatterStyle(QCPScatterStyle(pointPixmap(category.colour, category.shape)));
    setSortedData(graph, category.xy);
    // Large maps: points falling on the same pixels are drawn once (the
    // legend still counts every job).
    graph->setAdaptiveSampling(true);
  }
  m_selectionGraph = m_plot->addGraph();
  m_selectionGraph->setLineStyle(QCPGraph::lsNone);
  m_selectionGraph->setScatterStyle(QCPScatterStyle(ringPixmap(palette().color(QPalette::Text))));
  m_selectionGraph->removeFromLegend();

  if (!m_points.empty()) {
    const auto [minX, maxX] = std::ranges::minmax(m_points, {}, &EmbeddedPoint::x);
    const auto [minY, maxY] = std::ranges::minmax(m_points, {}, &EmbeddedPoint::y);
    // 5 % margins so edge points are not cut in half; a single point gets a
    // unit box.
    const double padX = std::max(0.05 * (maxX.x - minX.x), 0.5);
    const double padY = std::max(0.05 * (maxY.y - minY.y), 0.5);
    const QCPRange fitX(minX.x - padX, maxX.x + padX);
    const QCPRange fitY(minY.y - padY, maxY.y + padY);
    // A refresh keeps the jobs shown in place (JobMapWorker), so the axes
    // stay while the points fit them and fill at least half: fitting afresh
    // would slide every point on screen when the outermost job leaves.
    const auto keeps = [](const QCPRange& shown, const QCPRange& fit) {
      return shown.lower <= fit.lower && fit.upper <= shown.upper && fit.size() >= 0.5 * shown.size();
    };
    if (!keeps(m_plot->xAxis->range(), fitX) || !keeps(m_plot->yAxis->range(), fitY)) {
      m_plot->xAxis->setRange(fitX);
      m_plot->yAxis->setRange(fitY);
    }
  }
  m_emptyLabel->setText(m_emptyText);
  m_emptyLabel->setVisible(m_points.empty());
  m_plot->legend->setVisible(!m_points.empty());
  updateSelectionGraph();
}

void EmbeddingMapView::updateSelectionGraph() {
  std::vector<std::pair<double, double>> xy;
  for (const EmbeddedPoint& p : m_shownPoints) {
    if (m_selected.contains(p.job)) xy.emplace_back(p.x, p.y);
  }
  setSortedData(m_selectionGraph, xy);
  // With a selection, every point fades (legend swatches too, QCustomPlot
  // draws them from the same style) so the ringed jobs stand out in a
  // crowded map.
  for (int i = 0; i < m_plot->graphCount(); ++i) {
    QCPGraph* graph = m_plot->graph(i);
    if (graph == m_selectionGraph) continue;
    QColor colour = graph->property(kColourProperty).value<QColor>();
    colour.setAlpha(m_selected.empty() ? 255 : 90);
    graph->setScatterStyle(QCPScatterStyle(pointPixmap(colour, graph->property(kShapeProperty).toInt())));
  }
  m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void EmbeddingMapView::setSelectedJobs(std::span<const JobId> jobs) {
  m_selected = std::unordered_set<JobId>(jobs.begin(), jobs.end());
  updateSelectionGraph();
  updateSummary();
}

void EmbeddingMapView::applySelection(std::vector<JobId> jobs) {
  setSelectedJobs(jobs);
  Q_EMIT jobsSelected(jobs);
}

void EmbeddingMapView::selectInRect(const QRectF& rect) { applySelection(jobsInRect(m_shownPoints, rect)); }

void EmbeddingMapView::selectInPolygon(const QPolygonF& polygon) {
  applySelection(jobsInPolygon(m_shownPoints, polygon));
}

QPointF EmbeddingMapView::pixelOf(double x, double y) const {
  return {m_plot->xAxis->coordToPixel(x), m_plot->yAxis->coordToPixel(y)};
}

QPointF EmbeddingMapView::toData(QPointF pixel) const {
  return {m_plot->xAxis->pixelToCoord(pixel.x()), m_plot->yAxis->pixelToCoord(pixel.y())};
}

void EmbeddingMapView::replotNow() { m_plot->replot(QCustomPlot::rpImmediateRefresh); }

}  // namespace hetsched
