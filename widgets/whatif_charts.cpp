#include "whatif_charts.h"

#include "base/model/device_kind.h"
#include "base/model/job.h"
#include "base/model/topology.h"
#include "device_text.h"
#include "engine/sim/sim_result.h"
#include "job_style.h"
#include "metric.h"
#include "qcustomplot_include.h"
#include "theme.h"
#include "usecases/whatif/whatif_run.h"

#include <QCoreApplication>
#include <QTableWidget>
#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <vector>

namespace hetsched {

namespace {

QColor policyColor(std::size_t i) {
  // Okabe–Ito: told apart with the common forms of colour blindness.
  static const std::array<QColor, 6> colors{QColor(0x00, 0x72, 0xB2), QColor(0xE6, 0x9F, 0x00),
                                            QColor(0x00, 0x9E, 0x73), QColor(0xCC, 0x79, 0xA7),
                                            QColor(0x56, 0xB4, 0xE9), QColor(0xD5, 0x5E, 0x00)};
  return colors[i % colors.size()];
}

// Colour and dash pattern both differ, so curves stay apart in greyscale too.
QPen policyPen(std::size_t i, double width) {
  static const std::array<Qt::PenStyle, 4> styles{Qt::SolidLine, Qt::DashLine, Qt::DashDotLine, Qt::DotLine};
  return QPen(QBrush(policyColor(i)), width, styles[i % styles.size()]);
}

double waitOf(const JobTimeline& j) { return std::max(0.0, j.endS - j.arrivalS - j.runtimeS); }

// A curve of a million points draws no better than one of a few thousand.
constexpr std::size_t kMaxCdfPoints = 2000;

}  // namespace

std::vector<double> sortedWaits(const SimResult& result) {
  std::vector<double> waits;
  waits.reserve(result.jobs.size());
  for (const JobTimeline& j : result.jobs)
    if (j.state == JobState::Completed) waits.push_back(waitOf(j));
  std::ranges::sort(waits);
  return waits;
}

void plotWaitCdf(QCustomPlot* plot, const WhatifResults& results) {
  plot->clearGraphs();
  for (std::size_t i = 0; i < results.runs.size(); ++i) {
    const std::vector<double> waits = sortedWaits(results.runs[i].result);
    QVector<double> x;
    QVector<double> y;
    const std::size_t step = std::max<std::size_t>(1, waits.size() / kMaxCdfPoints);
    for (std::size_t k = 0; k < waits.size(); k += step) {
      x.push_back(waits[k]);
      y.push_back(static_cast<double>(k + 1) / static_cast<double>(waits.size()));
    }
    if (!waits.empty()) {
      x.push_back(waits.back());
      y.push_back(1.0);
    }
    QCPGraph* g = plot->addGraph();
    g->setName(QString::fromStdString(results.runs[i].policy));
    g->setPen(policyPen(i, 2));
    g->setLineStyle(QCPGraph::lsStepLeft);
    g->setData(x, y, true);
  }
  plot->xAxis->setLabel(QCoreApplication::translate("WhatifCharts", "Wait (s)"));
  plot->yAxis->setLabel(QCoreApplication::translate("WhatifCharts", "Share of jobs"));
  plot->legend->setVisible(true);
  plot->rescaleAxes();
  plot->yAxis->setRange(0.0, 1.02);
  plot->replot(QCustomPlot::rpQueuedReplot);
}

void plotUtilisation(QCustomPlot* plot, const WhatifResults& results) {
  // One panel per device kind present, stacked with a shared time axis: nine
  // curves on one panel could not be told apart.
  plot->clearGraphs();
  plot->plotLayout()->clear();
  std::array<bool, kDeviceKindCount> present{};
  for (const NodeInfo& n : results.topology.nodes) present[index(n.kind)] = true;
  QList<QCPAxisRect*> rects;
  int row = 0;
  for (const DeviceKind kind : kDeviceKinds) {
    if (!present[index(kind)]) continue;
    auto* title =
        new QCPTextElement(plot, QCoreApplication::translate("WhatifCharts", "%1 busy (%)").arg(kindName(kind)));
    plot->plotLayout()->addElement(row++, 0, title);
    auto* rect = new QCPAxisRect(plot);
    plot->plotLayout()->addElement(row++, 0, rect);
    rect->axis(QCPAxis::atLeft)->setRange(0.0, 105.0);
    rects.push_back(rect);
    for (std::size_t i = 0; i < results.runs.size(); ++i) {
      const auto& series = results.runs[i].result.series;
      QVector<double> x;
      QVector<double> y;
      x.reserve(static_cast<qsizetype>(series.size()));
      for (const TimeSample& s : series) {
        x.push_back(s.timeS / 3600.0);
        y.push_back(s.busy[index(kind)] * 100.0);
      }
      QCPGraph* g = plot->addGraph(rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft));
      g->setName(QString::fromStdString(results.runs[i].policy));
      g->setPen(policyPen(i, 1.5));
      g->setData(x, y, true);
      // One legend entry per policy: the panels share the colours.
      if (rects.size() > 1) g->removeFromLegend();
    }
    rect->axis(QCPAxis::atBottom)->rescale();
  }
  if (rects.isEmpty()) return;
  // The panels share one time range and one left margin, so they line up.
  auto* margins = new QCPMarginGroup(plot);
  for (QCPAxisRect* r : rects) {
    r->setMarginGroup(QCP::msLeft | QCP::msRight, margins);
    r->axis(QCPAxis::atBottom)->setRange(rects.front()->axis(QCPAxis::atBottom)->range());
    for (QCPAxisRect* other : rects)
      if (other != r)
        QObject::connect(r->axis(QCPAxis::atBottom), qOverload<const QCPRange&>(&QCPAxis::rangeChanged),
                         other->axis(QCPAxis::atBottom), qOverload<const QCPRange&>(&QCPAxis::setRange));
  }
  rects.back()->axis(QCPAxis::atBottom)->setLabel(QCoreApplication::translate("WhatifCharts", "Simulated time (h)"));
  plot->legend = new QCPLegend;
  rects.front()->insetLayout()->addElement(plot->legend, Qt::AlignTop | Qt::AlignRight);
  plot->legend->setLayer(QStringLiteral("legend"));
  for (int i = 0; i < static_cast<int>(results.runs.size()) && i < plot->graphCount(); ++i)
    if (!plot->legend->hasItemWithPlottable(plot->graph(i))) plot->graph(i)->addToLegend();
  plot->legend->setVisible(true);
  plot->replot(QCustomPlot::rpQueuedReplot);
}

