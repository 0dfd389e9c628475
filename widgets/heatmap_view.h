#pragma once

#include "base/model/frame.h"
#include "base/model/gpu_allocation.h"
#include "base/model/job.h"
#include "base/model/mig_layout.h"
#include "base/model/topology.h"
#include "device_teams.h"
#include "device_text.h"
#include "heatmap_bands.h"
#include "heatmap_layout.h"
#include "heatmap_overlay.h"
#include "metric.h"
#include "qcustomplot_include.h"

#include <QWidget>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <vector>

namespace hetsched {

// Live heatmap of every device: one row per node (grouped CPU, GPU, TPU), one
// column per device slot, coloured by the chosen metric on a fixed scale.
// When nodes outnumber the plot's pixel rows, rows are merged into pixel-high
// bands coloured by their hottest device (see HeatmapBands); hover and click
// then work at band resolution and name that hottest device.
// Frames are copied into preallocated cell storage and the plot repaints on a
// queued replot, so a 100,000-device cluster updates within a frame budget.
class HeatmapView : public QWidget {
  Q_OBJECT
 public:
  explicit HeatmapView(QWidget* parent = nullptr);

  void setTopology(const Topology& topology);
  void setTopology(std::shared_ptr<const Topology> topology);
  const Topology* topology() const { return m_topology.get(); }
  const MigLayout& migLayout() const { return m_mig; }
  // Ignored unless its columns match the current topology. The reference
  // form copies into storage reused frame after frame; the shared form keeps
  // the caller's snapshot without copying (the dashboard shares one).
  void setFrame(const Frame& frame);
  void setFrame(std::shared_ptr<const Frame> frame);
  void setMetric(Metric metric);
  // Not metric(): that name would hide QWidget::metric(PaintDeviceMetric).
  Metric shownMetric() const { return m_metric; }
  void setJobNames(JobNames names);
  // Who holds each device (from the job list): the Allocation colouring,
  // the share marks on shared GPUs and the tooltips read it. Ignored unless
  // sized to the current topology.
  void setAllocation(std::shared_ptr<const GpuAllocation> allocation);
  const GpuAllocation* allocation() const { return m_allocation.get(); }
  // Which team holds each device (from the job list, with the teams'
  // colours): the Team colouring, its legend on the colour bar and the
  // tooltips read it. Ignored unless sized to the current topology.
  void setTeams(std::shared_ptr<const DeviceTeams> teams);
  const DeviceTeams* teams() const { return m_teams.get(); }
  // The shared devices marked on the map (one row per band only): how much
  // of each is held and by how many jobs.
  const std::vector<HeatmapOverlay::ShareMark>& shareMarks() const { return m_overlay->shareMarks(); }
  // GPUs split into MIG partitions, framed with their instances (one row
  // per band only), and the labels of their cells.
  const std::vector<HeatmapOverlay::Run>& partitionFrames() const { return m_overlay->partitions(); }
  const std::vector<HeatmapOverlay::PartitionLabel>& partitionLabels() const { return m_overlay->partitionLabels(); }
  // Outlines the devices a search found (their bands' cells when merged);
  // empty clears. Out-of-range devices are ignored.
  void setHighlightedDevices(std::span<const std::uint32_t> devices);
  const std::vector<HeatmapOverlay::Cell>& highlightedCells() const { return m_overlay->highlights(); }
  // Narrows the map to the devices a filter lets through: every other cell
  // is veiled (a merged band's cell when none of its devices passes).
  // Nothing: no filter. Out-of-range devices are ignored.
  void setShownDevices(std::optional<std::vector<std::uint32_t>> devices);
  bool filtered() const { return m_shown.has_value(); }
  // The veiled cells, one run of slots per band row.
  const std::vector<HeatmapOverlay::Run>& veiledRuns() const { return m_overlay->veiled(); }
  // Desaturates the map and labels it while the data is not live.
  void setStale(bool stale);
  bool isStale() const { return m_stale; }
  void setSelectedDevice(std::optional<int> device);
  std::optional<int> selectedDevice() const { return m_selected; }

