#pragma once

#include "base/model/frame.h"
#include "base/model/gpu_allocation.h"
#include "base/model/gpu_fragmentation.h"
#include "base/model/job_prediction.h"
#include "base/model/topology.h"
#include "device_text.h"
#include "metric.h"

#include <QWidget>
#include <memory>

class QComboBox;
class QLabel;
class QSplitter;
class QTabWidget;

namespace hetsched {

class DeviceDetailPanel;
class DeviceTeams;
class DeviceHistoryPanel;
class FragmentationPanel;
class HeatmapView;
class KindSummaryStrip;

// The live cluster page: per-kind summary on top, the device heatmap with its
// metric selector, and beside it the selected device's details, its history
// or the GPU fragmentation per node. The host
// feeds it coalesced frames from a timer; it keeps no connection itself.
class ClusterDashboard : public QWidget {
  Q_OBJECT
 public:
  explicit ClusterDashboard(QWidget* parent = nullptr);

  void setTopology(const Topology& topology);
  // Shared by every view of the dashboard (no copy each).
  void setTopology(const std::shared_ptr<const Topology>& topology);
  // One snapshot is shared by the heatmap and the detail panel; a host that
  // already holds frames in shared_ptrs saves the remaining copy too.
  void setFrame(const Frame& frame);
  void setFrame(std::shared_ptr<const Frame> frame);
  void setJobNames(const JobNames& names);
  void setPredictions(std::shared_ptr<const QueuePredictions> predictions);
  // From the job list: who holds each device, and where GPU share is lost.
  void setAllocation(std::shared_ptr<const GpuAllocation> allocation);
  // Which team holds each device: the Team colouring and the details.
  void setTeams(std::shared_ptr<const DeviceTeams> teams);
  void setFragmentation(const ClusterFragmentation& fragmentation);
  void setStale(bool stale);
  void setMetric(Metric metric);

  HeatmapView* heatmap() const { return m_heatmap; }
  KindSummaryStrip* summary() const { return m_summary; }
  DeviceDetailPanel* details() const { return m_details; }
  FragmentationPanel* fragmentation() const { return m_fragmentation; }
  DeviceHistoryPanel* history() const { return m_history; }
  // Brings the History tab forward (wider, for its charts).
  void showHistory();
  // "Device", "History" or "GPU fragmentation" beside the heatmap.
  QTabWidget* sidePanels() const { return m_side; }
  QComboBox* metricSelector() const { return m_metricBox; }
  // What the heatmap draws besides colours; it names MIG frames only where
  // the topology has MIG GPUs.
  QString legendText() const;
  // The split between the map and the side panels follows the map until the
  // operator drags it; a host remembers only a split the operator chose and
  // marks a restored one as chosen.
  QSplitter* splitter() const { return m_splitter; }
  bool splitterChosen() const { return m_userSized; }
  void setSplitterChosen(bool chosen) { m_userSized = chosen; }

 protected:
  void resizeEvent(QResizeEvent* event) override;

 private:
  // Gives the side panels the map pane's width that the heatmap cannot use
  // (few slots per node leave most of a wide window empty), and takes it
  // back when the window narrows; stops once the operator drags the handle.
  void fitSplitter();

  KindSummaryStrip* m_summary;
  QComboBox* m_metricBox;
  HeatmapView* m_heatmap;
  DeviceDetailPanel* m_details;
  FragmentationPanel* m_fragmentation;
  DeviceHistoryPanel* m_history;
  QTabWidget* m_side;
  QSplitter* m_splitter;
  QLabel* m_legend;
  bool m_userSized = false;
};

}  // namespace hetsched
