#include "report_convert.h"

#include "engine/sched/job_validation.h"
#include "hetsched.pb.h"
#include "proto_convert.h"
#include "sources/cluster/node_report.h"

#include <cstddef>
#include <string>
#include <variant>

namespace hetsched {

void toProto(const NodeReport& r, v1::ResourceMetrics* out) {
  out->set_node_id(r.nodeId);
  out->set_cpu_usage(r.cpuUsage);
  out->set_memory_free_bytes(r.memoryFreeBytes);
  out->set_memory_total_bytes(r.memoryTotalBytes);
  out->set_timestamp_ms(r.timestampMs);
  out->set_net_rx_bytes(r.netRxBytes);
  out->set_net_tx_bytes(r.netTxBytes);
  out->set_period_ms(r.periodMs);
  out->mutable_devices()->Reserve(static_cast<int>(r.devices.size()));
  for (const DeviceReport& d : r.devices) {
    v1::DeviceMetrics* m = out->add_devices();
    m->set_kind(toProto(d.kind));
    m->set_model(d.model);
    m->set_utilization(d.utilization);
    m->set_memory_total_bytes(d.memoryTotalBytes);
    m->set_memory_used_bytes(d.memoryUsedBytes);
    m->set_power_watts(d.powerWatts);
    m->set_temperature_c(d.temperatureC);
    m->set_cores(d.cores);
  }
}

std::variant<NodeReport, FieldError> fromProto(const v1::ResourceMetrics& in, const ReportLimits& limits) {
  // Checked before copying so that an oversized report costs no allocation.
  if (static_cast<std::size_t>(in.devices_size()) > limits.maxDevices)
    return FieldError{"devices", "more than " + std::to_string(limits.maxDevices) + " devices"};
  NodeReport r;
  r.nodeId = in.node_id();
  r.cpuUsage = in.cpu_usage();
  r.memoryFreeBytes = in.memory_free_bytes();
  r.memoryTotalBytes = in.memory_total_bytes();
  r.timestampMs = in.timestamp_ms();
  r.netRxBytes = in.net_rx_bytes();
  r.netTxBytes = in.net_tx_bytes();
  r.periodMs = in.period_ms();
  r.devices.reserve(static_cast<std::size_t>(in.devices_size()));
  for (int i = 0; i < in.devices_size(); ++i) {
    const v1::DeviceMetrics& m = in.devices(i);
    const auto kind = fromProto(m.kind());
    if (!kind) return FieldError{"devices[" + std::to_string(i) + "].kind", "unknown device kind"};
    r.devices.push_back({*kind, m.model(), m.utilization(), m.memory_total_bytes(), m.memory_used_bytes(),
                         m.power_watts(), m.temperature_c(), m.cores()});
  }
  if (auto e = validateNodeReport(r, limits)) return *e;
  return r;
}

}  // namespace hetsched
