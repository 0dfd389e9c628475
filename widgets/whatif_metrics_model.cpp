#include "whatif_metrics_model.h"

#include "engine/sim/sim_result.h"
#include "theme.h"
#include "usecases/whatif/bootstrap.h"
#include "usecases/whatif/whatif_metrics.h"
#include "usecases/whatif/whatif_replicas.h"
#include "usecases/whatif/whatif_run.h"

#include <QColor>
#include <QCoreApplication>
#include <QFont>
#include <QGuiApplication>
#include <QStringList>
#include <array>
#include <cmath>
#include <cstddef>
#include <memory>
#include <string_view>
#include <utility>

namespace hetsched {

namespace {

// Labels in whatifMetrics() order, translated in the "WhatifMetricsModel"
// context (lupdate reads them here; the backend's English is for the CLI).
const std::array kLabels{
    QT_TRANSLATE_NOOP("WhatifMetricsModel", "Jobs completed"),
    QT_TRANSLATE_NOOP("WhatifMetricsModel", "Unschedulable"),
    QT_TRANSLATE_NOOP("WhatifMetricsModel", "Wait avg (s)"),
    QT_TRANSLATE_NOOP("WhatifMetricsModel", "Wait P50 (s)"),
    QT_TRANSLATE_NOOP("WhatifMetricsModel", "Wait P95 (s)"),
    QT_TRANSLATE_NOOP("WhatifMetricsModel", "Wait P99 (s)"),
    QT_TRANSLATE_NOOP("WhatifMetricsModel", "Response avg (s)"),
    QT_TRANSLATE_NOOP("WhatifMetricsModel", "JCT avg (s)"),
    QT_TRANSLATE_NOOP("WhatifMetricsModel", "Slowdown avg"),
    QT_TRANSLATE_NOOP("WhatifMetricsModel", "Makespan (s)"),
    QT_TRANSLATE_NOOP("WhatifMetricsModel", "CPU busy"),
    QT_TRANSLATE_NOOP("WhatifMetricsModel", "GPU busy"),
    QT_TRANSLATE_NOOP("WhatifMetricsModel", "TPU busy"),
    QT_TRANSLATE_NOOP("WhatifMetricsModel", "CPU allocated"),
    QT_TRANSLATE_NOOP("WhatifMetricsModel", "GPU allocation ratio"),
    QT_TRANSLATE_NOOP("WhatifMetricsModel", "GPU allocated while jobs arrive"),
    QT_TRANSLATE_NOOP("WhatifMetricsModel", "TPU allocated"),
    QT_TRANSLATE_NOOP("WhatifMetricsModel", "Energy (kWh)"),
    QT_TRANSLATE_NOOP("WhatifMetricsModel", "Preemptions"),
    QT_TRANSLATE_NOOP("WhatifMetricsModel", "Migrations"),
    QT_TRANSLATE_NOOP("WhatifMetricsModel", "JCT P99 (s)"),
    QT_TRANSLATE_NOOP("WhatifMetricsModel", "GPU-hours"),
    QT_TRANSLATE_NOOP("WhatifMetricsModel", "SLO violations"),
    QT_TRANSLATE_NOOP("WhatifMetricsModel", "Goodput"),
    QT_TRANSLATE_NOOP("WhatifMetricsModel", "Jain index (teams)"),
    QT_TRANSLATE_NOOP("WhatifMetricsModel", "Jain index (users)"),
    QT_TRANSLATE_NOOP("WhatifMetricsModel", "Finish-time fairness avg"),
    QT_TRANSLATE_NOOP("WhatifMetricsModel", "Finish-time fairness max"),
};

// One line per metric from the papers (docs/metrics.md), by key.
struct Definition {
  const char* key;
  const char* text;
};
const std::array kDefinitions{
    Definition{"jct_p99_s", QT_TRANSLATE_NOOP("WhatifMetricsModel",
                                              "99th percentile of job completion time (end − arrival); Sia, SOSP'23")},
    Definition{"gpu_hours", QT_TRANSLATE_NOOP("WhatifMetricsModel", "GPU time allocated, in GPU-hours; Sia, SOSP'23")},
    Definition{"slo_violations",
               QT_TRANSLATE_NOOP("WhatifMetricsModel",
                                 "Jobs that waited longer than their class's target wait, the baseline policy's SLO "
                                 "(unset: high 5 min, middle 30 min, low 4 h); Gavel, OSDI'20")},
    Definition{"goodput", QT_TRANSLATE_NOOP("WhatifMetricsModel",
                                            "Useful work over device time held: below 1 when preemptions, restarts "
                                            "or moves redo or pause work")},
    Definition{"jain_teams",
               QT_TRANSLATE_NOOP("WhatifMetricsModel",
                                 "Jain's fairness index of the teams' service rate (runtime ÷ completion time): 1 "
                                 "when every team is slowed alike; Jain et al., 1984")},
    Definition{"jain_users", QT_TRANSLATE_NOOP("WhatifMetricsModel",
                                               "Jain's fairness index of the users' service rate: 1 when every user "
                                               "is slowed alike; Jain et al., 1984")},
    Definition{"ftf_rho_avg",
               QT_TRANSLATE_NOOP("WhatifMetricsModel",
                                 "Mean finish-time fairness ρ: completion time shared ÷ alone with a 1/N share; ≤ 1 "
                                 "is fair; Themis, NSDI'20")},
    Definition{"ftf_rho_max",
               QT_TRANSLATE_NOOP("WhatifMetricsModel", "Worst job's finish-time fairness ρ; Themis, NSDI'20")},
};

QString definitionOf(std::string_view key) {
  for (const Definition& d : kDefinitions)
    if (key == d.key) return QCoreApplication::translate("WhatifMetricsModel", d.text);
  return {};
}

// Each team's mean wait and share of the service under one policy.
QString teamsText(const SimSummary& summary) {
  QStringList lines;
  for (const TeamService& t : summary.teams)
    lines << QCoreApplication::translate("WhatifMetricsModel", "%1: wait %2 s, share %3 %")
                 .arg(t.name.empty() ? QCoreApplication::translate("WhatifMetricsModel", "(no team)")
                                     : QString::fromStdString(t.name))
                 .arg(t.waitAvgS, 0, 'f', 1)
                 .arg(100.0 * t.share, 0, 'f', 1);
  return lines.join(QLatin1Char('\n'));
}

const WhatifMetric& metric(int row) { return whatifMetrics()[static_cast<std::size_t>(row)]; }

// Changes smaller than this are noise, not better or worse.
constexpr double kNeutralDelta = 0.005;

}  // namespace

WhatifMetricsModel::WhatifMetricsModel(QObject* parent) : QAbstractTableModel(parent) {}

void WhatifMetricsModel::setResults(std::shared_ptr<const WhatifResults> results) {
  beginResetModel();
  m_results = std::move(results);
  m_replicas.reset();
  endResetModel();
}

void WhatifMetricsModel::setReplicas(std::shared_ptr<const ReplicaResults> replicas) {
  // Intervals of other policies than those shown would label the wrong
  // columns.
  if (!m_results || !replicas || replicas->policies.size() != m_results->runs.size() ||
      replicas->metrics.size() != whatifMetrics().size())
    return;
  for (std::size_t p = 0; p < replicas->policies.size(); ++p)
    if (replicas->policies[p] != m_results->runs[p].policy) return;
  m_replicas = std::move(replicas);
  if (rowCount() > 0) Q_EMIT dataChanged(index(0, 1), index(rowCount() - 1, columnCount() - 1));
}

QString WhatifMetricsModel::label(int row) {
  if (row < 0 || row >= static_cast<int>(whatifMetrics().size())) return {};
  const auto r = static_cast<std::size_t>(row);
  if (r < kLabels.size()) return QCoreApplication::translate("WhatifMetricsModel", kLabels[r]);
  const std::string_view key = whatifMetrics()[r].key;
  return QString::fromLatin1(key.data(), static_cast<qsizetype>(key.size()));
}

int WhatifMetricsModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() || !m_results ? 0 : static_cast<int>(whatifMetrics().size());
}

