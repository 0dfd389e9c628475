#include "live_whatif_strip.h"

#include "theme.h"
#include "usecases/whatif/whatif_run.h"
#include "whatif_metrics_model.h"
#include "workload_text.h"

#include <QCheckBox>
#include <QColor>
#include <QCoreApplication>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QVBoxLayout>
#include <cstddef>
#include <memory>
#include <utility>
#include <vector>

namespace hetsched {

namespace {

// Wait and completion time, what the cluster's GPUs do, and who pays. The
// labels are the What-if tab's (WhatifMetricsModel's source texts), so both
// tabs word a metric alike in every language.
struct Shown {
  const char* key;
  const char* label;
};
constexpr Shown kShown[] = {
    {"wait_avg_s", "Wait avg (s)"},       {"wait_p95_s", "Wait P95 (s)"},
    {"jct_p99_s", "JCT P99 (s)"},         {"gpu_allocation_ratio", "GPU allocation ratio"},
    {"slo_violations", "SLO violations"}, {"jain_teams", "Jain index (teams)"},
};

}  // namespace

const std::vector<const char*>& LiveWhatifStrip::keys() {
  static const std::vector<const char*> k = [] {
    std::vector<const char*> out;
    for (const Shown& s : kShown) out.push_back(s.key);
    return out;
  }();
  return k;
}

LiveWhatifStrip::LiveWhatifStrip(QWidget* parent)
    : QFrame(parent),
      m_live(new QCheckBox(tr("Live what-if"), this)),
      m_newCut(new QPushButton(tr("New cut"), this)),
      m_status(new QLabel(this)),
      m_model(new WhatifMetricsModel(this)) {
  setObjectName(QStringLiteral("liveWhatifStrip"));
  setFrameShape(QFrame::StyledPanel);
  auto* top = new QVBoxLayout(this);
  top->setContentsMargins(6, 3, 6, 3);
  top->setSpacing(2);
  auto* row = new QHBoxLayout;
  m_live->setChecked(true);
  m_live->setToolTip(tr("Re-run the what-if of the edited policy against the policy in force on every change"));
  m_live->setAccessibleName(tr("Live what-if"));
  m_newCut->setToolTip(tr("Take the workload again (the cluster's cut now, or the What-if tab's choice)"));
  m_newCut->setAccessibleName(tr("New cut"));
  row->addWidget(m_live);
  for (std::size_t i = 0; i < keys().size(); ++i) {
    auto* cell = new QLabel(this);
    cell->setObjectName(QString(QStringLiteral("live.") + QLatin1String(keys()[i])));
    cell->setTextFormat(Qt::RichText);
    cell->setAlignment(Qt::AlignCenter);
    cell->setWordWrap(true);  // narrow windows wrap a cell rather than widen
    row->addWidget(cell, 1);
    m_cells.push_back(cell);
  }
  row->addWidget(m_newCut);
  top->addLayout(row);
  m_status->setWordWrap(true);
  showAsHint(m_status);
  top->addWidget(m_status);
  connect(m_live, &QCheckBox::toggled, this, &LiveWhatifStrip::liveToggled);
  connect(m_newCut, &QPushButton::clicked, this, &LiveWhatifStrip::newCutRequested);
  fill();
  m_status->setText(tr("Move a slider or edit the policy: the what-if against the policy in force follows."));
}

bool LiveWhatifStrip::live() const { return m_live->isChecked(); }

void LiveWhatifStrip::setUpdating(const QString& what) {
  m_status->setText(what);
  for (QLabel* cell : m_cells) cell->setEnabled(false);  // greyed: about to change
}

void LiveWhatifStrip::setResults(std::shared_ptr<const WhatifResults> results, double seconds, int canaryPercent) {
  m_model->setResults(std::move(results));
  fill();
  const WhatifResults* r = m_model->results();
  const QLocale locale;
  QString status = tr("%1 vs %2 in force, on %3 · %4 ms")
                       .arg(QString::fromStdString(r->runs[1].policy), QString::fromStdString(r->runs[0].policy),
                            workloadText(*r), locale.toString(1000.0 * seconds, 'f', 0));
  if (r->runs.size() > 2)
    status += QLatin1Char(' ') + tr("(second lines: the cluster during a canary of it at %1 %)").arg(canaryPercent);
  m_status->setText(status);
  Q_EMIT shown();
}

void LiveWhatifStrip::setProblem(const QString& text) {
  m_status->setText(text);
  for (QLabel* cell : m_cells) cell->setEnabled(false);
}

void LiveWhatifStrip::fill() {
  const bool have = m_model->results() && m_model->results()->runs.size() >= 2;
  for (std::size_t i = 0; i < m_cells.size(); ++i) {
    QLabel* cell = m_cells[i];
    const int row = m_model->rowOf(QString::fromLatin1(keys()[i]));
    const QString label = QCoreApplication::translate("WhatifMetricsModel", kShown[i].label);
    cell->setEnabled(true);
    if (!have) {
      cell->setText(QStringLiteral("<small>%1</small><br>—").arg(label.toHtmlEscaped()));
      continue;
    }
    // The value and its change, coloured better or worse, as rich text.
    const auto coloured = [&](int column, const QString& format) {
      const QModelIndex value = m_model->index(row, column);
      const QVariant colour = value.data(Qt::ForegroundRole);
      const QString shown = value.data().toString().toHtmlEscaped();
      return colour.isValid() ? QStringLiteral("<span style=\"color:%1\">%2</span>")
                                    .arg(colour.value<QColor>().name(), format.arg(shown))
                              : format.arg(shown);
    };
    QString text =
        QStringLiteral("<small>%1</small><br>").arg(label.toHtmlEscaped()) + coloured(2, QStringLiteral("<b>%1</b>"));
    if (m_model->results()->runs.size() > 2)
      text += QStringLiteral("<br>") + coloured(3, QStringLiteral("<small>%1</small>"));
    cell->setText(text);
    cell->setToolTip(m_model->index(row, 0).data(Qt::ToolTipRole).toString());
  }
}

QString LiveWhatifStrip::cellText(const QString& key) const {
  for (std::size_t i = 0; i < keys().size(); ++i)
    if (key == QLatin1String(keys()[i])) return m_cells[i]->text();
  return {};
}

QString LiveWhatifStrip::statusText() const { return m_status->text(); }

void LiveWhatifStrip::changeEvent(QEvent* event) {
  QFrame::changeEvent(event);
  // Better and worse follow the theme.
  if (event->type() == QEvent::PaletteChange) fill();
}

void LiveWhatifStrip::showEvent(QShowEvent* event) {
  QFrame::showEvent(event);
  Q_EMIT becameVisible();
}

}  // namespace hetsched
