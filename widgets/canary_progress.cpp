#include "canary_progress.h"

#include "base/model/frame.h"
#include "policy.pb.h"
#include "policy_service.pb.h"

#include <QCoreApplication>
#include <cmath>
#include <cstdint>
#include <vector>

namespace hetsched {

namespace {

// lupdate files tr() calls in namespace hetsched under the context "hetsched".
QString tr(const char* text) { return QCoreApplication::translate("hetsched", text); }

QString duration(double seconds) {
  const auto s = static_cast<qint64>(std::max(0.0, std::floor(seconds)));
  if (s < 60) return tr("%1 s").arg(s);
  if (s % 60 == 0) return tr("%1 min").arg(s / 60);
  return tr("%1 min %2 s").arg(s / 60).arg(s % 60);
}

}  // namespace

CanaryProgress canaryProgress(const v1::GetPolicyResponse& state, const std::vector<ArmSummary>& arms,
                              std::int64_t nowMs) {
  CanaryProgress p;
  if (!state.has_candidate()) return p;
  const v1::PolicyVersion& candidate = state.candidate();
  const v1::CanaryRule& rule = candidate.spec().canary();
  p.minS = rule.min_duration_s() > 0.0 ? rule.min_duration_s() : kDefaultCanaryMinS;
  p.minStarts = rule.min_starts() > 0 ? rule.min_starts() : kDefaultCanaryMinStarts;
  p.ranS = std::max<double>(0.0, static_cast<double>(nowMs - candidate.created_ms()) / 1000.0);
  // Arms whose version is not the candidate's belong to an older canary.
  if (arms.size() >= 2 && arms[1].policyVersion == candidate.version()) p.starts = arms[1].running + arms[1].completed;
  return p;
}

QString canaryProgressText(const CanaryProgress& p) {
  return tr("ran %1 of %2, started %3 of %4 jobs")
      .arg(duration(p.ranS), duration(p.minS))
      .arg(p.starts)
      .arg(p.minStarts);
}

QString armComparisonHtml(const std::vector<ArmSummary>& arms) {
  if (arms.size() < 2) return tr("<p>The frames carry no canary arm yet: nothing to compare.</p>");
  const ArmSummary& a = arms[0];
  const ArmSummary& c = arms[1];
  QString html = QStringLiteral("<table cellspacing=\"0\" cellpadding=\"3\"><tr><th></th><th>%1</th><th>%2</th></tr>")
                     .arg(tr("active"), tr("canary"));
  const auto row = [&html](const QString& label, const QString& left, const QString& right) {
    html += QStringLiteral("<tr><td>%1</td><td align=\"right\">%2</td><td align=\"right\">%3</td></tr>")
                .arg(label, left.toHtmlEscaped(), right.toHtmlEscaped());
  };
  row(tr("Version"), QString::number(a.policyVersion), QString::number(c.policyVersion));
  row(tr("Policy"), QString::fromStdString(a.policyName), QString::fromStdString(c.policyName));
  row(tr("Arrivals"), QString::number(a.arrivals), QString::number(c.arrivals));
  row(tr("Running"), QString::number(a.running), QString::number(c.running));
  row(tr("Queued"), QString::number(a.queued), QString::number(c.queued));
  row(tr("Completed"), QString::number(a.completed), QString::number(c.completed));
  row(tr("Preempted"), QString::number(a.preemptions), QString::number(c.preemptions));
  row(tr("Migrated"), QString::number(a.migrations), QString::number(c.migrations));
  const auto wait = [](const ArmSummary& s) {
    return s.startedInWindow == 0 ? tr("no starts")
                                  : tr("%1 s (%2 starts)").arg(s.meanWaitS, 0, 'f', 1).arg(s.startedInWindow);
  };
  row(tr("Mean wait, last %1 s").arg(c.windowS, 0, 'f', 0), wait(a), wait(c));
  return html + QStringLiteral("</table>");
}

}  // namespace hetsched
