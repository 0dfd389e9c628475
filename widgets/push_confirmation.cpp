#include "push_confirmation.h"

#include "engine/policy/policy_diff.h"
#include "engine/sim/sim_result.h"
#include "usecases/whatif/whatif_run.h"
#include "workload_text.h"

#include <QCoreApplication>
#include <cstddef>

namespace hetsched {

namespace {

QString percent(double before, double after) {
  if (before == 0.0) return QStringLiteral("—");
  return QStringLiteral("%1%2 %")
      .arg(after >= before ? QStringLiteral("+") : QString())
      .arg((after - before) / before * 100.0, 0, 'f', 1);
}

}  // namespace

QString pushConfirmationText(const v1::Policy& base, const v1::Policy& candidate, int canaryPercent,
                             const WhatifResults* whatif) {
  QString html = QCoreApplication::translate(
                     "PushConfirmation",
                     "<p>Push <b>%1</b> (version %2) to the cluster for <b>%3 %</b> of new jobs first (canary)?</p>")
                     .arg(QString::fromStdString(candidate.name()).toHtmlEscaped())
                     .arg(candidate.version())
                     .arg(canaryPercent);
  const auto changes = diffPolicies(base, candidate);
  html += QCoreApplication::translate("PushConfirmation", "<p>Changes from %1:</p>")
              .arg(QString::fromStdString(base.name()).toHtmlEscaped());
  if (changes.empty()) html += QCoreApplication::translate("PushConfirmation", "<p><i>none</i></p>");
  html += QStringLiteral("<table>");
  for (const PolicyChange& c : changes)
    html += QStringLiteral("<tr><td><tt>%1</tt></td><td>%2</td><td>→ %3</td></tr>")
                .arg(QString::fromStdString(c.field).toHtmlEscaped(), QString::fromStdString(c.before).toHtmlEscaped(),
                     QString::fromStdString(c.after).toHtmlEscaped());
  html += QStringLiteral("</table>");

  const WhatifOutcome* run = nullptr;
  if (whatif && whatif->runs.size() >= 2)
    for (std::size_t i = 1; i < whatif->runs.size(); ++i)
      if (whatif->runs[i].policy == candidate.name()) run = &whatif->runs[i];
  if (!run)
    return html +
           QCoreApplication::translate("PushConfirmation",
                                       "<p>No what-if run compared this policy yet: its effect is not predicted.</p>");
  const SimSummary& a = whatif->runs.front().result.summary;
  const SimSummary& b = run->result.summary;
  html += QCoreApplication::translate("PushConfirmation", "<p>Predicted by the last what-if (%1), against %2:</p>")
              .arg(workloadText(*whatif).toHtmlEscaped(),
                   QString::fromStdString(whatif->runs.front().policy).toHtmlEscaped());
  html += QStringLiteral("<table>");
  const auto row = [&](const QString& label, double before, double after) {
    html += QStringLiteral("<tr><td>%1</td><td>%2</td><td>→ %3</td><td>%4</td></tr>")
                .arg(label)
                .arg(before, 0, 'f', 2)
                .arg(after, 0, 'f', 2)
                .arg(percent(before, after));
  };
  row(QCoreApplication::translate("PushConfirmation", "Wait avg (s)"), a.waitAvgS, b.waitAvgS);
  row(QCoreApplication::translate("PushConfirmation", "Wait P95 (s)"), a.waitP95S, b.waitP95S);
  row(QCoreApplication::translate("PushConfirmation", "JCT avg (s)"), a.jctAvgS, b.jctAvgS);
  row(QCoreApplication::translate("PushConfirmation", "GPU busy"), a.utilization[1], b.utilization[1]);
  row(QCoreApplication::translate("PushConfirmation", "Energy (kWh)"), a.energyJ / 3.6e6, b.energyJ / 3.6e6);
  return html + QStringLiteral("</table>");
}

}  // namespace hetsched
