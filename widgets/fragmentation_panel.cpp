#include "fragmentation_panel.h"

#include "base/model/gpu_fragmentation.h"
#include "base/model/topology.h"
#include "theme.h"

#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <memory>
#include <utility>
#include <vector>

namespace hetsched {

namespace {

// Shares in GPUs (1000 milli = one GPU), numeric so that columns sort by value.
QTableWidgetItem* gpusItem(double milli) {
  auto* item = new QTableWidgetItem;
  item->setData(Qt::DisplayRole, std::round(milli / 10.0) / 100.0);
  item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
  return item;
}

}  // namespace

FragmentationPanel::FragmentationPanel(QWidget* parent)
    : QWidget(parent), m_summary(new QLabel(this)), m_table(new QTableWidget(0, ColumnCount, this)) {
  auto* layout = new QVBoxLayout(this);
  auto* heading = new QLabel(tr("GPU fragmentation"), this);
  QFont headingFont = heading->font();
  headingFont.setBold(true);
  headingFont.setPointSizeF(headingFont.pointSizeF() * 1.15);
  heading->setFont(headingFont);
  layout->addWidget(heading);
  m_summary->setWordWrap(true);
  m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
  layout->addWidget(m_summary);
  auto* hint = new QLabel(tr("Fragmented: free GPU share that the cluster's own job shapes could not use "
                             "(Weng et al., ATC'23). In GPUs; double-click a node to show it."),
                          this);
  hint->setWordWrap(true);
  showAsHint(hint);
  layout->addWidget(hint);
  m_table->setHorizontalHeaderLabels({tr("Node"), tr("Fragmented"), tr("Free"), tr("Partly used"), tr("GPUs")});
  const QString tips[ColumnCount] = {
      QString(), tr("Free share the cluster's job shapes could not use (ATC'23), in GPUs"),
      tr("Free GPU share, in GPUs"), tr("Free share on GPUs that jobs partly hold, in GPUs"), tr("GPUs on the node")};
  for (int c = 0; c < ColumnCount; ++c) m_table->horizontalHeaderItem(c)->setToolTip(tips[c]);
  m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
  m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
  m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
  m_table->setSelectionMode(QAbstractItemView::SingleSelection);
  m_table->verticalHeader()->hide();
  m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  m_table->horizontalHeader()->setStretchLastSection(true);
  m_table->horizontalHeader()->setSortIndicator(FragmentedColumn, Qt::DescendingOrder);
  m_table->setSortingEnabled(true);
  m_table->setAccessibleName(tr("GPU fragmentation per node"));
  layout->addWidget(m_table, 1);
  connect(m_table, &QTableWidget::cellDoubleClicked, this, [this](int row, int) {
    if (const QTableWidgetItem* item = m_table->item(row, NodeColumn))
      Q_EMIT nodeActivated(item->data(Qt::UserRole).toInt());
  });
  setFragmentation({});
}

void FragmentationPanel::setTopology(const Topology& topology) {
  setTopology(std::make_shared<const Topology>(topology));
}

void FragmentationPanel::setTopology(std::shared_ptr<const Topology> topology) {
  if (!topology) return;
  m_topology = std::move(topology);
  setFragmentation({});
}

void FragmentationPanel::setFragmentation(const ClusterFragmentation& fragmentation) {
  if (fragmentation.nodes.empty()) {
    m_summary->setText(tr("No GPU nodes, or no job list yet."));
  } else {
    const double free = static_cast<double>(fragmentation.freeMilli) / 1000.0;
    const double fragmented = fragmentation.fragmentedMilli / 1000.0;
    m_summary->setText(
        tr("%1 GPUs free on %2 nodes; %3 of them on partly used GPUs; %4 fragmented for the current job shapes "
           "(%5 % of free).")
            .arg(QString::number(free, 'f', 2))
            .arg(fragmentation.nodes.size())
            .arg(QString::number(static_cast<double>(fragmentation.partlyFreeMilli) / 1000.0, 'f', 2))
            .arg(QString::number(fragmented, 'f', 2))
            .arg(QString::number(free > 0.0 ? 100.0 * fragmented / free : 0.0, 'f', 0)));
  }
  std::vector<const NodeFragmentation*> worst;
  worst.reserve(fragmentation.nodes.size());
  for (const NodeFragmentation& node : fragmentation.nodes)
    if (node.node < m_topology->nodes.size()) worst.push_back(&node);
  const auto shown = std::min<std::size_t>(worst.size(), kMaxRows);
  std::partial_sort(worst.begin(), worst.begin() + static_cast<std::ptrdiff_t>(shown), worst.end(),
                    [](const NodeFragmentation* a, const NodeFragmentation* b) {
                      return a->fragmentedMilli != b->fragmentedMilli ? a->fragmentedMilli > b->fragmentedMilli
                                                                      : a->node < b->node;
                    });
  m_table->setSortingEnabled(false);  // rows must stay where they are put while filling
  m_table->setRowCount(static_cast<int>(shown));
  for (std::size_t i = 0; i < shown; ++i) {
    const NodeFragmentation& f = *worst[i];
    const auto row = static_cast<int>(i);
    auto* name = new QTableWidgetItem(QString::fromStdString(m_topology->nodes[f.node].name));
    name->setData(Qt::UserRole, static_cast<int>(f.node));
    m_table->setItem(row, NodeColumn, name);
    auto* gpus = new QTableWidgetItem;
    gpus->setData(Qt::DisplayRole, static_cast<int>(f.gpus));
    gpus->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    m_table->setItem(row, GpusColumn, gpus);
    m_table->setItem(row, FreeColumn, gpusItem(f.freeMilli));
    m_table->setItem(row, PartlyColumn, gpusItem(f.partlyFreeMilli));
    m_table->setItem(row, FragmentedColumn, gpusItem(f.fragmentedMilli));
  }
  m_table->setSortingEnabled(true);  // sorts again by the column the operator chose
}

QString FragmentationPanel::summaryText() const { return m_summary->text(); }

}  // namespace hetsched
