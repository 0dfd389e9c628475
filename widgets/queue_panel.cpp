#include "queue_panel.h"

#include "base/model/job.h"
#include "base/model/job_timeline.h"
#include "queue_table_model.h"

#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLocale>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QVBoxLayout>
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

namespace hetsched {

QueuePanel::QueuePanel(QWidget* parent)
    : QWidget(parent),
      m_model(new QueueTableModel(this)),
      m_sorted(new QSortFilterProxyModel(this)),
      m_table(new QTableView(this)),
      m_summary(new QLabel(this)) {
  m_sorted->setSourceModel(m_model);
  m_sorted->setSortRole(QueueTableModel::SortRole);
  m_sorted->setDynamicSortFilter(true);
  m_table->setModel(m_sorted);
  m_table->setAccessibleName(tr("Waiting jobs"));
  m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
  m_table->setSelectionMode(QAbstractItemView::SingleSelection);
  m_table->setAlternatingRowColors(true);
  m_table->verticalHeader()->setVisible(false);
  m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
  m_table->horizontalHeader()->setSectionResizeMode(QueueTableModel::Name, QHeaderView::Interactive);
  m_table->horizontalHeader()->setSectionResizeMode(QueueTableModel::Reason, QHeaderView::Stretch);
  m_table->horizontalHeader()->setHighlightSections(false);
  // Service order (the # column) first; any column sorts on a click, and #
  // brings the order back.
  m_table->horizontalHeader()->setSortIndicator(QueueTableModel::Position, Qt::AscendingOrder);
  m_table->setSortingEnabled(true);
  // Opens tall enough to read: a dozen rows, not three.
  m_table->setMinimumHeight(m_table->verticalHeader()->defaultSectionSize() * 8);

  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(m_summary);
  layout->addWidget(m_table, 1);
  setQueue({});

  connect(m_table, &QTableView::activated, this, [this](const QModelIndex& index) {
    if (index.isValid()) Q_EMIT jobActivated(index.data(QueueTableModel::JobIdRole).toULongLong());
  });
  connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this](const QModelIndex& current) {
    if (m_settingSelection || !current.isValid()) return;
    Q_EMIT jobSelected(current.data(QueueTableModel::JobIdRole).toULongLong());
  });
}

void QueuePanel::setQueue(std::vector<QueuedJobPrediction> queue) {
  const std::size_t count = queue.size();
  const bool predicted = std::ranges::any_of(queue, [](const auto& q) { return q.predictedStartMs >= 0; });
  m_model->setQueue(std::move(queue));
  m_table->resizeColumnToContents(QueueTableModel::Position);
  m_table->resizeColumnToContents(QueueTableModel::PredictedStart);
  m_table->resizeColumnToContents(QueueTableModel::PredictedNode);
  m_summary->setText(count == 0 ? tr("No jobs waiting.")
                     : predicted
                         ? tr("%n job(s) waiting, in order of predicted start: the gateway's scheduling core run "
                              "forward from now, with no new arrivals.",
                              nullptr, static_cast<int>(count))
                         : tr("%n job(s) waiting, in service order (priority class, then submit time). "
                              "Start times need a what-if prediction.",
                              nullptr, static_cast<int>(count)));
}

void QueuePanel::setNodeNames(std::vector<QString> names) { m_model->setNodeNames(std::move(names)); }

void QueuePanel::setSelectedJobs(std::span<const JobId> jobs) {
  m_settingSelection = true;
  m_table->clearSelection();
  for (const JobId job : jobs) {
    const int row = m_model->rowOfJob(job);
    if (row < 0) continue;
    const QModelIndex index = m_sorted->mapFromSource(m_model->index(row, 0));
    m_table->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    m_table->scrollTo(index);
    break;
  }
  m_settingSelection = false;
}

void QueuePanel::setNow(std::int64_t nowMs) { m_model->setNow(nowMs); }

QString QueuePanel::summaryText() const { return m_summary->text(); }

}  // namespace hetsched
