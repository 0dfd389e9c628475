#pragma once

namespace hetsched {

struct GatewayState;
class MetricsRegistry;

// /metrics for alerting: hetsched_alert_firing (one sample per firing
// alert, as Prometheus' own ALERTS), and the series the shipped Prometheus
// rules (packaging/prometheus/hetsched-alerts.yml) alert on, so that those
// who alert from Prometheus get the gateway's rules there.
void registerAlertGauges(MetricsRegistry& metrics, GatewayState& state);

}  // namespace hetsched
