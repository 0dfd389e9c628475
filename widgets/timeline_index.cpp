#include "timeline_index.h"

#include "base/model/job_timeline.h"
#include "timeline_layout.h"

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <numeric>

namespace hetsched {

void TimelineIndex::rebuild(const JobTimeline& timeline, const TimelineLayout& layout) {
  const std::size_t n = timeline.segments.size();
  m_device.resize(n);
  m_start.resize(n);
  m_end.resize(n);
  m_lane.assign(n, 0);
  for (std::size_t i = 0; i < n; ++i) {
    const TimelineSegment& s = timeline.segments[i];
    m_device[i] = s.device;
    m_start[i] = s.startMs;
    m_end[i] = s.endMs < 0 ? std::max(timeline.nowMs, s.startMs) : std::max(s.endMs, s.startMs);
  }
  m_byStart.resize(n);
  std::iota(m_byStart.begin(), m_byStart.end(), 0u);
  std::ranges::stable_sort(m_byStart, {}, [this](std::uint32_t i) { return m_start[i]; });

  // First fit into the queue lane's sub-lanes; when all are busy the one
  // freeing up first takes the overlap.
  std::array<std::int64_t, TimelineLayout::kQueueLanes> laneEnd;
  laneEnd.fill(std::numeric_limits<std::int64_t>::min());
  for (const std::uint32_t i : m_byStart) {
    if (m_device[i] >= 0) continue;
    auto lane = std::ranges::find_if(laneEnd, [&](std::int64_t end) { return end <= m_start[i]; });
    if (lane == laneEnd.end()) lane = std::ranges::min_element(laneEnd);
    *lane = std::max(*lane, m_end[i]);
    m_lane[i] = static_cast<std::int8_t>(lane - laneEnd.begin());
  }
  refile(layout);
}

void TimelineIndex::refile(const TimelineLayout& layout) {
  m_rows.assign(layout.rows().size(), {});
  for (const std::uint32_t i : m_byStart) {
    const int row = layout.rowOfDevice(m_device[i]);
    if (row < 0) continue;
    RowSegments& r = m_rows[static_cast<std::size_t>(row)];
    r.maxEnd.push_back(r.ids.empty() ? m_end[i] : std::max(r.maxEnd.back(), m_end[i]));
    r.ids.push_back(i);
  }
}

std::size_t TimelineIndex::rowSegmentCount(int row) const {
  if (row < 0 || static_cast<std::size_t>(row) >= m_rows.size()) return 0;
  return m_rows[static_cast<std::size_t>(row)].ids.size();
}

std::size_t TimelineIndex::firstEndingAfter(const RowSegments& row, std::int64_t t0) {
  // maxEnd never decreases, so everything before this point ends by t0.
  return static_cast<std::size_t>(std::ranges::upper_bound(row.maxEnd, t0) - row.maxEnd.begin());
}

}  // namespace hetsched
