#pragma once

#include "usecases/whatif/whatif_run.h"

#include <QAbstractTableModel>
#include <cstdint>
#include <memory>

namespace hetsched {

struct ReplicaResults;

// The what-if summary side by side: one row per metric, column 0 the
// metric, then one column per policy. Columns after the first policy show
// the change from it, coloured by whether it is better (lower wait, higher
// utilisation, ...). Qt::UserRole gives the raw value, KeyRole the metric's
// key, the same key `hetsched whatif --json` writes. With replicas
// (setReplicas) a cell shows the metric's median and 95 % interval over
// them, and a policy's paired difference from the first is coloured and
// bold only when significant (its interval excludes zero); the interval
// roles give the numbers, ValueRole stays the single run's.
class WhatifMetricsModel : public QAbstractTableModel {
  Q_OBJECT
 public:
  enum Role {
    ValueRole = Qt::UserRole,
    KeyRole,
    DeltaRole,
    // With replicas; invalid without.
    MedianRole,
    LowRole,
    HighRole,
    DifferenceMedianRole,  // policies after the first
    DifferenceLowRole,
    DifferenceHighRole,
    SignificantRole,  // bool: the difference's interval excludes zero
  };
  // Whether a higher value is better, worse, or neither.
  enum class Better : std::uint8_t { Lower, Higher };

  explicit WhatifMetricsModel(QObject* parent = nullptr);

  // New results drop the replicas of the old ones.
  void setResults(std::shared_ptr<const WhatifResults> results);
  const WhatifResults* results() const { return m_results.get(); }
  // The intervals of the results shown (the same policies, in order);
  // ignored when they are not.
  void setReplicas(std::shared_ptr<const ReplicaResults> replicas);
  const ReplicaResults* replicas() const { return m_replicas.get(); }
  // A metric's label in the operator's language, by row.
  static QString label(int row);

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

  // The row of a metric key, -1 if none.
  int rowOf(const QString& key) const;
  double value(int row, int policy) const;
  static Better better(int row);
  // Relative change of `policy` against policy 0 in [-1, ...]; 0 when the
  // baseline is 0.
  double delta(int row, int policy) const;
  // Comma-separated values: header, then one line per metric; raw values.
  QString toCsv() const;

 private:
  QVariant replicaData(int row, int policy, int role) const;

  std::shared_ptr<const WhatifResults> m_results;
  std::shared_ptr<const ReplicaResults> m_replicas;
};

}  // namespace hetsched
