#include "cluster_dashboard.h"

#include "base/model/frame.h"
#include "base/model/gpu_allocation.h"
#include "base/model/gpu_fragmentation.h"
#include "base/model/job_prediction.h"
#include "base/model/topology.h"
#include "device_detail_panel.h"
#include "device_history_panel.h"
#include "device_text.h"
#include "fragmentation_panel.h"
#include "heatmap_view.h"
#include "kind_summary_strip.h"
#include "metric.h"
#include "theme.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSplitter>
#include <QTabWidget>
#include <QVBoxLayout>
#include <algorithm>
#include <cstddef>
#include <memory>
#include <utility>

namespace hetsched {

namespace {
constexpr int kSideMinWidth = 280;
constexpr int kSideDefaultWidth = 300;
constexpr int kFitSlackPx = 16;
}  // namespace

ClusterDashboard::ClusterDashboard(QWidget* parent)
    : QWidget(parent),
      m_summary(new KindSummaryStrip(this)),
      m_metricBox(new QComboBox(this)),
      m_heatmap(new HeatmapView(this)),
      m_details(new DeviceDetailPanel(this)),
      m_fragmentation(new FragmentationPanel(this)),
      m_history(new DeviceHistoryPanel(this)),
      m_side(new QTabWidget(this)),
      m_splitter(new QSplitter(Qt::Horizontal, this)) {
  for (const Metric metric : kHeatmapMetrics) m_metricBox->addItem(colourLabel(metric), static_cast<int>(metric));

  auto* mapPane = new QWidget(m_splitter);
  auto* mapLayout = new QVBoxLayout(mapPane);
  mapLayout->setContentsMargins(0, 0, 0, 0);
  auto* toolbar = new QHBoxLayout;
  auto* colourBy = new QLabel(tr("&Colour by:"), mapPane);
  colourBy->setBuddy(m_metricBox);
  toolbar->addWidget(colourBy);
  toolbar->addWidget(m_metricBox);
  toolbar->addStretch(1);
  // The colour bar explains colours; this explains what is not a colour. A
  // caption under the whole page: beside the selector it wrapped to five
  // lines once the map's pane was fitted to the map, and inside that pane its
  // height would change the map's and so the width the map can use.
  m_legend = new QLabel(this);
  showAsHint(m_legend);
  m_legend->setWordWrap(true);  // wraps in a narrow window instead of widening it
  m_legend->setText(legendText());
  mapLayout->addLayout(toolbar);
  m_heatmap->setParent(mapPane);
  mapLayout->addWidget(m_heatmap, 1);

  m_side->addTab(m_details, tr("Device"));
  m_side->addTab(m_history, tr("History"));
  m_side->addTab(m_fragmentation, tr("GPU fragmentation"));
  m_side->setDocumentMode(true);
  m_side->setAccessibleName(tr("Device details, history and GPU fragmentation"));
  m_splitter->addWidget(mapPane);
  m_splitter->addWidget(m_side);
  m_splitter->setStretchFactor(0, 1);
  m_splitter->setStretchFactor(1, 0);
  m_splitter->setChildrenCollapsible(false);
  m_splitter->setObjectName(QStringLiteral("dashboardSplitter"));
  m_side->setMinimumWidth(kSideMinWidth);
  m_splitter->setSizes({1000, kSideDefaultWidth});
  connect(m_splitter, &QSplitter::splitterMoved, this, [this] { m_userSized = true; });
  connect(m_heatmap, &HeatmapView::usefulWidthChanged, this, &ClusterDashboard::fitSplitter);

  auto* layout = new QVBoxLayout(this);
  layout->addWidget(m_summary);
  layout->addWidget(m_splitter, 1);
  layout->addWidget(m_legend);

  connect(m_metricBox, &QComboBox::currentIndexChanged, this,
          [this](int row) { m_heatmap->setMetric(static_cast<Metric>(m_metricBox->itemData(row).toInt())); });
  connect(m_heatmap, &HeatmapView::deviceSelected, m_details, [this](int device) {
    m_details->setDevice(device);
    m_history->setSelectedDevice(device);
            // The history stays in front while devices are picked for it.
    if (m_side->currentWidget() != m_history) m_side->setCurrentWidget(m_details);
  });
  connect(m_side, &QTabWidget::currentChanged, this, [this] {
    if (m_side->currentWidget() == m_history) showHistory();
  });
  connect(m_fragmentation, &FragmentationPanel::nodeActivated, this, [this](int node) {
    const Topology* topology = m_heatmap->topology();
    if (node < 0 || static_cast<std::size_t>(node) >= topology->nodes.size()) return;
    const auto device = static_cast<int>(topology->nodes[static_cast<std::size_t>(node)].firstDevice);
    m_heatmap->setSelectedDevice(device);
    m_details->setDevice(device);
    m_history->setSelectedDevice(device);
  });
}

void ClusterDashboard::resizeEvent(QResizeEvent* event) {
  QWidget::resizeEvent(event);
  fitSplitter();
}

void ClusterDashboard::fitSplitter() {
  const QList<int> sizes = m_splitter->sizes();
  if (m_userSized || m_heatmap->usefulWidth() <= 0) return;
  if (sizes.size() != 2 || sizes[0] <= 0) return;
  // The map pane's own margins around the heatmap, and a little slack so a
  // pixel of rounding does not move the handle back and forth.
  const int wantedMap = m_heatmap->usefulWidth() + (sizes[0] - m_heatmap->width()) + kFitSlackPx;
  const int surplus = sizes[0] - wantedMap;
  int side = sizes[1];
  if (surplus > kFitSlackPx) side += surplus;                                     // room the map cannot use
  else if (surplus < 0 && side > kSideDefaultWidth) side = std::max(kSideDefaultWidth, side + surplus); // map squeezed
  if (side == sizes[1]) return;
  m_splitter->setSizes({sizes[0] + sizes[1] - side, side});
}

void ClusterDashboard::showHistory() {
  m_side->setCurrentWidget(m_history);
  // Four charts need more room than the details' form: widen the side to
  // about 45 % of the page if it is narrower.
  const QList<int> sizes = m_splitter->sizes();
  const int total = sizes.value(0) + sizes.value(1);
  const int wanted = total * 45 / 100;
  if (sizes.value(1) < wanted) m_splitter->setSizes({total - wanted, wanted});
}

QString ClusterDashboard::legendText() const {
  const QString shapes =
      tr("Hatched row = node down  ·  Grey cell = no device in slot  ·  ×3 = GPU shared by 3 jobs, "
         "bar = share held");
  const QString mig = !m_heatmap->migLayout().empty()
                          ? QStringLiteral("  ·  ") + tr("Dashed frame = GPU split into MIG instances")
                          : QString();
  return shapes + mig + QStringLiteral("  ·  ") + tr("Click a cell for details");
}

void ClusterDashboard::setTopology(const Topology& topology) {
  setTopology(std::make_shared<const Topology>(topology));
}

void ClusterDashboard::setTopology(const std::shared_ptr<const Topology>& topology) {
  if (!topology) return;
  m_summary->setTopology(topology);
  m_heatmap->setTopology(topology);
  m_legend->setText(legendText());
  m_details->setTopology(topology);
  m_details->setDevice(m_heatmap->selectedDevice());
  m_history->setTopology(topology);
  m_history->setSelectedDevice(m_heatmap->selectedDevice());
  m_fragmentation->setTopology(topology);
}

void ClusterDashboard::setFrame(const Frame& frame) { setFrame(std::make_shared<const Frame>(frame)); }

void ClusterDashboard::setFrame(std::shared_ptr<const Frame> frame) {
  if (!frame) return;
  m_summary->setFrame(*frame);
  m_heatmap->setFrame(frame);
  m_details->setFrame(std::move(frame));
}

void ClusterDashboard::setPredictions(std::shared_ptr<const QueuePredictions> predictions) {
  m_details->setPredictions(std::move(predictions));
}

void ClusterDashboard::setJobNames(const JobNames& names) {
  m_heatmap->setJobNames(names);
  m_details->setJobNames(names);
  m_history->setJobNames(names);
}

void ClusterDashboard::setAllocation(std::shared_ptr<const GpuAllocation> allocation) {
  m_heatmap->setAllocation(allocation);
  m_details->setAllocation(std::move(allocation));
}

void ClusterDashboard::setTeams(std::shared_ptr<const DeviceTeams> teams) {
  m_heatmap->setTeams(teams);
  m_details->setTeams(std::move(teams));
}

void ClusterDashboard::setFragmentation(const ClusterFragmentation& fragmentation) {
  m_fragmentation->setFragmentation(fragmentation);
}

void ClusterDashboard::setStale(bool stale) { m_heatmap->setStale(stale); }

void ClusterDashboard::setMetric(Metric metric) {
  m_metricBox->setCurrentIndex(m_metricBox->findData(static_cast<int>(metric)));
}

} // namespace hetsched
