#pragma once

#include "whatif/whatif_run.h"

#include <QAbstractTableModel>

#include <memory>

namespace hetsched {

// The what-if summary side by side: one row per metric, column 0 the
// metric, then one column per policy. Columns after the first policy show
// the change from it, coloured by whether it is better (lower wait, higher
// utilisation, ...). Qt::UserRole gives the raw value, KeyRole the metric's
// key, the same key `hetsched whatif --json` writes.
class WhatifMetricsModel : public QAbstractTableModel {
  Q_OBJECT
 public:
  enum Role { ValueRole = Qt::UserRole, KeyRole, DeltaRole };
  // Whether a higher value is better, worse, or neither.
  enum class Better : std::uint8_t { Lower, Higher };

  explicit WhatifMetricsModel(QObject* parent = nullptr);

  void setResults(std::shared_ptr<const WhatifResults> results);
  const WhatifResults* results() const { return m_results.get(); }

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
  std::shared_ptr<const WhatifResults> m_results;
};

}  // namespace hetsched
