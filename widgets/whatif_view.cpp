#include "whatif_view.h"

#include "policy.pb.h"
#include "qcustomplot_include.h"
#include "sweep_view.h"
#include "theme.h"
#include "usecases/whatif/fidelity.h"
#include "usecases/whatif/whatif_replicas.h"
#include "usecases/whatif/whatif_run.h"
#include "whatif_charts.h"
#include "whatif_metrics_model.h"
#include "whatif_teams_table.h"
#include "workload_text.h"

#include <QFile>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QVBoxLayout>
#include <memory>
#include <utility>
#include <vector>

namespace hetsched {

WhatifView::WhatifView(QWidget* parent)
    : QWidget(parent),
      m_run(new QPushButton(tr("Run"), this)),
      m_cancel(new QPushButton(tr("Cancel"), this)),
      m_replicas(new QSpinBox(this)),
      m_progress(new QProgressBar(this)),
      m_status(new QLabel(this)),
      m_fidelity(new QLabel(this)),
      m_metrics(new WhatifMetricsModel(this)),
      m_metricsView(new QTableView(this)),
      m_cdf(new QCustomPlot(this)),
      m_utilisation(new QCustomPlot(this)),
      m_changed(new QTableWidget(this)),
      m_teams(new QTableWidget(this)),
      m_sweep(new SweepView(this)) {
  auto* split = new QSplitter(Qt::Horizontal, this);
  split->setObjectName(QStringLiteral("whatifSplitter"));
  split->addWidget(buildInputs());

  auto* right = new QWidget(this);
  auto* rl = new QVBoxLayout(right);
  auto* bar = new QHBoxLayout;
  auto* exportCsvButton = new QPushButton(tr("Export CSV…"), this);
  auto* exportChartsButton = new QPushButton(tr("Export charts…"), this);
  m_replicas->setRange(1, 1000);
  m_replicas->setValue(kDefaultReplicas);
  m_replicas->setAccessibleName(tr("Replicas"));
  m_replicas->setToolTip(
      tr("Besides the run shown, run every policy on this many replicas of the workload (arrivals resampled in "
         "blocks, runtimes from the estimator's errors) and show each metric's median and 95 % interval; a "
         "difference from the first policy is marked significant (bold, coloured, *) only when its paired interval "
         "excludes zero. 1: the single run only."));
  bar->addWidget(m_run);
  bar->addWidget(m_cancel);
  bar->addWidget(m_progress, 1);
  bar->addWidget(exportCsvButton);
  bar->addWidget(exportChartsButton);
  rl->addLayout(bar);
  m_status->setWordWrap(true);
  rl->addWidget(m_status);
  m_fidelity->setWordWrap(true);
  m_fidelity->setStyleSheet(QStringLiteral("QLabel { color: #3a4a5e; font-style: italic; }"));
  m_fidelity->hide();
  rl->addWidget(m_fidelity);
  m_metricsView->setModel(m_metrics);
  m_metricsView->setAccessibleName(tr("Metrics per policy"));
  m_changed->setAccessibleName(tr("Jobs that changed most"));
  m_metricsView->verticalHeader()->setVisible(false);
  // A cell with an interval and a difference may need two lines.
  m_metricsView->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  m_metricsView->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
  m_metricsView->setAlternatingRowColors(true);
  m_changed->verticalHeader()->setVisible(false);
  m_changed->setEditTriggers(QAbstractItemView::NoEditTriggers);
  m_changed->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
  m_teams->setAccessibleName(tr("Teams: wait, share and quota use per policy"));
  m_teams->verticalHeader()->setVisible(false);
  m_teams->setEditTriggers(QAbstractItemView::NoEditTriggers);
  m_teams->setAlternatingRowColors(true);
  m_teams->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  for (QCustomPlot* plot : {m_cdf, m_utilisation}) {
    plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    plot->legend->setFont(font());
  }
  m_cdf->xAxis->setScaleType(QCPAxis::stLinear);
  for (QCustomPlot* plot : {m_cdf, m_utilisation}) stylePlot(plot, palette());
  auto* results = new QTabWidget(this);
  results->addTab(m_metricsView, tr("Metrics"));
  results->addTab(m_cdf, tr("Wait CDF"));
  results->addTab(m_utilisation, tr("Utilisation"));
  results->addTab(m_changed, tr("Jobs that changed most"));
  results->addTab(m_teams, tr("Teams"));
  results->addTab(m_sweep, tr("Sweep"));
  connect(m_sweep, &SweepView::runRequested, this,
          [this](const std::vector<v1::Policy>& policies, const std::vector<SweepAxis>& axes, int replicas) {
            Q_EMIT sweepRequested(source(), policies, axes, replicas);
          });
  rl->addWidget(results, 1);
  split->addWidget(right);
  split->setStretchFactor(1, 3);
  auto* top = new QVBoxLayout(this);
  top->addWidget(split);

  m_progress->setRange(0, 100);
  m_progress->setValue(0);
  m_cancel->setEnabled(false);
  showWhatIsMissing();
  connect(m_run, &QPushButton::clicked, this, &WhatifView::run);
  connect(m_cancel, &QPushButton::clicked, this, &WhatifView::cancel);
  connect(exportCsvButton, &QPushButton::clicked, this, [this] {
    const QString path = QFileDialog::getSaveFileName(this, tr("Export metrics"), {}, tr("CSV (*.csv)"));
    if (!path.isEmpty() && !exportCsv(path))
      QMessageBox::warning(this, tr("Export metrics"), tr("Cannot write %1.").arg(path));
  });
  connect(exportChartsButton, &QPushButton::clicked, this, [this] {
    QString selected;
    const QString path =
        QFileDialog::getSaveFileName(this, tr("Export charts"), {}, tr("PNG (*.png);;PDF (*.pdf)"), &selected);
    if (path.isEmpty()) return;
    const QString ext = selected.contains(QStringLiteral("pdf")) ? QStringLiteral("pdf") : QStringLiteral("png");
    const QString base = path.endsWith(QLatin1Char('.') + ext) ? path.chopped(ext.size() + 1) : path;
    if (!exportCharts(base, ext)) QMessageBox::warning(this, tr("Export charts"), tr("Cannot write %1.").arg(base));
  });
}

bool WhatifView::run() {
  if (m_policies.size() < 2) {
    m_status->setText(tr("Choose at least two policies to compare."));
    return false;
  }
  setRunning(true);
  m_status->setText(replicas() > 1 ? tr("Running %n policies, then each on %1 replicas…", nullptr,
                                        static_cast<int>(m_policies.size()))
                                         .arg(replicas())
                                   : tr("Running %n policies…", nullptr, static_cast<int>(m_policies.size())));
  Q_EMIT runRequested(source(), m_policies);
  return true;
}

void WhatifView::changeEvent(QEvent* event) {
  QWidget::changeEvent(event);
  if (event->type() != QEvent::PaletteChange) return;
  for (QCustomPlot* plot : {m_cdf, m_utilisation}) {
    stylePlot(plot, palette());
    plot->replot(QCustomPlot::rpQueuedReplot);
  }
  if (m_results) fillChangedJobs(m_changed, *m_results);  // better/worse colours follow the palette
}

void WhatifView::cancel() {
  if (!m_cancel->isEnabled()) return;  // nothing running
  m_status->setText(tr("Cancelling…"));
  Q_EMIT cancelRequested();
}

int WhatifView::replicas() const { return m_replicas->value(); }

void WhatifView::setReplicas(int replicas) { m_replicas->setValue(replicas); }

void WhatifView::policiesEdited() {
  m_sweep->setPolicies(m_policies);
  showWhatIsMissing();
}

void WhatifView::showWhatIsMissing() {
  // After a run the line keeps describing the results on screen.
  if (m_results || m_cancel->isEnabled()) return;
  if (m_policies.empty()) m_status->setText(tr("Choose a workload and at least two policies, then Run."));
  else if (m_policies.size() == 1)
    m_status->setText(tr("Add a candidate to compare with %1 (a built-in, a file or the editor's policy), then Run.")
                          .arg(QString::fromStdString(m_policies.front().name())));
  else
    m_status->setText(
        tr("Run (Ctrl+R) compares %n policies against the first.", nullptr, static_cast<int>(m_policies.size())));
}

void WhatifView::setReplicaResults(const std::shared_ptr<const ReplicaResults>& replicas) {
  if (!m_results || !replicas) return;
  m_metrics->setReplicas(replicas);
  if (!m_metrics->replicas()) return;  // not of the results shown
  m_status->setText(m_status->text() + QLatin1Char(' ') +
                    tr("Each metric: median (95 % interval) over %n replica(s); Δ: the paired difference from the "
                       "first policy, bold and coloured with * only when significant.",
                       nullptr, static_cast<int>(replicas->replicas)));
}

void WhatifView::setRunning(bool running) {
  m_run->setEnabled(!running);
  m_replicas->setEnabled(!running);
  m_cancel->setEnabled(running);
  if (running) m_progress->setValue(0);
}

void WhatifView::setProgress(int percent) { m_progress->setValue(percent); }

void WhatifView::setResults(std::shared_ptr<const WhatifResults> results) {
  setRunning(false);
  m_progress->setValue(100);
  m_results = std::move(results);
  m_metrics->setResults(m_results);
  plotWaitCdf(m_cdf, *m_results);
  plotUtilisation(m_utilisation, *m_results);
  fillChangedJobs(m_changed, *m_results);
  fillTeamsTable(m_teams, *m_results);
  // The utilisation chart's panels are new: style them for the theme.
  for (QCustomPlot* plot : {m_cdf, m_utilisation}) {
    stylePlot(plot, palette());
    plot->replot(QCustomPlot::rpQueuedReplot);
  }
  m_status->setText(tr("%1 — %n policies compared; colours: blue better, orange worse than %2.", nullptr,
                       static_cast<int>(m_results->runs.size()))
                        .arg(workloadText(*m_results),
                             m_results->runs.empty() ? QString() : QString::fromStdString(m_results->runs[0].policy)));
  m_fidelity->setText(fidelityText(*m_results));
  m_fidelity->setVisible(!m_fidelity->text().isEmpty());
}

QString WhatifView::statusShown() const { return m_status->text(); }

QString WhatifView::fidelityShown() const { return m_fidelity->isVisibleTo(this) ? m_fidelity->text() : QString(); }

QString WhatifView::fidelityText(const WhatifResults& results) {
  if (!results.fidelityProblem.empty())
    return tr("How well the engine reproduces this snapshot is unknown: %1")
        .arg(QString::fromStdString(results.fidelityProblem));
  if (!results.fidelity) return {};
  const FidelityReport& f = *results.fidelity;
  const QLocale locale;
  if (f.all.jobs == 0)
    return tr("Fidelity: no job started within this snapshot's recorded %1 s, so how closely the engine reproduces "
              "it cannot be measured.")
        .arg(locale.toString(f.periodEndS - f.periodStartS, 'f', 0));
  const double minutes = (f.periodEndS - f.periodStartS) / 60.0;
  return tr("Fidelity: the engine reproduces this snapshot's past %1 min (%n job(s)) with P95 start error %2 s, "
            "%3 % on the same node%4.",
            nullptr, static_cast<int>(f.all.jobs))
      .arg(locale.toString(minutes, 'f', 0), locale.toString(f.all.errorP95S, 'f', 1),
           locale.toString(100.0 * f.all.sameNodeShare(), 'f', 1),
           f.exact() ? tr(": an exact reproduction") : tr(": predictions here are only as close as that"));
}

void WhatifView::setFailed(const QString& message) {
  m_fidelity->hide();
  setRunning(false);
  m_status->setText(tr("The what-if run failed: %1").arg(message));
}

void WhatifView::setCancelled() {
  setRunning(false);
  m_progress->setValue(0);
  m_status->setText(tr("Cancelled."));
}

bool WhatifView::exportCsv(const QString& path) const {
  QFile file(path);
  if (!m_results || !file.open(QIODevice::WriteOnly | QIODevice::Truncate | QIODevice::Text)) return false;
  return file.write(m_metrics->toCsv().toUtf8()) >= 0;
}

bool WhatifView::exportCharts(const QString& base, const QString& ext) const {
  if (!m_results) return false;
  constexpr int kWidth = 1000;
  constexpr int kHeight = 600;
  const QString cdf = base + QStringLiteral("-wait-cdf.") + ext;
  const QString util = base + QStringLiteral("-utilisation.") + ext;
  if (ext == QLatin1String("pdf"))
    return m_cdf->savePdf(cdf, kWidth, kHeight) && m_utilisation->savePdf(util, kWidth, kHeight);
  return m_cdf->savePng(cdf, kWidth, kHeight) && m_utilisation->savePng(util, kWidth, kHeight);
}

}  // namespace hetsched
