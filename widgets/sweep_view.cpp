#include "sweep_view.h"

#include "pareto_plot.h"
#include "policy.pb.h"
#include "sweep_axis_editor.h"
#include "sweep_policy_list.h"
#include "theme.h"
#include "usecases/whatif/policy_parameter.h"
#include "usecases/whatif/sweep_results.h"  // IWYU pragma: keep (m_results->axes, read through a shared_ptr)
#include "usecases/whatif/whatif_metrics.h"
#include "whatif_metrics_model.h"

#include <QCheckBox>
#include <QComboBox>
#include <QEvent>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QStackedWidget>
#include <QToolTip>
#include <QVBoxLayout>
#include <algorithm>
#include <cstddef>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace hetsched {

namespace {

// A grid an operator can still read on one plot, and that two cores run in
// minutes on a cut of the default cluster.
constexpr std::size_t kMaxValuesPerAxis = 200;
constexpr std::size_t kMaxPoints = 2500;

}  // namespace

SweepView::SweepView(QWidget* parent)
    : QWidget(parent),
      m_mode(new QComboBox(this)),
      m_pages(new QStackedWidget(this)),
      m_list(new SweepPolicyList(this)),
      m_replicas(new QSpinBox(this)),
      m_policy(new QComboBox(this)),
      m_first(new SweepAxisEditor(this)),
      m_secondOn(new QCheckBox(tr("and"), this)),
      m_second(new SweepAxisEditor(this)),
      m_x(new QComboBox(this)),
      m_y(new QComboBox(this)),
      m_run(new QPushButton(tr("Run sweep"), this)),
      m_cancel(new QPushButton(tr("Cancel"), this)),
      m_progress(new QProgressBar(this)),
      m_count(new QLabel(this)),
      m_status(new QLabel(this)),
      m_plot(new ParetoPlot(this)) {
  // In Mode order.
  m_mode->addItems({tr("Parameters of one policy"), tr("A list of policies")});
  m_mode->setAccessibleName(tr("What to sweep"));
  m_mode->setToolTip(
      tr("Parameters: one policy over a range of one or two of its parameters. Policies: every "
         "ticked policy once, on the same workload."));
  auto* parameters = new QWidget(m_pages);
  auto* grid = new QGridLayout(parameters);
  grid->setContentsMargins(0, 0, 0, 0);
  m_policy->setAccessibleName(tr("Policy to sweep"));
  m_policy->setToolTip(tr("One of the policies listed on the left; add the editor's to sweep it"));
  grid->addWidget(new QLabel(tr("Policy"), this), 0, 0);
  grid->addWidget(m_policy, 0, 1);
  grid->addWidget(new QLabel(tr("Vary"), this), 1, 0);
  grid->addWidget(m_first, 1, 1);
  m_secondOn->setToolTip(tr("A grid of two parameters: every pair of values"));
  grid->addWidget(m_secondOn, 2, 0);
  grid->addWidget(m_second, 2, 1);
  grid->setColumnStretch(1, 1);
  m_pages->addWidget(parameters);
  m_pages->addWidget(m_list);
  auto* inputs = new QGridLayout;
  inputs->addWidget(new QLabel(tr("Sweep"), this), 0, 0);
  // Beside the mode, not on the metrics' row: that row with it made the
  // window wider than 1024 px (tst_many_clusters).
  auto* modeRow = new QHBoxLayout;
  modeRow->addWidget(m_mode);
  modeRow->addStretch(1);
  modeRow->addWidget(new QLabel(tr("Replicas"), this));
  modeRow->addWidget(m_replicas);
  inputs->addLayout(modeRow, 0, 1);
  inputs->addWidget(m_pages, 1, 0, 1, 2);
  auto* metrics = new QHBoxLayout;
  for (int row = 0; row < static_cast<int>(whatifMetrics().size()); ++row) {
    const std::string_view key = whatifMetrics()[static_cast<std::size_t>(row)].key;
    const QString k = QString::fromLatin1(key.data(), static_cast<qsizetype>(key.size()));
    m_x->addItem(WhatifMetricsModel::label(row), k);
    m_y->addItem(WhatifMetricsModel::label(row), k);
  }
  // As wide as their longest metric, the two made the window wider than
  // 1024 px (tst_many_clusters): they shrink and elide instead.
  for (QComboBox* box : {m_x, m_y}) {
    box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    box->setMinimumContentsLength(14);
  }
  m_x->setAccessibleName(tr("Metric across"));
  m_y->setAccessibleName(tr("Metric up"));
  metrics->addWidget(m_x);
  metrics->addWidget(new QLabel(tr("against"), this));
  metrics->addWidget(m_y);
  metrics->addStretch(1);
  m_replicas->setRange(1, 1000);
  m_replicas->setValue(1);
  m_replicas->setAccessibleName(tr("Replicas per point"));
  m_replicas->setToolTip(
      tr("Above 1: also run every point on this many replicas of the workload (as the Replicas of a what-if) and "
         "plot each metric's median with its 95 % interval as error bars; the front is taken on the medians. "
         "Each replica costs one run per point."));
  inputs->addWidget(new QLabel(tr("Plot"), this), 2, 0);
  inputs->addLayout(metrics, 2, 1);
  inputs->setColumnStretch(1, 1);

  auto* bar = new QHBoxLayout;
  bar->addWidget(m_run);
  bar->addWidget(m_cancel);
  bar->addWidget(m_progress, 1);
  bar->addWidget(m_count);
  m_progress->setRange(0, 1);
  m_progress->setValue(0);
  m_progress->setFormat(tr("%v / %m runs"));
  m_cancel->setEnabled(false);

  auto* top = new QVBoxLayout(this);
  top->addLayout(inputs);
  top->addLayout(bar);
  m_status->setWordWrap(true);
  top->addWidget(m_status);
  m_plot->setAccessibleName(tr("Sweep points and their Pareto front"));
  top->addWidget(m_plot, 1);

  setMetrics(QStringLiteral("wait_avg_s"), QStringLiteral("gpu_allocation_ratio"));  // as hetsched sweep
  m_second->setEnabled(false);
  connect(m_secondOn, &QCheckBox::toggled, this, [this](bool on) {
    m_second->setEnabled(on);
    inputsChanged();
  });
  connect(m_policy, &QComboBox::currentIndexChanged, this, [this](int index) { choosePolicy(index); });
  connect(m_mode, &QComboBox::currentIndexChanged, this, [this](int index) {
    m_pages->setCurrentIndex(index);
    fitPages();
    inputsChanged();
  });
  fitPages();
  connect(m_list, &SweepPolicyList::changed, this, &SweepView::inputsChanged);
  connect(m_replicas, &QSpinBox::valueChanged, this, &SweepView::inputsChanged);
  connect(m_first, &SweepAxisEditor::changed, this, &SweepView::inputsChanged);
  connect(m_second, &SweepAxisEditor::changed, this, &SweepView::inputsChanged);
  connect(m_x, &QComboBox::currentIndexChanged, this, &SweepView::replot);
  connect(m_y, &QComboBox::currentIndexChanged, this, &SweepView::replot);
  connect(m_run, &QPushButton::clicked, this, &SweepView::run);
  connect(m_cancel, &QPushButton::clicked, this, &SweepView::cancel);
  connect(m_plot, &ParetoPlot::pointHovered, this, [this](int index, const QPoint& at) {
    if (index < 0) QToolTip::hideText();
    else QToolTip::showText(at, pointText(index), m_plot);
  });
  connect(m_plot, &ParetoPlot::pointClicked, this, [this](int index) {
    m_plot->setChosen(index);
    Q_EMIT pointChosen(pointPolicy(index),
                       m_results->axes.empty() ? tr("the sweep's point") : tr("sweep point %1").arg(valuesText(index)));
  });
  setPolicies({});
}

