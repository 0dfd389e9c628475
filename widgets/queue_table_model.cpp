#include "queue_table_model.h"

#include "base/model/job.h"
#include "base/model/job_prediction.h"
#include "base/model/job_timeline.h"
#include "job_style.h"
#include "wait_reason_text.h"

#include <QBrush>
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <utility>
#include <vector>

namespace hetsched {

QueueTableModel::QueueTableModel(QObject* parent) : QAbstractTableModel(parent) {}

void QueueTableModel::setQueue(std::vector<QueuedJobPrediction> queue) {
  beginResetModel();
  m_queue = std::move(queue);
  endResetModel();
}

void QueueTableModel::setNodeNames(std::vector<QString> names) {
  m_nodeNames = std::move(names);
  if (!m_queue.empty()) Q_EMIT dataChanged(index(0, PredictedNode), index(rowCount() - 1, PredictedNode));
}

void QueueTableModel::setNow(std::int64_t nowMs) {
  if (nowMs == m_nowMs) return;
  m_nowMs = nowMs;
  if (!m_queue.empty()) Q_EMIT dataChanged(index(0, Waited), index(rowCount() - 1, Waited));
}

int QueueTableModel::rowOfJob(JobId job) const {
  const auto it = std::ranges::find(m_queue, job, &QueuedJobPrediction::id);
  return it == m_queue.end() ? -1 : static_cast<int>(it - m_queue.begin());
}

int QueueTableModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(m_queue.size());
}

int QueueTableModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QString QueueTableModel::nodeText(std::int32_t node) const {
  if (node < 0) return QStringLiteral("–");
  const auto i = static_cast<std::size_t>(node);
  return i < m_nodeNames.size() ? m_nodeNames[i] : QString::number(node);
}

QString QueueTableModel::ownerCell(const QueuedJobPrediction& q) {
  JobSpec spec;
  spec.owner = q.owner;
  spec.team = q.team;
  return q.owner.empty() && q.team.empty() ? tr("—") : ownerText(spec);
}

QVariant QueueTableModel::data(const QModelIndex& index, int role) const {
  if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
  const QueuedJobPrediction& q = m_queue[static_cast<std::size_t>(index.row())];
  if (role == JobIdRole) return QVariant::fromValue<qulonglong>(q.id);
  const std::int64_t waitedMs = std::max<std::int64_t>(0, m_nowMs - q.submitMs);
  const bool knownReason = q.reason.cause != WaitCause::Unknown;
  if (role == SortRole) {
    switch (index.column()) {
      case Position: return index.row();
      case Job: return QVariant::fromValue<qulonglong>(q.id);
      case Name: return QString::fromStdString(q.name);
      case Owner: return ownerCell(q);
      case Kind: return static_cast<int>(q.kind);
      case Priority: return static_cast<int>(q.priority);
      case Submitted: return QVariant::fromValue<qlonglong>(q.submitMs);
      case Waited: return QVariant::fromValue<qlonglong>(waitedMs);
      case PredictedStart:
        return QVariant::fromValue<qlonglong>(q.predictedStartMs < 0 ? std::numeric_limits<qlonglong>::max()
                                                                     : q.predictedStartMs);
      case PredictedNode: return nodeText(q.predictedNode);
      case Reason: return knownReason ? waitReasonText(q.reason) : QString();
      default: return {};
    }
  }
  if (role == Qt::DisplayRole) {
    switch (index.column()) {
      case Position: return index.row() + 1;
      case Job: return QVariant::fromValue<qulonglong>(q.id);
      case Name: return QString::fromStdString(q.name);
      case Owner: return ownerCell(q);
      case Kind: return jobKindName(q.kind);
      case Priority: return priorityName(q.priority);
      case Submitted: return clockText(q.submitMs);
      case Waited: return clockText(waitedMs);
      case PredictedStart: return q.predictedStartMs < 0 ? tr("unknown") : clockText(q.predictedStartMs);
      case PredictedNode: return nodeText(q.predictedNode);
      case Reason: return knownReason ? waitReasonText(q.reason) : tr("—");
      default: return {};
    }
  }
  if (role == Qt::ToolTipRole && index.column() == Reason && knownReason) return waitReasonText(q.reason);
  if (role == Qt::DecorationRole && index.column() == Kind) return jobKindColor(q.kind);
  if (role == Qt::DecorationRole && index.column() == Priority) return priorityColor(q.priority);
  if (role == Qt::ForegroundRole && index.column() == PredictedStart && q.predictedStartMs < 0) return QBrush(Qt::gray);
  if (role == Qt::ForegroundRole && index.column() == Reason && !knownReason) return QBrush(Qt::gray);
  if (role == Qt::ForegroundRole && index.column() == Owner && q.owner.empty() && q.team.empty())
    return QBrush(Qt::gray);
  if (role == Qt::TextAlignmentRole) {
    switch (index.column()) {
      case Position:
      case Job:
      case Waited: return QVariant::fromValue(Qt::Alignment(Qt::AlignRight | Qt::AlignVCenter));
      default: return {};
    }
  }
  return {};
}

QVariant QueueTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
    return QAbstractTableModel::headerData(section, orientation, role);
  switch (section) {
    case Position: return tr("#");
    case Job: return tr("Job");
    case Name: return tr("Name");
    case Owner: return tr("Owner (team)");
    case Kind: return tr("Kind");
    case Priority: return tr("Priority");
    case Submitted: return tr("Submitted");
    case Waited: return tr("Waited");
    case PredictedStart: return tr("Predicted start");
    case PredictedNode: return tr("Predicted node");
    case Reason: return tr("Why it waits");
    default: return {};
  }
}

}  // namespace hetsched
