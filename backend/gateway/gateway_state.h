#pragma once

#include "cluster/cluster_source.h"
#include "frame_hub.h"
#include "frame_ring.h"

#include <mutex>

namespace hetsched {

// The gateway's one copy of the cluster: a source guarded by a mutex, plus
// the hub that fans its frames out and the ring of recent ones. RPC handlers and the ticker share it.
struct GatewayState {
  std::mutex mutex;
  std::unique_ptr<ClusterSource> source;
  v1::Topology topology;  // encoded once per topology version
  FrameHub hub;
  FrameRing history;  // the frames published last, for GetSnapshot
};

}  // namespace hetsched