int WhatifMetricsModel::columnCount(const QModelIndex& parent) const {
  return parent.isValid() || !m_results ? 0 : 1 + static_cast<int>(m_results->runs.size());
}

double WhatifMetricsModel::value(int row, int policy) const {
  return metric(row).value(m_results->runs[static_cast<std::size_t>(policy)].result.summary);
}

WhatifMetricsModel::Better WhatifMetricsModel::better(int row) {
  return metric(row).higherIsBetter ? Better::Higher : Better::Lower;
}

double WhatifMetricsModel::delta(int row, int policy) const {
  const double base = value(row, 0);
  return base == 0.0 ? 0.0 : (value(row, policy) - base) / std::abs(base);
}

int WhatifMetricsModel::rowOf(const QString& key) const {
  const auto metrics = whatifMetrics();
  for (std::size_t i = 0; i < metrics.size(); ++i)
    if (key == QLatin1String(metrics[i].key.data(), static_cast<qsizetype>(metrics[i].key.size())))
      return static_cast<int>(i);
  return -1;
}

QVariant WhatifMetricsModel::data(const QModelIndex& index, int role) const {
  if (!checkIndex(index, CheckIndexOption::IndexIsValid)) return {};
  const WhatifMetric& m = metric(index.row());
  const QString key = QString::fromLatin1(m.key.data(), static_cast<qsizetype>(m.key.size()));
  if (index.column() == 0) {
    if (role == Qt::DisplayRole) {
      const auto row = static_cast<std::size_t>(index.row());
      return row < kLabels.size() ? QCoreApplication::translate("WhatifMetricsModel", kLabels[row]) : key;
    }
    if (role == KeyRole) return key;
    if (role == Qt::ToolTipRole) return definitionOf(m.key);
    return {};
  }
  const int policy = index.column() - 1;
  if (m_replicas && role != ValueRole && role != KeyRole && role != DeltaRole && role != Qt::TextAlignmentRole)
    return replicaData(index.row(), policy, role);
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
    case Qt::ToolTipRole:
      // Who pays for a change: the teams' waits and shares beside their index.
      if (m.key == "jain_teams") return teamsText(m_results->runs[static_cast<std::size_t>(policy)].result.summary);
      return definitionOf(m.key);
    case KeyRole: return key;
    case DeltaRole: return d;
    case Qt::ForegroundRole: {
      if (policy == 0 || std::abs(d) < kNeutralDelta) return {};
      const bool good = (d < 0) == !m.higherIsBetter;
      const QPalette palette = QGuiApplication::palette();
      return good ? betterColor(palette) : worseColor(palette);
    }
    default: return {};
  }
}

