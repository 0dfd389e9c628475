#pragma once

#include "base/history/device_history.h"
#include "base/history/history_frames.h"
#include "base/model/frame.h"
#include "snapshot_data.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace hetsched {

class SnapshotStore;

// A snapshot's stored history as HistoryFrames: frames decoded one after
// another (one delta each, as a replay plays), the asked devices read out.
class StoreHistoryFrames final : public HistoryFrames {
 public:
  StoreHistoryFrames(SnapshotStore& store, SnapshotId id, std::size_t devices, std::vector<std::int64_t> times);

  std::size_t deviceCount() const override { return m_devices; }
  std::span<const std::int64_t> times() const override { return m_times; }
  std::optional<std::string> read(std::size_t index, std::span<const std::uint32_t> devices,
                                  std::span<DeviceSample> out) override;

 private:
  SnapshotStore& m_store;
  SnapshotId m_id;
  std::size_t m_devices;
  std::vector<std::int64_t> m_times;
  Frame m_frame;
};

}  // namespace hetsched