void SweepView::fitPages() {
  // A stack is as tall as its tallest page: the hidden one is ignored, so
  // the grid's rows stay together and the plot keeps the height.
  for (int i = 0; i < m_pages->count(); ++i)
    m_pages->widget(i)->setSizePolicy(QSizePolicy::Preferred,
                                      i == m_pages->currentIndex() ? QSizePolicy::Maximum : QSizePolicy::Ignored);
  m_pages->updateGeometry();
}

void SweepView::setMode(Mode mode) { m_mode->setCurrentIndex(static_cast<int>(mode)); }

SweepView::Mode SweepView::mode() const { return static_cast<Mode>(m_mode->currentIndex()); }

void SweepView::setSavedVersions(const std::vector<std::pair<quint64, v1::Policy>>& versions) {
  m_list->setSavedVersions(versions);
  inputsChanged();
}

void SweepView::setReplicas(int replicas) { m_replicas->setValue(replicas); }

int SweepView::replicas() const { return m_replicas->value(); }

void SweepView::setPolicies(const std::vector<v1::Policy>& policies) {
  m_list->setListed(policies);
  const QString kept = m_policy->currentText();
  // A policy just added is the one to sweep; otherwise the choice stays.
  const bool grew = policies.size() > m_policies.size();
  m_policies = policies;
  {
    const QSignalBlocker block(m_policy);
    m_policy->clear();
    for (const v1::Policy& p : m_policies) m_policy->addItem(QString::fromStdString(p.name()));
  }
  const int index = grew ? -1 : m_policy->findText(kept);
  choosePolicy(index >= 0 ? index : m_policy->count() - 1);
}

