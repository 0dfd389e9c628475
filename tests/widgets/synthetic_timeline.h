#pragma once

// Deterministic job timelines for the view tests and the timeline benchmark:
// every device runs jobs back to back with short gaps, and every job waited
// in the queue before it started.

#include "base/model/job.h"
#include "base/model/job_timeline.h"
#include "base/model/topology.h"

#include <cstddef>
#include <cstdint>
#include <string>

namespace hetsched::testing {

// segmentsWanted counts running and waiting segments together; ids start at 1.
inline JobTimeline makeTimeline(const Topology& topology, std::size_t segmentsWanted, std::int64_t nowMs,
                                std::uint32_t seed = 7) {
  JobTimeline timeline;
  timeline.nowMs = nowMs;
  std::uint64_t state = seed * 2654435761ull + 1;
  auto next = [&state](std::uint32_t bound) {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return static_cast<std::uint32_t>((state >> 33) % bound);
  };
  const std::size_t devices = topology.devices.size();
  const std::size_t perDevice = std::max<std::size_t>(1, (segmentsWanted / 2 + devices - 1) / devices);
  // Spread each device's jobs over the whole history so that a zoomed-out
  // view really holds every segment.
  const std::int64_t slot = nowMs / static_cast<std::int64_t>(perDevice);
  JobId id = 1;
  for (std::size_t d = 0; d < devices && timeline.segments.size() < segmentsWanted; ++d) {
    for (std::size_t k = 0; k < perDevice && timeline.segments.size() + 1 < segmentsWanted; ++k) {
      const std::int64_t start = static_cast<std::int64_t>(k) * slot + next(static_cast<std::uint32_t>(slot / 4 + 1));
      const std::int64_t end =
          k + 1 == perDevice ? -1 : start + slot / 2 + next(static_cast<std::uint32_t>(slot / 4 + 1));
      const std::int64_t submit = std::max<std::int64_t>(0, start - next(static_cast<std::uint32_t>(slot + 1)));
      const auto kind = static_cast<JobKind>(next(kJobKindCount));
      const auto priority = static_cast<PriorityClass>(next(kPriorityClassCount));
      timeline.jobs.push_back({id, "job-" + std::to_string(id), kind, priority, "team-" + std::to_string(id % 5)});
      timeline.segments.push_back({id, -1, submit, start, SegmentKind::Waiting});
      const SegmentKind runKind = k % 17 == 5   ? SegmentKind::Preempted
                                  : k % 23 == 7 ? SegmentKind::Migrated
                                                : SegmentKind::Running;
      timeline.segments.push_back({id, static_cast<std::int32_t>(d), start, end, runKind});
      ++id;
    }
  }
  return timeline;
}

}  // namespace hetsched::testing
