#pragma once

#include "base/history/device_history.h"
#include "base/model/topology.h"
#include "device_history_view.h"
#include "device_text.h"
#include "metric.h"

#include <QWidget>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

class QLabel;
class QPushButton;

namespace hetsched {

// The Cluster page's History tab: which devices the history shows (the
// device selected on the heatmap, plus those added to the history, or every
// device of a node) and their DeviceHistoryView. It asks for data with
// historyWanted() and shows what the host answers; it never fetches itself.
class DeviceHistoryPanel : public QWidget {
  Q_OBJECT
 public:
  explicit DeviceHistoryPanel(QWidget* parent = nullptr);

  void setTopology(const Topology& topology);
  void setTopology(std::shared_ptr<const Topology> topology);
  // The heatmap's selection, shown after the devices added to the history.
  void setSelectedDevice(std::optional<int> device);
  // "Add to history": the selected device stays while others are selected.
  void addSelected();
  // Every device of the selected device's node (the first kMaxDevices).
  void showNode();
  void clear();
  void setJobNames(JobNames names);
  // An answer; ignored unless it is for the devices shown now.
  void setHistory(std::shared_ptr<const DeviceHistory> history);
  void setFailure(const QString& message);

  // The devices to show, in legend order.
  std::vector<std::uint32_t> devices() const;
  QString deviceName(std::uint32_t device) const;
  DeviceHistoryView* view() const { return m_view; }
  QString caption() const;

 Q_SIGNALS:
  // devices() changed: the host fetches their history (live or replay).
  void historyWanted();

 private:
  void changed();
  void updateControls();

  // Shared with the workspace and the other views: at 1,000,000 devices a
  // copy is 25 MB. Never null.
  std::shared_ptr<const Topology> m_topology = std::make_shared<const Topology>();
  std::vector<std::uint32_t> m_added;
  std::optional<std::uint32_t> m_selected;
  QLabel* m_hint;
  QLabel* m_caption;
  QLabel* m_error;
  QPushButton* m_add;
  QPushButton* m_node;
  QPushButton* m_clear;
  DeviceHistoryView* m_view;
};

}  // namespace hetsched
