#include "wait_reason_text.h"

#include "base/model/device_kind.h"
#include "base/model/job.h"
#include "base/model/job_prediction.h"
#include "base/model/quota_standing.h"
#include "job_style.h"

#include <QCoreApplication>
#include <algorithm>
#include <cstddef>
#include <cstdint>

namespace hetsched {

namespace {

// The translation context of these strings ("WaitReasonText").
struct WaitReasonText {
  Q_DECLARE_TR_FUNCTIONS(WaitReasonText)
};

QString kindName(DeviceKind kind) {
  switch (kind) {
    case DeviceKind::Cpu: return WaitReasonText::tr("CPU");
    case DeviceKind::Gpu: return WaitReasonText::tr("GPU");
    case DeviceKind::Tpu: return WaitReasonText::tr("TPU");
  }
  return {};
}

QString resourceName(ShortResource r, DeviceKind kind) {
  switch (r) {
    case ShortResource::Cpu:
      return kind == DeviceKind::Cpu ? WaitReasonText::tr("CPU") : WaitReasonText::tr("host CPU");
    case ShortResource::Memory: return WaitReasonText::tr("memory");
    case ShortResource::Accelerator: return kindName(kind);
    case ShortResource::Model: return WaitReasonText::tr("an allowed %1 model").arg(kindName(kind));
    case ShortResource::Down: return WaitReasonText::tr("nodes up");
  }
  return {};
}

QString classText(PriorityClass c) { return priorityName(c); }

QString aheadText(const WaitReason& r) {
  QString out = r.ahead == 0 ? WaitReasonText::tr("first in line")
                             : WaitReasonText::tr("%n job(s) ahead", nullptr, static_cast<int>(r.ahead));
  if (r.aheadByClass > 0)
    out += WaitReasonText::tr(" (%n by priority class)", nullptr, static_cast<int>(r.aheadByClass));
  if (r.aged) out += WaitReasonText::tr(" · aged to %1").arg(classText(r.agedClass));
  return out;
}

QString amount(std::uint64_t milli) { return QString::number(static_cast<double>(milli) / 1000.0, 'g', 7); }

// "Team vision is over its GPU quota: uses 12 (8 guaranteed + 4 borrowed),
// asks 2, may borrow 0 more".
QString quotaText(const WaitReason& r) {
  const QuotaStanding& q = r.quota;
  if (q.noQueue && q.team.empty())
    return WaitReasonText::tr("Held: the job has no team, and the policy holds jobs of teams without a queue");
  const QString team = QString::fromStdString(q.team);
  if (q.noQueue)
    return WaitReasonText::tr("Held: team %1 has no queue in the policy, which holds such teams").arg(team);
  if (q.team.empty() && q.usedMilli == 0 && q.guaranteeMilli == 0)
    return WaitReasonText::tr("Held by a quota · %1").arg(aheadText(r));
  return WaitReasonText::tr(
             "Team %1 is over its %2 quota: uses %3 (%4 guaranteed + %5 borrowed), asks %6, may borrow %7 more")
      .arg(team, kindName(r.kind), amount(q.usedMilli), amount(std::min(q.usedMilli, q.guaranteeMilli)),
           amount(q.borrowedMilli()), amount(q.requestMilli), amount(q.borrowableMilli));
}

}  // namespace

QString waitReasonText(const WaitReason& r) {
  const QString kind = kindName(r.kind);
  switch (r.cause) {
    case WaitCause::Unknown: return WaitReasonText::tr("Just submitted: not yet seen by the scheduler");
    case WaitCause::NeverFits: return WaitReasonText::tr("Can never fit: the largest %1 node is too small").arg(kind);
    case WaitCause::Quota: return quotaText(r);
    case WaitCause::NodesDown:
      return WaitReasonText::tr("All %1 %2 nodes are down · %3").arg(r.nodesOfKind).arg(kind, aheadText(r));
    case WaitCause::Resources: {
      const ShortResource most = r.mostShort();
      QString text = WaitReasonText::tr("No %1 node has room: %2 short on %3 of %4 nodes · %5")
                         .arg(kind, resourceName(most, r.kind))
                         .arg(r.shortOn[static_cast<std::size_t>(most)])
                         .arg(r.nodesUp)
                         .arg(aheadText(r));
      if (r.keptForIt && r.keptNode >= 0)
        text += WaitReasonText::tr(" · a node is kept for it (it has waited longest), expected to drain by %1")
                    .arg(clockText(r.keptUntilMs));
      return text;
    }
    case WaitCause::Reserved:
      // The cause first: the column is read at a glance and cut at its width.
      return WaitReasonText::tr(
                 "Room only on a node kept for job %1 (it has waited longest) until about %2; this job would "
                 "still be running then · %3")
          .arg(QString::number(r.keptFor), clockText(r.keptUntilMs), aheadText(r));
    case WaitCause::Queue:
      return WaitReasonText::tr("%1 · room on %n %2 node(s), but its turn has not come", nullptr,
                                static_cast<int>(r.nodesWithRoom))
          .arg(aheadText(r), kind);
    case WaitCause::Deferred:
      // The cause first: the column is read at a glance and cut at its width.
      return WaitReasonText::tr(
                 "Deferred by the learned policy until %2 capacity is freed · %1 · room on "
                 "%n %2 node(s)",
                 nullptr, static_cast<int>(r.nodesWithRoom))
          .arg(aheadText(r), kind);
  }
  return {};
}

}  // namespace hetsched