void SweepView::choosePolicy(int index) {
  if (index < 0 || index >= static_cast<int>(m_policies.size())) {
    m_first->setParameters({});
    m_second->setParameters({});
    inputsChanged();
    return;
  }
  {
    const QSignalBlocker block(m_policy);
    m_policy->setCurrentIndex(index);
  }
  const std::vector<PolicyParameter> parameters = policyParameters(m_policies[static_cast<std::size_t>(index)]);
  // The first parameter the policy sets, else its first; canary settings
  // change nothing a what-if simulates.
  std::size_t preferred = 0;
  for (std::size_t i = parameters.size(); i-- > 0;)
    if (parameters[i].value != 0.0 && !parameters[i].path.starts_with("canary.")) preferred = i;
  m_first->setParameters(parameters, preferred);
  m_second->setParameters(parameters, std::min(preferred + 1, parameters.empty() ? 0 : parameters.size() - 1));
  inputsChanged();
}

void SweepView::setSecondAxis(bool on) { m_secondOn->setChecked(on); }

bool SweepView::setMetrics(const QString& xKey, const QString& yKey) {
  const int x = m_x->findData(xKey), y = m_y->findData(yKey);
  if (x < 0 || y < 0) return false;
  m_x->setCurrentIndex(x);
  m_y->setCurrentIndex(y);
  return true;
}

QString SweepView::xKey() const { return m_x->currentData().toString(); }
QString SweepView::yKey() const { return m_y->currentData().toString(); }

std::vector<SweepAxis> SweepView::axes(QString* why) const {
  const int index = m_policy->currentIndex();
  if (index < 0 || index >= static_cast<int>(m_policies.size())) {
    *why = tr("Add a policy on the left (the editor's, a built-in or a file) to sweep it.");
    return {};
  }
  const v1::Policy& policy = m_policies[static_cast<std::size_t>(index)];
  std::vector<SweepAxis> out;
  std::size_t points = 1;
  for (const SweepAxisEditor* editor : {m_first, m_second}) {
    if (editor == m_second && !m_secondOn->isChecked()) break;
    // The CLI's parser: the same ranges, the same refusals.
    auto axis = parseSweepAxis(editor->text().toStdString(), policy, kMaxValuesPerAxis);
    if (auto* e = std::get_if<std::string>(&axis)) {
      *why = QString::fromStdString(*e);
      return {};
    }
    out.push_back(std::get<SweepAxis>(std::move(axis)));
    points *= out.back().values.size();
  }
  if (out.size() == 2 && out[0].path == out[1].path) {
    *why = tr("Choose two different parameters for a grid.");
    return {};
  }
  if (points > kMaxPoints) {
    *why = tr("%1 points: at most %2 in one sweep; widen the steps.").arg(points).arg(kMaxPoints);
    return {};
  }
  return out;
}

