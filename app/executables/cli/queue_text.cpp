#include "queue_text.h"

#include "base/model/device_kind.h"
#include "base/model/job.h"
#include "base/model/job_prediction.h"
#include "base/model/quota_standing.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <string>

namespace hetsched::cli {

namespace {

std::string kindName(DeviceKind kind) {
  switch (kind) {
    case DeviceKind::Cpu: return "CPU";
    case DeviceKind::Gpu: return "GPU";
    case DeviceKind::Tpu: return "TPU";
  }
  return "?";
}

std::string resourceName(ShortResource r, DeviceKind kind) {
  switch (r) {
    case ShortResource::Cpu: return kind == DeviceKind::Cpu ? "CPU" : "host CPU";
    case ShortResource::Memory: return "memory";
    case ShortResource::Accelerator: return kindName(kind);
    case ShortResource::Model: return "an allowed " + kindName(kind) + " model";
    case ShortResource::Down: return "being up";
  }
  return "?";
}

std::string format(const char* fmt, auto... args) {
  char buffer[256];
  std::snprintf(buffer, sizeof buffer, fmt, args...);
  return buffer;
}

std::string aheadText(const WaitReason& r) {
  std::string out =
      r.ahead == 0 ? std::string("first in line") : format("%u job%s ahead", r.ahead, r.ahead == 1 ? "" : "s");
  if (r.aheadByClass > 0) out += format(" (%u by priority class)", r.aheadByClass);
  if (r.aged) out += "; aged to " + std::string(toString(r.agedClass));
  return out;
}

double units(std::uint64_t milli) { return static_cast<double>(milli) / 1000.0; }

// "team vision is over its GPU quota: uses 12 (8 guaranteed + 4 borrowed), asks 2, may borrow 0 more"
std::string quotaText(const WaitReason& r) {
  const QuotaStanding& q = r.quota;
  if (q.noQueue && q.team.empty())
    return "held: the job has no team, and the policy holds jobs of teams without a queue";
  if (q.noQueue) return "held: team " + q.team + " has no queue in the policy, which holds such teams";
  if (q.team.empty() && q.usedMilli == 0 && q.guaranteeMilli == 0) return "held by a quota; " + aheadText(r);
  return "team " + q.team + " is over its " + kindName(r.kind) + " quota: " +
         format("uses %g (%g guaranteed + %g borrowed), asks %g, may borrow %g more", units(q.usedMilli),
                units(std::min(q.usedMilli, q.guaranteeMilli)), units(q.borrowedMilli()), units(q.requestMilli),
                units(q.borrowableMilli));
}

}  // namespace

std::string reasonText(const WaitReason& r) {
  const std::string kind = kindName(r.kind);
  switch (r.cause) {
    case WaitCause::Unknown: return "just submitted: not yet seen by the scheduler";
    case WaitCause::NeverFits: return "can never fit: the largest " + kind + " node is too small";
    case WaitCause::Quota: return quotaText(r);
    case WaitCause::NodesDown: return format("all %u %s nodes are down; ", r.nodesOfKind, kind.c_str()) + aheadText(r);
    case WaitCause::Resources: {
      const ShortResource most = r.mostShort();
      std::string text =
          format("no %s node has room: %s short on %u of %u nodes; ", kind.c_str(), resourceName(most, r.kind).c_str(),
                 r.shortOn[static_cast<std::size_t>(most)], r.nodesUp) +
          aheadText(r);
      if (r.keptForIt && r.keptNode >= 0)
        text += "; a node is kept for it (it has waited longest), expected to drain by " + clusterClock(r.keptUntilMs);
      return text;
    }
    case WaitCause::Reserved:
      return format("room only on a node kept for job %llu (it has waited longest) until about ",
                    static_cast<unsigned long long>(r.keptFor)) +
             clusterClock(r.keptUntilMs) + ", and this job would still be running then; " + aheadText(r);
    case WaitCause::Queue:
      return aheadText(r) + format(" (room on %u %s node%s; backfill reaches %u behind a blocked head)",
                                   r.nodesWithRoom, kind.c_str(), r.nodesWithRoom == 1 ? "" : "s", r.backfillDepth);
    case WaitCause::Deferred:
      return format(
                 "deferred by the policy's learned job selector until %s capacity is freed (room on %u node%s "
                 "now); ",
                 kind.c_str(), r.nodesWithRoom, r.nodesWithRoom == 1 ? "" : "s") +
             aheadText(r);
  }
  return "?";
}

std::string clusterClock(std::int64_t ms) {
  const std::int64_t s = ms / 1000;
  return format("%lld:%02lld:%02lld", static_cast<long long>(s / 3600), static_cast<long long>(s / 60 % 60),
                static_cast<long long>(s % 60));
}

std::string predictedStart(const JobPrediction& p, std::int64_t nowMs) {
  if (p.startMs < 0) return "not foreseen";
  const std::int64_t in = (p.startMs - nowMs) / 1000;
  const std::string when =
      in < 60     ? format("%llds", static_cast<long long>(in))
      : in < 3600 ? format("%lldm", static_cast<long long>(in / 60))
                  : format("%lldh%02lldm", static_cast<long long>(in / 3600), static_cast<long long>(in / 60 % 60));
  return clusterClock(p.startMs) + " (in " + when + ")";
}

}  // namespace hetsched::cli