void fillChangedJobs(QTableWidget* table, const WhatifResults& results, int limit) {
  struct Row {
    std::size_t job;
    std::size_t policy;
    double before;
    double after;
  };
  std::vector<Row> rows;
  if (!results.runs.empty()) {
    const auto& base = results.runs.front().result.jobs;
    for (std::size_t p = 1; p < results.runs.size(); ++p) {
      const auto& other = results.runs[p].result.jobs;
      for (std::size_t j = 0; j < std::min(base.size(), other.size()); ++j) {
        // A job that never ran on one side changed its fate most of all.
        const double before = base[j].state == JobState::Completed ? waitOf(base[j]) : INFINITY;
        const double after = other[j].state == JobState::Completed ? waitOf(other[j]) : INFINITY;
        if (before != after) rows.push_back({j, p, before, after});
      }
    }
  }
  const auto change = [](const Row& r) {
    const double d = std::abs(r.after - r.before);
    return std::isnan(d) ? 0.0 : d;
  };
  const std::size_t shown = std::min(rows.size(), static_cast<std::size_t>(limit));
  std::partial_sort(rows.begin(), rows.begin() + static_cast<std::ptrdiff_t>(shown), rows.end(),
                    [&](const Row& a, const Row& b) { return change(a) > change(b); });
  table->clearContents();
  table->setColumnCount(6);
  table->setHorizontalHeaderLabels({QCoreApplication::translate("WhatifCharts", "Job"),
                                    QCoreApplication::translate("WhatifCharts", "Arrival (s)"),
                                    QCoreApplication::translate("WhatifCharts", "Policy"),
                                    QCoreApplication::translate("WhatifCharts", "Wait before (s)"),
                                    QCoreApplication::translate("WhatifCharts", "Wait after (s)"),
                                    QCoreApplication::translate("WhatifCharts", "Change (s)")});
  table->setRowCount(static_cast<int>(shown));
  const auto number = [](double v) {
    auto* item = new QTableWidgetItem(std::isinf(v) ? QCoreApplication::translate("WhatifCharts", "never ran")
                                                    : QString::number(v, 'f', 1));
    item->setData(Qt::UserRole, v);
    item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return item;
  };
  for (std::size_t i = 0; i < shown; ++i) {
    const Row& r = rows[i];
    const int row = static_cast<int>(i);
    // The job's name (its number in the workload when it has none) and kind.
    QString job = QStringLiteral("#%1").arg(r.job);
    if (r.job < results.jobNames.size() && !results.jobNames[r.job].empty())
      job = QString::fromStdString(results.jobNames[r.job]);
    if (r.job < results.jobKinds.size())
      job = QCoreApplication::translate("WhatifCharts", "%1 · %2").arg(job, jobKindName(results.jobKinds[r.job]));
    table->setItem(row, 0, new QTableWidgetItem(job));
    table->setItem(row, 1, number(results.runs.front().result.jobs[r.job].arrivalS));
    table->setItem(row, 2, new QTableWidgetItem(QString::fromStdString(results.runs[r.policy].policy)));
    table->setItem(row, 3, number(r.before));
    table->setItem(row, 4, number(r.after));
    QTableWidgetItem* delta = number(r.after - r.before);
    delta->setForeground(r.after < r.before ? betterColor(table->palette()) : worseColor(table->palette()));
    table->setItem(row, 5, delta);
  }
}

}  // namespace hetsched
