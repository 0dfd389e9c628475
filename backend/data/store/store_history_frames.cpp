#include "store_history_frames.h"

#include "base/history/device_history.h"
#include "snapshot_data.h"
#include "snapshot_store.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace hetsched {

StoreHistoryFrames::StoreHistoryFrames(SnapshotStore& store, SnapshotId id, std::size_t devices,
                                       std::vector<std::int64_t> times)
    : m_store(store), m_id(id), m_devices(devices), m_times(std::move(times)) {}

std::optional<std::string> StoreHistoryFrames::read(std::size_t index, std::span<const std::uint32_t> devices,
                                                    std::span<DeviceSample> out) {
  if (auto error = m_store.frameIndex(m_id, index, &m_frame)) return error->message;
  if (m_frame.deviceCount() != m_devices || m_frame.job.size() != m_devices)
    return std::string("a frame of another device count");
  for (std::size_t k = 0; k < devices.size() && k < out.size(); ++k) {
    const std::size_t i = devices[k];
    out[k] = {m_frame.utilization[i], m_frame.memoryUsed[i], m_frame.powerWatts[i], m_frame.temperatureC[i],
              m_frame.job[i]};
  }
  return std::nullopt;
}

}  // namespace hetsched
