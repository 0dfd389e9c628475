#pragma once

#include "base/model/job.h"
#include "base/model/job_timeline.h"

#include <QAbstractTableModel>
#include <QString>
#include <cstdint>
#include <vector>

namespace hetsched {

// Waiting jobs in the order the live forecast starts them (else the active
// policy's service order), one row each, with the predicted start and node
// and why each waits.
// Takes the whole list at once (a model reset), like hotspot's models: the
// list is rebuilt on a timer, never patched.
class QueueTableModel : public QAbstractTableModel {
  Q_OBJECT
 public:
  enum Column {
    Position,
    Job,
    Name,
    Owner,
    Kind,
    Priority,
    Submitted,
    Waited,
    PredictedStart,
    PredictedNode,
    Reason,
    ColumnCount
  };
  // The job id of a row, for selection linking.
  static constexpr int JobIdRole = Qt::UserRole + 1;
  // What a column sorts by: numbers for times and classes, so that 0:10:00
  // sorts after 0:9:59 and High before Low; unknown predictions last.
  static constexpr int SortRole = Qt::UserRole + 2;

  explicit QueueTableModel(QObject* parent = nullptr);

  void setQueue(std::vector<QueuedJobPrediction> queue);
  // Node names for the predicted-node column (the topology's, by index).
  void setNodeNames(std::vector<QString> names);
  // The cluster's clock, for the Waited column.
  void setNow(std::int64_t nowMs);
  const std::vector<QueuedJobPrediction>& queue() const { return m_queue; }
  int rowOfJob(JobId job) const;

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

 private:
  QString nodeText(std::int32_t node) const;
  static QString ownerCell(const QueuedJobPrediction& q);

  std::vector<QueuedJobPrediction> m_queue;
  std::vector<QString> m_nodeNames;
  std::int64_t m_nowMs = 0;
};

}  // namespace hetsched
