#include "whatif_metrics_model.h"

#include <QColor>
#include <QCoreApplication>

#include <array>
#include <cmath>

namespace hetsched {

namespace {

struct Metric {
  const char* label;  // translated in the "WhatifMetricsModel" context
  const char* key;    // as in whatif_report.cpp's JSON, so results compare by key
  double (*value)(const SimSummary&);
  int decimals;
  WhatifMetricsModel::Better better;
};

using B = WhatifMetricsModel::Better;
const std::array kMetrics{
    Metric{QT_TRANSLATE_NOOP("WhatifMetricsModel", "Jobs completed"), "completed",
           [](const SimSummary& s) { return double(s.completed); }, 0, B::Higher},
    Metric{QT_TRANSLATE_NOOP("WhatifMetricsModel", "Unschedulable"), "unschedulable",
           [](const SimSummary& s) { return double(s.unschedulable); }, 0, B::Lower},
    Metric{QT_TRANSLATE_NOOP("WhatifMetricsModel", "Wait avg (s)"), "wait_avg_s",
           [](const SimSummary& s) { return s.waitAvgS; }, 2, B::Lower},
    Metric{QT_TRANSLATE_NOOP("WhatifMetricsModel", "Wait P50 (s)"), "wait_p50_s",
           [](const SimSummary& s) { return s.waitP50S; }, 2, B::Lower},
    Metric{QT_TRANSLATE_NOOP("WhatifMetricsModel", "Wait P95 (s)"), "wait_p95_s",
           [](const SimSummary& s) { return s.waitP95S; }, 2, B::Lower},
    Metric{QT_TRANSLATE_NOOP("WhatifMetricsModel", "Wait P99 (s)"), "wait_p99_s",
           [](const SimSummary& s) { return s.waitP99S; }, 2, B::Lower},
    Metric{QT_TRANSLATE_NOOP("WhatifMetricsModel", "Response avg (s)"), "response_avg_s",
           [](const SimSummary& s) { return s.responseAvgS; }, 2, B::Lower},
    Metric{QT_TRANSLATE_NOOP("WhatifMetricsModel", "JCT avg (s)"), "jct_avg_s",
           [](const SimSummary& s) { return s.jctAvgS; }, 2, B::Lower},
    Metric{QT_TRANSLATE_NOOP("WhatifMetricsModel", "Slowdown avg"), "slowdown_avg",
           [](const SimSummary& s) { return s.slowdownAvg; }, 3, B::Lower},
    Metric{QT_TRANSLATE_NOOP("WhatifMetricsModel", "Makespan (s)"), "makespan_s",
           [](const SimSummary& s) { return s.makespanS; }, 1, B::Lower},
    Metric{QT_TRANSLATE_NOOP("WhatifMetricsModel", "CPU busy"), "utilization_cpu",
           [](const SimSummary& s) { return s.utilization[0]; }, 3, B::Higher},
    Metric{QT_TRANSLATE_NOOP("WhatifMetricsModel", "GPU busy"), "utilization_gpu",
           [](const SimSummary& s) { return s.utilization[1]; }, 3, B::Higher},
    Metric{QT_TRANSLATE_NOOP("WhatifMetricsModel", "TPU busy"), "utilization_tpu",
           [](const SimSummary& s) { return s.utilization[2]; }, 3, B::Higher},
    Metric{QT_TRANSLATE_NOOP("WhatifMetricsModel", "CPU allocated"), "allocation_cpu",
           [](const SimSummary& s) { return s.allocation[0]; }, 3, B::Higher},
    Metric{QT_TRANSLATE_NOOP("WhatifMetricsModel", "GPU allocation ratio"), "gpu_allocation_ratio",
           [](const SimSummary& s) { return s.gpuAllocationRatio; }, 3, B::Higher},
    Metric{QT_TRANSLATE_NOOP("WhatifMetricsModel", "TPU allocated"), "allocation_tpu",
           [](const SimSummary& s) { return s.allocation[2]; }, 3, B::Higher},
    Metric{QT_TRANSLATE_NOOP("WhatifMetricsModel", "Energy (kWh)"), "energy_kwh",
           [](const SimSummary& s) { return s.energyJ / 3.6e6; }, 3, B::Lower},
    Metric{QT_TRANSLATE_NOOP("WhatifMetricsModel", "Preemptions"), "preemptions",
           [](const SimSummary& s) { return double(s.preemptions); }, 0, B::Lower},
    Metric{QT_TRANSLATE_NOOP("WhatifMetricsModel", "Migrations"), "migrations",
           [](const SimSummary& s) { return double(s.migrations); }, 0, B::Lower},
};

// Changes smaller than this are noise, not better or worse.
constexpr double kNeutralDelta = 0.005;

}  // namespace

WhatifMetricsModel::WhatifMetricsModel(QObject* parent) : QAbstractTableModel(parent) {}

void WhatifMetricsModel::setResults(std::shared_ptr<const WhatifResults> results) {
  beginResetModel();
  m_results = std::move(results);
  endResetModel();
}

int WhatifMetricsModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() || !m_results ? 0 : static_cast<int>(kMetrics.size());
}

