#pragma once

#include "base/model/job.h"
#include "base/model/job_timeline.h"

#include <QWidget>
#include <cstdint>
#include <span>
#include <vector>

class QLabel;
class QSortFilterProxyModel;
class QTableView;

namespace hetsched {

class QueueTableModel;

// The waiting jobs in service order with their predicted start, and a line
// saying how many there are and where the prediction comes from.
class QueuePanel : public QWidget {
  Q_OBJECT
 public:
  explicit QueuePanel(QWidget* parent = nullptr);

  void setQueue(std::vector<QueuedJobPrediction> queue);
  // Names for the predicted-node column, by node index.
  void setNodeNames(std::vector<QString> names);
  void setNow(std::int64_t nowMs);
  // Highlights the first of the jobs that is queued, and scrolls to it.
  void setSelectedJobs(std::span<const JobId> jobs);
  // The rows in service order; the table shows them through a sorting proxy.
  QueueTableModel* model() const { return m_model; }
  QSortFilterProxyModel* sortedModel() const { return m_sorted; }
  QTableView* table() const { return m_table; }
  QString summaryText() const;

 Q_SIGNALS:
  void jobSelected(hetsched::JobId job);
  // Double-click or Enter on a row: open the job's story.
  void jobActivated(hetsched::JobId job);

 private:
  QueueTableModel* m_model;
  QSortFilterProxyModel* m_sorted;
  QTableView* m_table;
  QLabel* m_summary;
  bool m_settingSelection = false;
};

}  // namespace hetsched
