#pragma once

#include "model/job_timeline.h"

#include <QWidget>

#include <span>
#include <vector>

class QLabel;
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
  // Highlights the first of the jobs that is queued, and scrolls to it.
  void setSelectedJobs(std::span<const JobId> jobs);
  QueueTableModel* model() const { return m_model; }
  QTableView* table() const { return m_table; }
  QString summaryText() const;

signals:
  void jobSelected(hetsched::JobId job);

private:
  QueueTableModel* m_model;
  QTableView* m_table;
  QLabel* m_summary;
  bool m_settingSelection = false;
};

}  // namespace hetsched
