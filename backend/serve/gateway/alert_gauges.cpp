#include "alert_gauges.h"

#include "base/model/device_kind.h"
#include "base/model/frame.h"
#include "base/model/job.h"
#include "base/model/queue_ages.h"
#include "base/model/topology.h"
#include "gateway_state.h"
#include "serve/alert/alert.h"
#include "serve/alert/alert_rule.h"
#include "serve/metrics/metrics_registry.h"

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <string>
#include <vector>

namespace hetsched {

namespace {

// Per up node and device kind, the largest reading of a column.
std::vector<GaugeSample> nodeMaxima(GatewayState& state, std::vector<float> Frame::* column) {
  std::lock_guard lock(state.mutex);
  const Topology& t = state.source->topology();
  const Frame& f = state.source->frame();
  std::vector<GaugeSample> out;
  if (f.nodeUp.size() != t.nodes.size() || f.deviceCount() != t.devices.size()) return out;
  const std::vector<float>& values = f.*column;
  for (std::size_t n = 0; n < t.nodes.size(); ++n) {
    if (!f.nodeUp[n]) continue;
    std::array<float, kDeviceKindCount> most{};
    std::array<bool, kDeviceKindCount> seen{};
    const NodeInfo& node = t.nodes[n];
    for (std::uint32_t d = node.firstDevice; d < node.firstDevice + node.deviceCount; ++d) {
      const std::size_t k = index(t.kindOf(d));
      most[k] = seen[k] ? std::max(most[k], values[d]) : values[d];
      seen[k] = true;
    }
    for (const DeviceKind kind : kDeviceKinds)
      if (seen[index(kind)])
        out.push_back({{{"node", node.name}, {"kind", std::string(toString(kind))}}, most[index(kind)]});
  }
  return out;
}

}  // namespace

void registerAlertGauges(MetricsRegistry& metrics, GatewayState& state) {
  metrics.addGauge("hetsched_alert_firing", "1 for each alert the gateway's rules have firing", [&state] {
    std::vector<GaugeSample> out;
    for (const Alert& a : state.alerts.report().alerts) {
      if (a.state != AlertState::Firing) continue;
      out.push_back({{{"rule", a.rule},
                      {"kind", std::string(toString(a.kind))},
                      {"severity", std::string(toString(a.severity))},
                      {"subject", a.subject}},
                     1.0});
    }
    return out;
  });
  metrics.addGauge("hetsched_alert_evaluation_seconds", "Time the last frame's alert evaluation took",
                   [&state] { return std::vector<GaugeSample>{{{}, state.alerts.report().evaluateMs / 1000.0}}; });
  metrics.addGauge("hetsched_node_up", "1 while a node reports, 0 while it is down", [&state] {
    std::lock_guard lock(state.mutex);
    const Topology& t = state.source->topology();
    const Frame& f = state.source->frame();
    std::vector<GaugeSample> out;
    for (std::size_t n = 0; n < t.nodes.size() && n < f.nodeUp.size(); ++n)
      out.push_back({{{"node", t.nodes[n].name}}, f.nodeUp[n] ? 1.0 : 0.0});
    return out;
  });
  metrics.addGauge("hetsched_node_temperature_max_celsius", "Hottest device of a kind on an up node",
                   [&state] { return nodeMaxima(state, &Frame::temperatureC); });
  metrics.addGauge("hetsched_node_power_max_watts", "Most power drawn by one device of a kind on an up node",
                   [&state] { return nodeMaxima(state, &Frame::powerWatts); });
  metrics.addGauge(
      "hetsched_queue_longest_wait_seconds", "Longest wait of a job still waiting, by priority class", [&state] {
        std::lock_guard lock(state.mutex);
        const QueueAges ages = state.source->queueAges();
        std::vector<GaugeSample> out;
        if (!ages.known) return out;
        for (std::size_t c = 0; c < kPriorityClassCount; ++c)
          out.push_back({{{"class", std::string(toString(static_cast<PriorityClass>(c)))}}, ages.longestWaitS[c]});
        return out;
      });
  metrics.addGauge("hetsched_jobs_waiting", "Jobs waiting, by the device kind they are routed to", [&state] {
    std::lock_guard lock(state.mutex);
    const QueueSummary& q = state.source->frame().queue;
    std::vector<GaugeSample> out;
    out.reserve(kDeviceKinds.size());
    for (const DeviceKind kind : kDeviceKinds)
      out.push_back({{{"kind", std::string(toString(kind))}}, static_cast<double>(q.kinds[index(kind)].queued)});
    return out;
  });
  metrics.addGauge("hetsched_gpus_idle", "Whole GPUs on up nodes running no job", [&state] {
    std::lock_guard lock(state.mutex);
    const Topology& t = state.source->topology();
    const Frame& f = state.source->frame();
    double idle = 0;
    if (f.nodeUp.size() == t.nodes.size() && f.deviceCount() == t.devices.size()) {
      for (std::size_t d = 0; d < t.devices.size(); ++d)
        if (t.kindOf(d) == DeviceKind::Gpu && f.nodeUp[t.devices[d].node] && f.job[d] == 0) ++idle;
    }
    return std::vector<GaugeSample>{{{}, idle}};
  });
  const auto armGauge = [&state](double ArmSummary::* field) {
    return [&state, field] {
      std::lock_guard lock(state.mutex);
      const auto& arms = state.source->frame().queue.arms;
      std::vector<GaugeSample> out;
      for (std::size_t i = 0; i < arms.size() && i < 2; ++i)
        out.push_back({{{"arm", i == 0 ? "active" : "candidate"}, {"version", std::to_string(arms[i].policyVersion)}},
                       arms[i].*field});
      return out;
    };
  };
  metrics.addGauge("hetsched_arm_mean_wait_seconds",
                   "Mean wait of the jobs a policy arm started in its window (active, canary candidate)",
                   armGauge(&ArmSummary::meanWaitS));
  metrics.addGauge("hetsched_arm_started_in_window", "Jobs a policy arm started in its window", [&state] {
    std::lock_guard lock(state.mutex);
    const auto& arms = state.source->frame().queue.arms;
    std::vector<GaugeSample> out;
    for (std::size_t i = 0; i < arms.size() && i < 2; ++i)
      out.push_back({{{"arm", i == 0 ? "active" : "candidate"}, {"version", std::to_string(arms[i].policyVersion)}},
                     static_cast<double>(arms[i].startedInWindow)});
    return out;
  });
}

}  // namespace hetsched
