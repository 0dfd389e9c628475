#pragma once

#include "base/model/job_prediction.h"

#include "device_teams.h"
#include "device_text.h"
#include "base/model/frame.h"
#include "base/model/gpu_allocation.h"
#include "base/model/mig_layout.h"
#include "base/model/topology.h"

#include <QWidget>

#include <memory>
#include <optional>
#include <vector>

class QFormLayout;
class QLabel;

namespace hetsched {

// Everything about the selected device: where it is, what it is, what it is
// doing. Shows a hint instead while nothing is selected.
class DeviceDetailPanel : public QWidget {
  Q_OBJECT
 public:
  explicit DeviceDetailPanel(QWidget* parent = nullptr);

  void setTopology(const Topology& topology);
  void setTopology(std::shared_ptr<const Topology> topology);
  // Like HeatmapView: the shared form avoids a copy per frame.
  void setFrame(const Frame& frame);
  void setFrame(std::shared_ptr<const Frame> frame);
  void setJobNames(JobNames names);
  // The live forecast: the next job predicted to start on the device, and
  // why it waits now (null: none known).
  void setPredictions(std::shared_ptr<const QueuePredictions> predictions);
  // Who holds the device: the jobs sharing a GPU, with their shares.
  void setAllocation(std::shared_ptr<const GpuAllocation> allocation);
  // The team holding the device (largest part first when shared).
  void setTeams(std::shared_ptr<const DeviceTeams> teams);
  void setDevice(std::optional<int> device);
  std::optional<int> device() const { return m_device; }

  bool showsEmptyState() const;
  // "Label: value" lines as displayed, for tests and copy/paste.
  QString displayedText() const;

 protected:
  void resizeEvent(QResizeEvent* event) override;

 private:
  enum Row {
    Node,
    State,
    Kind,
    Model,
    Partition,
    Peak,
    Tdp,
    MemorySize,
    Bandwidth,
    Utilization,
    MemoryUsed,
    Power,
    Temperature,
    Job,
    Allocated,
    HeldBy,
    Team,
    NextPredicted,
    RowCount
  };

  void refresh();
  void fitRows();

  // Shared with the workspace and the other views: at 1,000,000 devices a
  // copy is 25 MB. Never null.
  std::shared_ptr<const Topology> m_topology = std::make_shared<const Topology>();
  MigLayout m_mig;
  std::shared_ptr<const Frame> m_frame;  // null until a matching frame
  std::shared_ptr<Frame> m_ownFrame;     // what setFrame(const Frame&) refills
  JobNames m_jobNames;
  std::shared_ptr<const QueuePredictions> m_predictions;
  std::shared_ptr<const GpuAllocation> m_allocation;
  std::shared_ptr<const DeviceTeams> m_teams;
  std::optional<int> m_device;

  QLabel* m_empty;
  QWidget* m_details;
  QFormLayout* m_form;
  std::vector<QLabel*> m_values;
};

}  // namespace hetsched
