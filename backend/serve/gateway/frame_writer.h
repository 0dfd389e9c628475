#pragma once

#include "frame_hub.h"
#include "hetsched.pb.h"
#include "stream_slots.h"

#include <chrono>
#include <cstdint>
#include <grpcpp/support/server_callback.h>
#include <grpcpp/support/status.h>
#include <memory>
#include <mutex>

namespace hetsched {

// The server side of one WatchFrames stream: writes the newest frame it has
// been offered whenever the previous write completes (latest wins), and
// never more often than the watcher's max_rate_hz.
class FrameWriter final : public grpc::ServerWriteReactor<v1::Frame>, public FrameWatcher {
 public:
  // acceptPacked: the watcher decodes packed frames; others get each frame
  // unpacked (the hub publishes packed ones). acceptDelta: it also applies
  // deltas against the last whole frame it decoded, so it is sent a frame's
  // delta when the last whole frame written to it was that delta's key
  // frame, and the whole frame otherwise (it skipped the key frame, or has
  // just connected).
  FrameWriter(FrameHub& hub, double maxRateHz, bool acceptPacked, bool acceptDelta, StreamSlots::Slot slot);

  void offer(const std::shared_ptr<const PublishedFrame>& frame) override;
  void close() override;

  void OnWriteDone(bool ok) override;
  void OnCancel() override;
  void OnDone() override;

 private:
  void writeNextLocked();
  void finishLocked(const grpc::Status& status);

  FrameHub& m_hub;
  StreamSlots::Slot m_slot;  // given back when gRPC is done with the stream
  std::chrono::steady_clock::duration m_minGap;
  bool m_acceptPacked;
  bool m_acceptDelta;
  std::uint64_t m_heldKey = 0;  // the key frame last written whole; 0: none
  std::chrono::steady_clock::time_point m_lastWrite{};
  std::mutex m_mutex;
  std::shared_ptr<const PublishedFrame> m_pending;
  v1::Frame m_inFlight;
  std::uint64_t m_skipped = 0;
  bool m_writing = false;
  bool m_finished = false;
};

}  // namespace hetsched