QVariant WhatifMetricsModel::replicaData(int row, int policy, int role) const {
  const WhatifMetric& m = metric(row);
  const ReplicaMetric& r = m_replicas->metrics[static_cast<std::size_t>(row)];
  const Interval& v = r.value[static_cast<std::size_t>(policy)];
  const Interval& d = r.difference[static_cast<std::size_t>(policy)];
  const bool significant = policy > 0 && d.excludesZero();
  const auto number = [&](double x) { return QString::number(x, 'f', m.decimals); };
  const auto signedNumber = [&](double x) {
    // Rounded to nothing, a difference has no sign (never "-0.00").
    if (number(std::abs(x)) == number(0.0)) return number(0.0);
    return x > 0 ? QStringLiteral("+") + number(x) : number(x);
  };
  switch (role) {
    case Qt::DisplayRole: {
      QString text = tr("%1 (%2–%3)").arg(number(v.median), number(v.low), number(v.high));
      // A narrow column wraps before the interval or the difference, never
      // inside one: the spaces within them do not break.
      if (policy > 0)
        text += QStringLiteral("  Δ\u00a0") + signedNumber(d.median) +
                (significant ? QStringLiteral("\u00a0*") : QString());
      return text;
    }
    case MedianRole: return v.median;
    case LowRole: return v.low;
    case HighRole: return v.high;
    case DifferenceMedianRole: return policy > 0 ? QVariant(d.median) : QVariant();
    case DifferenceLowRole: return policy > 0 ? QVariant(d.low) : QVariant();
    case DifferenceHighRole: return policy > 0 ? QVariant(d.high) : QVariant();
    case SignificantRole: return policy > 0 ? QVariant(significant) : QVariant();
    case Qt::FontRole: {
      if (!significant) return {};
      QFont bold;
      bold.setBold(true);
      return bold;
    }
    case Qt::ForegroundRole: {
      if (!significant) return {};
      const bool good = (d.median < 0) == !m.higherIsBetter;
      const QPalette palette = QGuiApplication::palette();
      return good ? betterColor(palette) : worseColor(palette);
    }
    case Qt::ToolTipRole: {
      const auto n = static_cast<int>(m_replicas->replicas);
      QString text = tr("Median over %n replica(s): %1; 95 % of them between %2 and %3.", nullptr, n)
                         .arg(number(v.median), number(v.low), number(v.high));
      if (policy > 0) {
        text += QLatin1Char('\n') + tr("Difference from %1, replica by replica: median %2, 95 % interval %3 to %4.")
                                        .arg(QString::fromStdString(m_replicas->policies[0]), signedNumber(d.median),
                                             signedNumber(d.low), signedNumber(d.high));
        text += QLatin1Char('\n') + (significant ? tr("The interval excludes zero: the difference is significant.")
                                                 : tr("The interval includes zero: the difference may be noise, "
                                                      "not significant."));
      }
      const QString definition = m.key == "jain_teams"
                                     ? teamsText(m_results->runs[static_cast<std::size_t>(policy)].result.summary)
                                     : definitionOf(m.key);
      return definition.isEmpty() ? text : definition + QLatin1Char('\n') + text;
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
    out += QString::fromLatin1(metric(row).key.data(), static_cast<qsizetype>(metric(row).key.size()));
    for (int p = 0; p < static_cast<int>(m_results->runs.size()); ++p)
      out += QLatin1Char(',') + QString::number(value(row, p), 'g', 10);
    out += QLatin1Char('\n');
  }
  return out;
}

}  // namespace hetsched
