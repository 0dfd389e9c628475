#pragma once

#include "alert_board.h"
#include "audit_log.h"
#include "base/model/topology.h"
#include "call_gate.h"
#include "frame_hub.h"
#include "frame_ring.h"
#include "hetsched.pb.h"
#include "policy_book.h"
#include "prediction_board.h"
#include "sources/cluster/cluster_source.h"
#include "state_file.h"
#include "stream_slots.h"

#include <grpcpp/support/byte_buffer.h>
#include <memory>
#include <mutex>
#include <optional>

namespace hetsched {

// The gateway's one copy of the cluster: a source guarded by a mutex, plus
// the hub that fans its frames out and the ring of recent ones. RPC handlers
// and the ticker share it. The policy book changes only under `mutex`,
// together with the source, so the two never disagree; tokens are fixed at
// start; the log and the gate lock themselves.
struct GatewayState {
  std::mutex mutex;
  std::unique_ptr<ClusterSource> source;
  v1::Topology topology;  // encoded once per topology version
  // `topology` serialised, for GetTopology: handlers take the pointer under
  // `mutex` and copy the buffer (which shares its bytes) after releasing it,
  // so a busy GetTopology neither deep-copies nor holds the lock while
  // encoding. Replaced together with `topology`.
  std::shared_ptr<const grpc::ByteBuffer> topologyBytes;
  void setTopology(const Topology& t);
  FrameHub hub;
  FrameRing history;  // the frames published last, for GetSnapshot
  PredictionBoard predictions;  // the latest live forecast, for GetPredictions
  AlertBoard alerts;  // evaluated on every frame, for GetAlerts, frames and /metrics
  std::optional<PolicyBook> policies;
  // The book, once Gateway::start() has loaded or made it: no service is
  // registered before that, so a call without one is a bug in start's order.
  PolicyBook& book();
  // Where the book and the audit log last; opened by Gateway::start().
  std::unique_ptr<StateFile> stateFile;
  AuditLog audit;
  CallGate gate{audit};  // every RPC's door: tokens, roles, request caps
  // Streams each kind may hold open (GatewayOptions::streams).
  StreamSlots watchers{"frame watchers"};
  StreamSlots snapshots{"snapshot fetches"};
  StreamSlots reports{"agent report streams"};
};

}  // namespace hetsched
