#include "alert_conditions.h"

#include "alert_rule.h"
#include "base/model/device_kind.h"
#include "base/model/frame.h"
#include "base/model/job.h"
#include "base/model/topology.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace hetsched {

namespace {

// Per node, its device with the highest reading above the rule's threshold.
void hottest(const AlertRule& rule, const AlertInputs& in, const std::vector<float>& column,
             std::vector<AlertHit>& hits) {
  const Topology& t = *in.topology;
  const Frame& f = *in.frame;
  const auto above = static_cast<float>(rule.above);
  // Node by node: devices of a node are contiguous, so this is one pass
  // over the column with the node's state looked up once per node.
  for (std::uint32_t n = 0; n < t.nodes.size(); ++n) {
    const NodeInfo& node = t.nodes[n];
    if (!f.nodeUp[n]) continue;  // a down node's sensors say nothing; node_down speaks for it
    float most = above;
    for (std::uint32_t d = node.firstDevice; d < node.firstDevice + node.deviceCount; ++d) {
      if (column[d] <= most) continue;
      if (rule.deviceKind && t.kindOf(d) != *rule.deviceKind) continue;
      most = column[d];
    }
    if (most > above) hits.push_back({n, most});
  }
}

}  // namespace

void alertHits(const AlertRule& rule, const AlertInputs& in, std::vector<AlertHit>& hits) {
  hits.clear();
  const Topology& t = *in.topology;
  const Frame& f = *in.frame;
  // A frame from another topology version cannot be read against this one.
  if (f.nodeUp.size() != t.nodes.size() || f.deviceCount() != t.devices.size()) return;
  switch (rule.kind) {
    case AlertRuleKind::NodeDown:
      for (std::uint32_t n = 0; n < f.nodeUp.size(); ++n)
        if (!f.nodeUp[n]) hits.push_back({n, 1.0});
      return;
    case AlertRuleKind::DeviceTemperature: return hottest(rule, in, f.temperatureC, hits);
    case AlertRuleKind::DevicePower: return hottest(rule, in, f.powerWatts, hits);
    case AlertRuleKind::JobWait: {
      const auto c = static_cast<std::size_t>(rule.priorityClass);
      if (in.ages.known && in.ages.longestWaitS[c] > rule.above)
        hits.push_back({static_cast<std::uint32_t>(c), in.ages.longestWaitS[c]});
      return;
    }
    case AlertRuleKind::GpusIdleWhileWaiting: {
      if (f.queue.kinds[index(DeviceKind::Gpu)].queued < std::max(rule.minWaiting, 1u)) return;
      std::uint32_t idle = 0;
      // Whole GPUs with no job at all; a shared GPU's free part is the
      // fragmentation view's (fragmentation_panel), not an alert's.
      for (const NodeInfo& node : t.nodes) {
        if (node.kind != DeviceKind::Gpu) continue;
        const auto n = static_cast<std::size_t>(&node - t.nodes.data());
        if (!f.nodeUp[n]) continue;
        for (std::uint32_t d = node.firstDevice; d < node.firstDevice + node.deviceCount; ++d)
          if (f.job[d] == 0 && t.kindOf(d) == DeviceKind::Gpu) ++idle;
      }
      if (idle > rule.above) hits.push_back({0, static_cast<double>(idle)});
      return;
    }
    case AlertRuleKind::CanaryWorse: {
      const auto& arms = f.queue.arms;
      if (arms.size() < 2) return;
      const ArmSummary& active = arms[0];
      const ArmSummary& candidate = arms[1];
      if (active.startedInWindow < rule.minStarted || candidate.startedInWindow < rule.minStarted) return;
      if (candidate.meanWaitS > active.meanWaitS * (1.0 + rule.marginRatio) + rule.above)
        hits.push_back({static_cast<std::uint32_t>(candidate.policyVersion), candidate.meanWaitS - active.meanWaitS});
      return;
    }
  }
}

std::string alertSubjectName(const AlertRule& rule, std::uint32_t subject, const Topology& topology) {
  switch (rule.kind) {
    case AlertRuleKind::NodeDown:
    case AlertRuleKind::DeviceTemperature:
    case AlertRuleKind::DevicePower:
      return subject < topology.nodes.size() ? topology.nodes[subject].name : "node " + std::to_string(subject);
    case AlertRuleKind::JobWait: return std::string(toString(static_cast<PriorityClass>(subject)));
    case AlertRuleKind::GpusIdleWhileWaiting: return "gpu";
    case AlertRuleKind::CanaryWorse: return "v" + std::to_string(subject);
  }
  return {};
}

}  // namespace hetsched
