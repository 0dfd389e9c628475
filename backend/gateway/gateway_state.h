#pragma once

#include "cluster/cluster_source.h"
#include "frame_hub.h"

#include <mutex>

namespace hetsched {

// The gateway's one copy of the cluster: a source guarded by a mutex, plus
// the hub that fans its frames out. RPC handlers and the ticker share it.
struct GatewayState {
  std::mutex mutex;
  std::unique_ptr<ClusterSource> source;
  v1::Topology topology;  // encoded once per topology version
  FrameHub hub;
};

}  // namespace hetsched
