// SweepView's results: the points plotted on the two chosen metrics with
// their Pareto front, and what a point is named and shows when hovered.
#include "pareto_plot.h"
#include "policy.pb.h"
#include "sweep_view.h"
#include "usecases/whatif/bootstrap.h"
#include "usecases/whatif/sweep_results.h"
#include "usecases/whatif/whatif_metrics.h"
#include "usecases/whatif/whatif_sweep.h"

#include <QComboBox>
#include <QLabel>
#include <QLocale>
#include <algorithm>
#include <cstddef>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace hetsched {

namespace {

const WhatifMetric* metricOf(const QString& key) {
  for (const WhatifMetric& m : whatifMetrics())
    if (key == QLatin1String(m.key.data(), static_cast<qsizetype>(m.key.size()))) return &m;
  return nullptr;
}

QString number(double v, int decimals) { return QLocale().toString(v, 'f', decimals); }

// A parameter's value as the policy file would hold it: whole numbers bare.
QString parameterValue(double v) { return QLocale().toString(v, 'g', 10); }

}  // namespace

void SweepView::setResults(std::shared_ptr<const SweepResults> results) {
  setRunning(false);
  m_results = std::move(results);
  m_plot->setChosen(-1);
  replot();
  inputsChanged();
}

void SweepView::replot() {
  if (!m_results) return;
  const WhatifMetric* x = metricOf(xKey());
  const WhatifMetric* y = metricOf(yKey());
  if (!x || !y) return;
  m_front = paretoFront(m_results->points, x->key, y->key);
  std::vector<double> xs, ys;
  ParetoPlot::Intervals intervals;
  std::vector<QString> labels;
  for (std::size_t i = 0; i < m_results->points.size(); ++i) {
    const SweepPoint& p = m_results->points[i];
    // With replicas, the medians: what the front is taken on.
    xs.push_back(sweepValue(*x, p));
    ys.push_back(sweepValue(*y, p));
    if (const Interval* xi = sweepInterval(*x, p); xi && sweepInterval(*y, p)) {
      const Interval* yi = sweepInterval(*y, p);
      intervals.xLow.push_back(xi->low);
      intervals.xHigh.push_back(xi->high);
      intervals.yLow.push_back(yi->low);
      intervals.yHigh.push_back(yi->high);
    }
    // A list's points are named on the plot; a grid's would bury it.
    if (m_results->axes.empty()) labels.push_back(pointName(static_cast<int>(i)));
  }
  const auto onFront = std::ranges::count(m_front, true);
  m_plot->setPoints(std::move(xs), std::move(ys), m_front, m_x->currentText(), m_y->currentText(), std::move(labels),
                    std::move(intervals));
  const QString what = m_results->policies.size() == 1
                           ? QString::fromStdString(m_results->policies.front().name())
                           : tr("%n policies", nullptr, static_cast<int>(m_results->policies.size()));
  QString text = tr("%1 over %n point(s) in %2 s; %3 on the Pareto front of %4 (%5) and %6 (%7). Hover a point "
                    "for its values; click one to load it into the Policies tab's editor.",
                    nullptr, static_cast<int>(m_results->points.size()))
                     .arg(what, number(m_results->wallS, 1))
                     .arg(onFront)
                     .arg(m_x->currentText(), x->higherIsBetter ? tr("higher is better") : tr("lower is better"),
                          m_y->currentText(), y->higherIsBetter ? tr("higher is better") : tr("lower is better"));
  if (m_results->replicas > 1)
    text += QLatin1Char(' ') + tr("Each point: the median over %n replica(s), its 95 % interval as error bars; the "
                                  "front is taken on the medians.",
                                  nullptr, static_cast<int>(m_results->replicas));
  m_status->setText(text);
}

v1::Policy SweepView::pointPolicy(int index) const {
  return sweepPointPolicy(m_results->policies, m_results->axes, m_results->points[static_cast<std::size_t>(index)]);
}

QString SweepView::pointName(int index) const {
  if (!m_results || index < 0 || index >= static_cast<int>(m_results->points.size())) return {};
  const SweepPoint& point = m_results->points[static_cast<std::size_t>(index)];
  const std::vector<std::string> names = sweepPolicyNames(m_results->policies);
  QString policy = QString::fromStdString(names[point.policy]);
  if (m_results->axes.empty()) return policy;
  return m_results->policies.size() > 1 ? tr("%1: %2").arg(policy, valuesText(index)) : valuesText(index);
}

QString SweepView::valuesText(int index) const {
  QStringList parts;
  const SweepPoint& point = m_results->points[static_cast<std::size_t>(index)];
  for (std::size_t a = 0; a < m_results->axes.size(); ++a)
    parts << QStringLiteral("%1 = %2").arg(QString::fromStdString(m_results->axes[a].path),
                                           parameterValue(point.values[a]));
  return parts.join(QStringLiteral(", "));
}

QString SweepView::pointText(int index) const {
  if (!m_results || index < 0 || index >= static_cast<int>(m_results->points.size())) return {};
  const SweepPoint& point = m_results->points[static_cast<std::size_t>(index)];
  QStringList lines;
  if (m_results->axes.empty() || m_results->policies.size() > 1)
    lines << QString::fromStdString(sweepPolicyNames(m_results->policies)[point.policy]);
  for (std::size_t a = 0; a < m_results->axes.size(); ++a)
    lines << QStringLiteral("%1 = %2").arg(QString::fromStdString(m_results->axes[a].path),
                                           parameterValue(point.values[a]));
  for (const QComboBox* box : {m_x, m_y})
    if (const WhatifMetric* m = metricOf(box->currentData().toString())) {
      if (const Interval* i = sweepInterval(*m, point))
        lines << tr("%1: %2 (95 % interval %3 to %4)")
                     .arg(box->currentText(), number(i->median, m->decimals), number(i->low, m->decimals),
                          number(i->high, m->decimals));
      else lines << tr("%1: %2").arg(box->currentText(), number(m->value(point.summary), m->decimals));
    }
  if (static_cast<std::size_t>(index) < m_front.size() && m_front[static_cast<std::size_t>(index)])
    lines << tr("On the Pareto front");
  lines << tr("Click to load this policy into the Policies tab's editor.");
  return lines.join(QLatin1Char('\n'));
}

}  // namespace hetsched
