#pragma once

#include "base/model/gpu_fragmentation.h"
#include "base/model/topology.h"

#include <QWidget>

#include <memory>

class QLabel;
class QTableWidget;

namespace hetsched {

// Where GPU capacity is lost: per GPU node, the free share, how much of it
// sits on partly used GPUs, and the ATC'23 fragmentation measure (the free
// share the cluster's own job shapes could not use), worst first. The values
// come from frag::fragmentationOf; this only shows them.
class FragmentationPanel : public QWidget {
  Q_OBJECT
 public:
  // At most this many nodes are listed (the worst); the summary covers all.
  static constexpr int kMaxRows = 500;
  enum Column { NodeColumn, FragmentedColumn, FreeColumn, PartlyColumn, GpusColumn, ColumnCount };

  explicit FragmentationPanel(QWidget* parent = nullptr);

  void setTopology(const Topology& topology);
  void setTopology(std::shared_ptr<const Topology> topology);
  void setFragmentation(const ClusterFragmentation& fragmentation);

  QString summaryText() const;
  QTableWidget* table() const { return m_table; }

 Q_SIGNALS:
  // A row was activated: the heatmap shows that node.
  void nodeActivated(int node);

 private:
  // Shared with the workspace and the other views: at 1,000,000 devices a
  // copy is 25 MB. Never null.
  std::shared_ptr<const Topology> m_topology = std::make_shared<const Topology>();
  QLabel* m_summary;
  QTableWidget* m_table;
};

}  // namespace hetsched
