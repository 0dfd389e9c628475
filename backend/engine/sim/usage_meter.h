#pragma once

#include "base/model/device_kind.h"
#include "base/model/topology.h"
#include "engine/core/capacity_state.h"
#include "sim_result.h"

#include <array>
#include <cstdint>
#include <utility>
#include <vector>

namespace hetsched {

// Integrates what the cluster does between events: busy devices and
// allocated capacity per kind, and power from each device's model,
// P = idle + (tdp - idle) * util with util = allocated share of the device.
// Everything is kept as running sums, so an event costs O(devices touched).
class UsageMeter {
 public:
  UsageMeter(const Topology& topology, const CapacityState& state, double sampleIntervalS, std::uint32_t maxSamples);

  // Call after the state allocates / releases; a device was idle when its
  // free capacity was all of it.
  void afterAllocate(const Placement& placement, const CapacityState& state);
  void afterRelease(const Placement& placement, const CapacityState& state);

  // Moves the clock to `t`; samples due before `t` see the state as it was.
  void advance(double t, std::uint32_t queued, std::uint32_t running);
  void finish(std::uint32_t queued, std::uint32_t running);

  // Marks the last arrival: allocation() keeps averaging to the end of the
  // run, allocationDuringArrivals() stops here. Over a makespan that
  // month-long jobs stretch, only the window in which load arrives shows
  // whether a policy keeps devices busy while there is work to place.
  void closeArrivalWindow();
  std::array<double, kDeviceKindCount> allocationDuringArrivals() const;

  double startS() const { return m_start; }
  double energyJ() const { return m_energy; }
  // Allocated capacity of a kind integrated over time, in milli-device
  // seconds (1000 x 3600 is one device-hour).
  double allocatedMilliSeconds(DeviceKind kind) const { return m_allocTime[index(kind)]; }
  double capacityMilli(DeviceKind kind) const { return m_capacityMilli[index(kind)]; }
  double powerW() const { return m_idleW + m_dynamicW; }
  // Time-averages over [start, now].
  std::array<double, kDeviceKindCount> utilization() const;
  std::array<double, kDeviceKindCount> allocation() const;
  std::vector<TimeSample> takeSeries() { return std::move(m_series); }

 private:
  void sample(double t, std::uint32_t queued, std::uint32_t running);
  double dynamicOf(std::uint32_t device) const { return m_dynamicPerMilli[device]; }

  const Topology& m_topology;
  std::vector<double> m_dynamicPerMilli;  // (tdp - idle) / capacity
  double m_idleW = 0.0;
  double m_dynamicW = 0.0;
  std::array<double, kDeviceKindCount> m_devices{};
  std::array<double, kDeviceKindCount> m_capacityMilli{};
  std::array<double, kDeviceKindCount> m_busy{};
  std::array<double, kDeviceKindCount> m_allocatedMilli{};
  std::array<double, kDeviceKindCount> m_busyTime{};
  std::array<double, kDeviceKindCount> m_allocTime{};
  std::array<double, kDeviceKindCount> m_arrivalAllocTime{};
  double m_arrivalEnd = -1.0;
  double m_energy = 0.0;
  double m_start = -1.0;
  double m_now = 0.0;
  double m_interval;
  double m_nextSample = 0.0;
  std::uint32_t m_maxSamples;
  std::vector<TimeSample> m_series;
};

}  // namespace hetsched