  // pos is in this widget's coordinates. In a band, the band's hottest device.
  std::optional<int> deviceAt(QPoint pos) const;
  // Centre of a device's cell (its band's cell) in this widget's coordinates.
  QPointF cellCenter(int device) const;
  // The colour drawn for the device's cell: the gradient at its value, or at
  // its band's maximum when rows are merged.
  QColor cellColor(int device) const;
  QString toolTipFor(int device) const;

  // Repaints synchronously; tests and benchmarks need a finished picture.
  void replotNow();
  QCustomPlot* plot() const { return m_plot; }
  // The colour bar; coloured by team, its ticks name the teams (the legend).
  QCPColorScale* colorScale() const { return m_scale; }
  const HeatmapBands& bands() const { return m_bands; }
  // Node names label the rows when every row is at least a line of text
  // tall; otherwise the device-kind groups do.
  bool showsNodeNames() const { return m_nodeNames; }
  // The device an arrow key would select from the current one, or nothing
  // at the edge (Left/Right walk the slots, wrapping to the next row; Up/Down
  // keep the slot; Home/End go to the row's ends).
  std::optional<int> neighbour(int device, int key) const;

  // The job a double-click on the device opens: its largest holder, or the
  // frame's job; 0 when idle.
  JobId jobOn(int device) const;

  // The widest the plot grows at the current height (cells stop widening,
  // see updateSizeLimit): beyond it the view's width is empty space, which a
  // host may give to something else.
  int usefulWidth() const { return m_usefulWidth; }

 Q_SIGNALS:
  void deviceSelected(int deviceIndex);
  // Double-click: open the story of the job on the device.
  void jobActivated(hetsched::JobId job);
  void usefulWidthChanged(int width);

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override;
  void keyPressEvent(QKeyEvent* event) override;
  void changeEvent(QEvent* event) override;
  void resizeEvent(QResizeEvent* event) override;

 private:
  void onPlotPress(QMouseEvent* event);
  void onPlotDoubleClick(QMouseEvent* event);
  void onPlotLayout();
  void rebuildBands();
  void fillCells();
  void applyMetricStyle();
  void applyTeamStyle();
  void updateSelectionMark();
  void updateRowLabels();
  void updateSizeLimit();
  void applyPalette();
  void updateShareMarks();
  void updatePartitionMarks();
  void updateHighlights();
  void updateFilterMask();
  static QString nodeCountText(int count);

  // Shared with the workspace and the other views: at 1,000,000 devices a
  // copy is 25 MB. Never null.
  std::shared_ptr<const Topology> m_topology = std::make_shared<const Topology>();
  MigLayout m_mig;
  std::shared_ptr<const Frame> m_frame;  // null until a matching frame
  std::shared_ptr<Frame> m_ownFrame;     // what setFrame(const Frame&) refills
  HeatmapLayout m_layout;
  HeatmapBands m_bands;
  int m_usefulWidth = 0;
  int m_pixelRows = 0;  // the axis rect height m_bands was built for
  std::vector<std::uint8_t> m_downRows;  // per band
  JobNames m_jobNames;
  std::shared_ptr<const GpuAllocation> m_allocation;  // null until a matching one
  std::shared_ptr<const DeviceTeams> m_teams;          // null until a matching one
  QSharedPointer<QCPAxisTicker> m_numberTicker;       // the colour bar's, but for Team
  std::vector<float> m_noAllocation;
  std::vector<float> m_inverseTdp;  // per device, from the topology
  std::vector<float> m_powerShare;  // power / TDP of the frame shown
  std::optional<std::vector<std::uint32_t>> m_shown;  // a filter's devices; nothing: no filter
  std::vector<std::uint32_t> m_highlighted; // devices, as given  // zeros: the Allocation colouring before a job list
  Metric m_metric = Metric::Utilization;
  bool m_stale = false;
  std::optional<int> m_selected;
  bool m_nodeNames = false;

  QCustomPlot* m_plot;
  QCPColorMap* m_map;
  QCPColorScale* m_scale;
  HeatmapOverlay* m_overlay;
  QCPItemText* m_staleLabel;
};

} // namespace hetsched
