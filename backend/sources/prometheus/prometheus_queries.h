#pragma once

#include "prom_result.h"
#include "prometheus_api.h"

#include <string>
#include <variant>
#include <vector>

namespace hetsched::promql {

// The expressions the prometheus source reads, shared with history so that
// a replayed range shows exactly what the live view showed.
inline std::string cpuUsage(const std::string& window) {
  return "1 - avg by (instance) (rate(node_cpu_seconds_total{mode=\"idle\"}[" + window + "]))";
}
inline const std::string kCpuCount = "count by (instance) (node_cpu_seconds_total{mode=\"idle\"})";
inline const std::string kNodeNames = "node_uname_info";
inline const std::string kUp = "up";
inline const std::string kMemTotal = "node_memory_MemTotal_bytes";
inline const std::string kMemAvailable = "node_memory_MemAvailable_bytes";
// dcgm-exporter: utilisation in percent, framebuffer in MiB, power in W.
inline const std::string kGpuUtil = "DCGM_FI_DEV_GPU_UTIL";
inline const std::string kGpuFbUsed = "DCGM_FI_DEV_FB_USED";
inline const std::string kGpuFbFree = "DCGM_FI_DEV_FB_FREE";
inline const std::string kGpuPower = "DCGM_FI_DEV_POWER_USAGE";
inline const std::string kGpuTemp = "DCGM_FI_DEV_GPU_TEMP";

}  // namespace hetsched::promql

namespace hetsched {

// History for snapshot and replay: CPU use per node_exporter instance and
// GPU utilisation (0..100) per Hostname/gpu, over [start, end] (Unix s).
std::variant<std::vector<PromSeries>, PromError> cpuUsageHistory(PrometheusApi& api, const std::string& window,
                                                                 double start, double end, double step);
std::variant<std::vector<PromSeries>, PromError> gpuUtilizationHistory(PrometheusApi& api, double start, double end,
                                                                       double step);

}  // namespace hetsched