std::vector<v1::Policy> SweepView::listed(QString* why) const {
  std::vector<v1::Policy> out = m_list->ticked();
  if (out.empty()) *why = tr("Tick at least one policy: each is one point, run on the workload on the left.");
  else if (out.size() > kMaxPoints) *why = tr("%1 points: at most %2 in one sweep.").arg(out.size()).arg(kMaxPoints);
  else return out;
  return {};
}

void SweepView::inputsChanged() {
  QString why;
  if (mode() == Mode::Policies) {
    const std::vector<v1::Policy> ticked = listed(&why);
    if (ticked.empty()) {
      m_count->clear();
      if (!m_cancel->isEnabled()) m_run->setEnabled(false);
      m_status->setText(why);
      return;
    }
    m_count->setText(tr("%n point(s)", nullptr, static_cast<int>(ticked.size())));
    if (!m_cancel->isEnabled()) m_run->setEnabled(true);
    if (!m_results)
      m_status->setText(
          tr("Every ticked policy is one point, run on the workload on the left on every core. Run "
             "sweep, then hover a point for its values; click one to load it into the Policies tab's "
             "editor."));
    return;
  }
  const std::vector<SweepAxis> chosen = axes(&why);
  if (chosen.empty()) {
    m_count->clear();
    if (!m_cancel->isEnabled()) m_run->setEnabled(false);
    m_status->setText(why);
    return;
  }
  QStringList sizes;
  std::size_t points = 1;
  for (const SweepAxis& a : chosen) {
    sizes << QString::number(a.values.size());
    points *= a.values.size();
  }
  m_count->setText(
      chosen.size() > 1
          ? tr("%1 = %n point(s)", nullptr, static_cast<int>(points)).arg(sizes.join(QStringLiteral(" × ")))
          : tr("%n point(s)", nullptr, static_cast<int>(points)));
  if (!m_cancel->isEnabled()) m_run->setEnabled(true);
  if (!m_results)
    m_status->setText(
        tr("Every point is the policy with those values, run on the workload on the left on every "
           "core. Run sweep, then hover a point for its values; click one to load it into the "
           "Policies tab's editor."));
}

bool SweepView::run() {
  QString why;
  if (mode() == Mode::Policies) {
    std::vector<v1::Policy> ticked = listed(&why);
    if (ticked.empty()) {
      m_status->setText(why);
      return false;
    }
    setRunning(true);
    m_status->setText(tr("Sweeping %n policies…", nullptr, static_cast<int>(ticked.size())));
    Q_EMIT runRequested(ticked, {}, m_replicas->value());
    return true;
  }
  std::vector<SweepAxis> chosen = axes(&why);
  if (chosen.empty()) {
    m_status->setText(why);
    return false;
  }
  setRunning(true);
  m_status->setText(tr("Sweeping %1…").arg(m_policy->currentText()));
  Q_EMIT runRequested({m_policies[static_cast<std::size_t>(m_policy->currentIndex())]}, chosen, m_replicas->value());
  return true;
}

void SweepView::cancel() {
  if (!m_cancel->isEnabled()) return;
  m_status->setText(tr("Cancelling…"));
  Q_EMIT cancelRequested();
}

void SweepView::setRunning(bool running) {
  m_run->setEnabled(!running);
  m_cancel->setEnabled(running);
  if (running) m_progress->setValue(0);
}

void SweepView::setProgress(int done, int total) {
  m_progress->setRange(0, std::max(1, total));
  m_progress->setValue(done);
}

void SweepView::setFailed(const QString& message) {
  setRunning(false);
  inputsChanged();
  m_status->setText(tr("The sweep failed: %1").arg(message));
}

void SweepView::setCancelled(int done, int total) {
  setRunning(false);
  inputsChanged();
  m_status->setText(tr("Cancelled after %1 of %2 runs.").arg(done).arg(total));
}

QString SweepView::statusText() const { return m_status->text(); }

void SweepView::changeEvent(QEvent* event) {
  QWidget::changeEvent(event);
  if (event->type() != QEvent::PaletteChange) return;
  m_plot->restyle(palette());
  // A plot never laid out has no buffer to draw into; it draws when shown.
  if (m_plot->isVisible()) m_plot->replot(QCustomPlot::rpQueuedReplot);
}

}  // namespace hetsched