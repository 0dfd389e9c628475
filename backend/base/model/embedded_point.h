#pragma once

#include "device_kind.h"
#include "job.h"

#include <cstdint>

namespace hetsched {

// One job placed on a 2-D map by the embedding (t-SNE) engine; nearby points
// are jobs that look alike. cluster is the engine's grouping, -1 for none.
struct EmbeddedPoint {
  JobId job = 0;
  float x = 0.0f;
  float y = 0.0f;
  JobKind kind = JobKind::Service;
  DeviceKind deviceKind = DeviceKind::Cpu;
  std::int32_t cluster = -1;

  bool operator==(const EmbeddedPoint&) const = default;
};

}  // namespace hetsched
