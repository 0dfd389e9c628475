#pragma once

#include "base/model/job.h"
#include "frame_ring.h"
#include "gateway_state.h"
#include "hetsched.pb.h"
#include "stream_slots.h"

#include <cstddef>
#include <grpcpp/support/server_callback.h>
#include <grpcpp/support/status.h>
#include <mutex>
#include <vector>

namespace hetsched {

// The server side of one GetSnapshot stream. The constructor takes the cut
// (topology, jobs, the ring's frames) under the gateway's lock; chunks are
// built and written outside it, one at a time, so a slow client holds
// neither the lock nor more than one chunk of extra memory.
class SnapshotWriter final : public grpc::ServerWriteReactor<v1::SnapshotChunk> {
 public:
  SnapshotWriter(GatewayState& state, const v1::GetSnapshotRequest& request, StreamSlots::Slot slot);

  void OnWriteDone(bool ok) override;
  void OnCancel() override;
  void OnDone() override { delete this; }

  // Jobs and frames are batched up to about this many bytes a chunk.
  static constexpr std::size_t kChunkBytes = 1 << 20;

 private:
  void writeNextLocked();
  void finishLocked(const grpc::Status& status);

  StreamSlots::Slot m_slot;  // given back when gRPC is done with the stream
  std::mutex m_mutex;
  v1::SnapshotChunk m_chunk;
  std::vector<Job> m_jobs;
  std::vector<FrameRing::Entry> m_frames;
  bool m_acceptPacked = false;  // else each packed frame goes out unpacked
  std::size_t m_nextJob = 0;
  std::size_t m_nextFrame = 0;
  bool m_headerSent = false;
  bool m_finished = false;
};

}  // namespace hetsched
