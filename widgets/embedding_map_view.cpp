#include "embedding_map_view.h"

#include "device_text.h"
#include "embedding_selection.h"
#include "job_style.h"

#include <QButtonGroup>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QToolButton>
#include <QVBoxLayout>

#include "qcustomplot_include.h"

#include <algorithm>
#include <map>

namespace hetsched {

namespace {
constexpr std::size_t kMaxClusterEntries = 12;  // then one "other clusters" entry
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
      m_status(new QLabel(this)) {
  m_colorBox->addItem(tr("Job kind"), static_cast<int>(ColorBy::JobKind));
  m_colorBox->addItem(tr("Device kind"), static_cast<int>(ColorBy::DeviceKind));
  m_colorBox->addItem(tr("Cluster"), static_cast<int>(ColorBy::Cluster));
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
  m_plot->legend->setBrush(QColor(255, 255, 255, 220));
  m_plot->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignRight);
  m_rubberBand->setPen(QPen(QColor(40, 90, 160), 1, Qt::DashLine));
  m_rubberBand->setBrush(QColor(40, 90, 160, 40));
  m_rubberBand->setVisible(false);
  m_lasso->setPen(QPen(QColor(40, 90, 160), 1.5, Qt::DashLine));
  m_lasso->setBrush(QColor(40, 90, 160, 30));
  m_lasso->removeFromLegend();
  m_emptyLabel->position->setType(QCPItemPosition::ptAxisRectRatio);
  m_emptyLabel->position->setCoords(0.5, 0.5);
  m_emptyLabel->setPositionAlignment(Qt::AlignCenter);
  m_emptyLabel->setColor(QColor(110, 110, 110));
  m_emptyLabel->setClipToAxisRect(false);

  connect(m_colorBox, &QComboBox::currentIndexChanged, this,
          [this](int row) { setColorBy(static_cast<ColorBy>(m_colorBox->itemData(row).toInt())); });
  connect(m_modeButtons, &QButtonGroup::idClicked, this,
          [this](int id) { setSelectionMode(static_cast<SelectionMode>(id)); });
  connect(m_cancel, &QPushButton::clicked, this, [this] {
    m_cancel->setEnabled(false);  // once is enough; the engine answers with progress
    emit cancelRequested();
  });
  connect(m_relayout, &QToolButton::clicked, this, &EmbeddingMapView::relayoutRequested);
  rebuildGraphs();
}

void EmbeddingMapView::setPoints(std::vector<EmbeddedPoint> points) {
  m_points = std::move(points);
  std::erase_if(m_selected, [this](JobId job) {
    return std::ranges::find(m_points, job, &EmbeddedPoint::job) == m_points.end();
  });
  rebuildGraphs();
}

void EmbeddingMapView::setColorBy(ColorBy colorBy) {
  m_colorBy = colorBy;
  m_colorBox->setCurrentIndex(m_colorBox->findData(static_cast<int>(colorBy)));
  rebuildGraphs();
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

void EmbeddingMapView::setEmptyText(const QString& text) {
  m_emptyText = text;
  rebuildGraphs();
}

bool EmbeddingMapView::showsEmptyState() const { return m_emptyLabel->visible(); }

void EmbeddingMapView::rebuildGraphs() {
  m_plot->clearGraphs();
  // Category key → (legend name, colour, points). std::map keeps the
  // legend in a stable order.
  struct Category {
    QString name;
    QColor colour;
    QVector<double> x, y;
  };
  std::map<int, Category> categories;
  for (const EmbeddedPoint& p : m_points) {
    int key = 0;
    switch (m_colorBy) {
      case ColorBy::JobKind: key = static_cast<int>(p.kind); break;
      case ColorBy::DeviceKind: key = static_cast<int>(p.deviceKind); break;
      case ColorBy::Cluster: key = p.cluster < 0 ? -1 : std::min<int>(p.cluster, kMaxClusterEntries); break;
    }
    auto [it, inserted] = categories.try_emplace(key);
    if (inserted) {
      switch (m_colorBy) {
        case ColorBy::JobKind: it->second = {jobKindName(p.kind), jobKindColor(p.kind), {}, {}}; break;
        case ColorBy::DeviceKind: it->second = {kindName(p.deviceKind), deviceKindColor(p.deviceKind), {}, {}}; break;
        case ColorBy::Cluster:
          it->second = {key < 0 ? tr("No cluster")
                        : key == static_cast<int>(kMaxClusterEntries) ? tr("Other clusters")
                                                                      : tr("Cluster %1").arg(key + 1),
                        key == static_cast<int>(kMaxClusterEntries) ? QColor(120, 120, 120) : clusterColor(key),
                        {}, {}};
          break;
      }
    }
    it->second.x.push_back(p.x);
    it->second.y.push_back(p.y);
  }
  for (auto& [key, category] : categories) {
    QCPGraph* graph = m_plot->addGraph();
    graph->setName(tr("%1 (%2)").arg(category.name).arg(category.x.size()));
    graph->setLineStyle(QCPGraph::lsNone);
    graph->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, category.colour, 6));
    graph->setData(category.x, category.y);  // not sorted by x: t-SNE points have no order
    graph->setAdaptiveSampling(false);
  }
  m_selectionGraph = m_plot->addGraph();
  m_selectionGraph->setLineStyle(QCPGraph::lsNone);
  m_selectionGraph->setScatterStyle(
      QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(QColor(20, 20, 20), 1.5), Qt::NoBrush, 10));
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
  QVector<double> x, y;
  for (const EmbeddedPoint& p : m_points) {
    if (!m_selected.contains(p.job)) continue;
    x.push_back(p.x);
    y.push_back(p.y);
  }
  m_selectionGraph->setData(x, y);
  // With a selection, every point fades (legend swatches too, QCustomPlot
  // draws them from the same style) so the ringed jobs stand out in a
  // crowded map.
  for (int i = 0; i < m_plot->graphCount(); ++i) {
    QCPGraph* graph = m_plot->graph(i);
    if (graph == m_selectionGraph) continue;
    QCPScatterStyle style = graph->scatterStyle();
    QColor colour = style.pen().color();
    colour.setAlpha(m_selected.empty() ? 255 : 90);
    style.setPen(QPen(colour));
    graph->setScatterStyle(style);
  }
  m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void EmbeddingMapView::setSelectedJobs(std::span<const JobId> jobs) {
  m_selected = std::unordered_set<JobId>(jobs.begin(), jobs.end());
  updateSelectionGraph();
}

void EmbeddingMapView::applySelection(std::vector<JobId> jobs) {
  setSelectedJobs(jobs);
  emit jobsSelected(jobs);
}

void EmbeddingMapView::selectInRect(const QRectF& rect) { applySelection(jobsInRect(m_points, rect)); }

void EmbeddingMapView::selectInPolygon(const QPolygonF& polygon) {
  applySelection(jobsInPolygon(m_points, polygon));
}

QPointF EmbeddingMapView::pixelOf(double x, double y) const {
  return {m_plot->xAxis->coordToPixel(x), m_plot->yAxis->coordToPixel(y)};
}

QPointF EmbeddingMapView::toData(QPointF pixel) const {
  return {m_plot->xAxis->pixelToCoord(pixel.x()), m_plot->yAxis->pixelToCoord(pixel.y())};
}

void EmbeddingMapView::replotNow() { m_plot->replot(QCustomPlot::rpImmediateRefresh); }

}  // namespace hetsched
