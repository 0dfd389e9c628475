#include "usage_meter.h"

#include "base/model/device_kind.h"
#include "base/model/device_model.h"
#include "base/model/topology.h"
#include "engine/core/capacity_state.h"
#include "sim_result.h"

#include <array>
#include <cstddef>
#include <cstdint>

namespace hetsched {

UsageMeter::UsageMeter(const Topology& topology, const CapacityState& state, double sampleIntervalS,
                       std::uint32_t maxSamples)
    : m_topology(topology),
      m_dynamicPerMilli(topology.devices.size()),
      m_interval(sampleIntervalS),
      m_maxSamples(maxSamples) {
  for (std::uint32_t d = 0; d < topology.devices.size(); ++d) {
    const DeviceModel& model = topology.modelOf(d);
    const std::size_t k = index(model.kind);
    m_idleW += model.idleWatts;
    m_devices[k] += 1.0;
    m_capacityMilli[k] += state.capacityMilli(d);
    m_dynamicPerMilli[d] = (model.tdpWatts - model.idleWatts) / state.capacityMilli(d);
  }
}

void UsageMeter::afterAllocate(const Placement& p, const CapacityState& state) {
  for (std::size_t i = 0; i < p.devices.size(); ++i) {
    const std::uint32_t d = p.devices[i];
    const std::size_t k = index(m_topology.kindOf(d));
    if (p.milli[i] > 0 && state.freeMilli(d) + p.milli[i] == state.capacityMilli(d)) m_busy[k] += 1.0;
    m_allocatedMilli[k] += p.milli[i];
    m_dynamicW += dynamicOf(d) * p.milli[i];
  }
}

void UsageMeter::afterRelease(const Placement& p, const CapacityState& state) {
  for (std::size_t i = 0; i < p.devices.size(); ++i) {
    const std::uint32_t d = p.devices[i];
    const std::size_t k = index(m_topology.kindOf(d));
    if (p.milli[i] > 0 && state.freeMilli(d) == state.capacityMilli(d)) m_busy[k] -= 1.0;
    m_allocatedMilli[k] -= p.milli[i];
    m_dynamicW -= dynamicOf(d) * p.milli[i];
  }
}

void UsageMeter::sample(double t, std::uint32_t queued, std::uint32_t running) {
  if (m_series.size() >= m_maxSamples) return;
  TimeSample s;
  s.timeS = t;
  for (std::size_t k = 0; k < kDeviceKindCount; ++k) {
    s.busy[k] = m_devices[k] > 0 ? m_busy[k] / m_devices[k] : 0.0;
    s.allocated[k] = m_capacityMilli[k] > 0 ? m_allocatedMilli[k] / m_capacityMilli[k] : 0.0;
  }
  s.powerW = powerW();
  s.queued = queued;
  s.running = running;
  m_series.push_back(s);
}

void UsageMeter::advance(double t, std::uint32_t queued, std::uint32_t running) {
  if (m_start < 0.0) {
    m_start = m_now = m_nextSample = t;
    return;
  }
  if (t <= m_now) return;
  if (m_interval > 0.0) {
    while (m_nextSample < t && m_series.size() < m_maxSamples) {
      sample(m_nextSample, queued, running);
      m_nextSample += m_interval;
    }
  }
  const double dt = t - m_now;
  m_energy += (m_idleW + m_dynamicW) * dt;
  for (std::size_t k = 0; k < kDeviceKindCount; ++k) {
    m_busyTime[k] += m_busy[k] * dt;
    m_allocTime[k] += m_allocatedMilli[k] * dt;
  }
  m_now = t;
}

void UsageMeter::closeArrivalWindow() {
  if (m_arrivalEnd >= 0.0) return;
  m_arrivalEnd = m_now;
  m_arrivalAllocTime = m_allocTime;
}

std::array<double, kDeviceKindCount> UsageMeter::allocationDuringArrivals() const {
  // Without a closed window (no arrivals yet) the whole run is the window.
  const double end = m_arrivalEnd >= 0.0 ? m_arrivalEnd : m_now;
  const auto& alloc = m_arrivalEnd >= 0.0 ? m_arrivalAllocTime : m_allocTime;
  std::array<double, kDeviceKindCount> out{};
  const double span = end - m_start;
  for (std::size_t k = 0; k < kDeviceKindCount; ++k)
    out[k] = span > 0 && m_capacityMilli[k] > 0 ? alloc[k] / (m_capacityMilli[k] * span) : 0.0;
  return out;
}

void UsageMeter::finish(std::uint32_t queued, std::uint32_t running) {
  if (m_interval > 0.0 && m_start >= 0.0 && m_nextSample <= m_now) sample(m_now, queued, running);
}

std::array<double, kDeviceKindCount> UsageMeter::utilization() const {
  std::array<double, kDeviceKindCount> out{};
  const double span = m_now - m_start;
  for (std::size_t k = 0; k < kDeviceKindCount; ++k)
    out[k] = span > 0 && m_devices[k] > 0 ? m_busyTime[k] / (m_devices[k] * span) : 0.0;
  return out;
}

std::array<double, kDeviceKindCount> UsageMeter::allocation() const {
  std::array<double, kDeviceKindCount> out{};
  const double span = m_now - m_start;
  for (std::size_t k = 0; k < kDeviceKindCount; ++k)
    out[k] = span > 0 && m_capacityMilli[k] > 0 ? m_allocTime[k] / (m_capacityMilli[k] * span) : 0.0;
  return out;
}

}  // namespace hetsched
