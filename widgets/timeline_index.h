#pragma once

#include "base/model/job_timeline.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace hetsched {

class TimelineLayout;

// Segments filed per timeline row, sorted by start, with a running maximum of
// their ends. A time window [t0, t1) then costs two binary searches plus the
// segments that really overlap it, so a repaint visits only what is visible
// however long the history is. Waiting segments are also packed into the
// queue lane's sub-lanes, first-fit by start time.
class TimelineIndex {
 public:
  void rebuild(const JobTimeline& timeline, const TimelineLayout& layout);
  // Re-files the segments after rows changed (collapse/expand) without
  // sorting again.
  void refile(const TimelineLayout& layout);

  // Calls fn(segmentIndex) for every segment of the row overlapping [t0, t1),
  // in start order.
  template <typename Fn>
  void visit(int row, std::int64_t t0, std::int64_t t1, Fn&& fn) const {
    if (row < 0 || static_cast<std::size_t>(row) >= m_rows.size()) return;
    const RowSegments& r = m_rows[static_cast<std::size_t>(row)];
    const std::size_t first = firstEndingAfter(r, t0);
    for (std::size_t i = first; i < r.ids.size(); ++i) {
      const std::uint32_t id = r.ids[i];
      if (m_start[id] >= t1) break;
      if (m_end[id] > t0) fn(id);
    }
  }

  std::int64_t startOf(std::size_t segment) const { return m_start[segment]; }
  // Open segments end at the timeline's now.
  std::int64_t endOf(std::size_t segment) const { return m_end[segment]; }
  int queueLaneOf(std::size_t segment) const { return m_lane[segment]; }
  std::size_t segmentCount() const { return m_start.size(); }
  std::size_t rowSegmentCount(int row) const;

 private:
  struct RowSegments {
    std::vector<std::uint32_t> ids;
    std::vector<std::int64_t> maxEnd;  // running maximum of ends, by position
  };
  static std::size_t firstEndingAfter(const RowSegments& row, std::int64_t t0);

  std::vector<std::int32_t> m_device;
  std::vector<std::int64_t> m_start;
  std::vector<std::int64_t> m_end;
  std::vector<std::int8_t> m_lane;
  std::vector<std::uint32_t> m_byStart;  // all segments, sorted by start
  std::vector<RowSegments> m_rows;
};

}  // namespace hetsched