int WhatifMetricsModel::columnCount(const QModelIndex& parent) const {
  return parent.isValid() || !m_results ? 0 : 1 + static_cast<int>(m_results->runs.size());
}

double WhatifMetricsModel::value(int row, int policy) const {
  return kMetrics[static_cast<std::size_t>(row)].value(m_results->runs[static_cast<std::size_t>(policy)].result.summary);
}

WhatifMetricsModel::Better WhatifMetricsModel::better(int row) { return kMetrics[static_cast<std::size_t>(row)].better; }

double WhatifMetricsModel::delta(int row, int policy) const {
  const double base = value(row, 0);
  return base == 0.0 ? 0.0 : (value(row, policy) - base) / std::abs(base);
}

int WhatifMetricsModel::rowOf(const QString& key) const {
  for (std::size_t i = 0; i < kMetrics.size(); ++i)
    if (key == QLatin1String(kMetrics[i].key)) return static_cast<int>(i);
  return -1;
}

QVariant WhatifMetricsModel::data(const QModelIndex& index, int role) const {
  if (!checkIndex(index, CheckIndexOption::IndexIsValid)) return {};
  const Metric& m = kMetrics[static_cast<std::size_t>(index.row())];
  if (index.column() == 0) {
    if (role == Qt::DisplayRole) return QCoreApplication::translate("WhatifMetricsModel", m.label);
    if (role == KeyRole) return QString::fromLatin1(m.key);
    return {};
  }
  const int policy = index.column() - 1;
  const double v = value(index.row(), policy);
  double d = policy > 0 ? delta(index.row(), policy) : 0.0;
  if (std::abs(d) < 5e-4) d = 0.0;  // never "-0.0 %"
  switch (role) {
    case Qt::DisplayRole: {
      QString text = QString::number(v, 'f', m.decimals);
      if (policy > 0 && value(index.row(), 0) != 0.0)
        text += QStringLiteral("  (%1%2 %)").arg(d >= 0 ? QStringLiteral("+") : QString()).arg(d * 100.0, 0, 'f', 1);
      return text;
    }
    case Qt::TextAlignmentRole: return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    case ValueRole: return v;
    case KeyRole: return QString::fromLatin1(m.key);
    case DeltaRole: return d;
    case Qt::ForegroundRole: {
      if (policy == 0 || m.better == Better::Neither || std::abs(d) < kNeutralDelta) return {};
      const bool good = (d < 0) == (m.better == Better::Lower);
      return good ? QColor(0x2e, 0x7d, 0x32) : QColor(0xc6, 0x28, 0x28);
    }
    default: return {};
  }
}

QVariant WhatifMetricsModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole || !m_results) return {};
  if (section == 0) return tr("Metric");
  if (section - 1 >= static_cast<int>(m_results->runs.size())) return {};
  return QString::fromStdString(m_results->runs[static_cast<std::size_t>(section - 1)].policy);
}

QString WhatifMetricsModel::toCsv() const {
  if (!m_results) return {};
  QString out = QStringLiteral("metric");
  for (const WhatifOutcome& r : m_results->runs) out += QLatin1Char(',') + QString::fromStdString(r.policy);
  out += QLatin1Char('\n');
  for (int row = 0; row < rowCount(); ++row) {
    out += QString::fromLatin1(kMetrics[static_cast<std::size_t>(row)].key);
    for (int p = 0; p < static_cast<int>(m_results->runs.size()); ++p)
      out += QLatin1Char(',') + QString::number(value(row, p), 'g', 10);
    out += QLatin1Char('\n');
  }
  return out;
}

}  // namespace hetsched
