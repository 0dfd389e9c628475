#include "frame_writer.h"

#include "frame_hub.h"
#include "serve/rpc/frame_codec.h"
#include "stream_slots.h"

#include <chrono>
#include <grpcpp/support/status.h>
#include <memory>
#include <mutex>
#include <utility>

namespace hetsched {

FrameWriter::FrameWriter(FrameHub& hub, double maxRateHz, bool acceptPacked, bool acceptDelta, StreamSlots::Slot slot)
    : m_hub(hub),
      m_slot(std::move(slot)),
      m_minGap(maxRateHz > 0 ? std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                   std::chrono::duration<double>(1.0 / maxRateHz))
                             : std::chrono::steady_clock::duration::zero()),
      m_acceptPacked(acceptPacked),
      m_acceptDelta(acceptPacked && acceptDelta) {
  if (!m_hub.add(this)) {
    std::lock_guard lock(m_mutex);
    finishLocked(grpc::Status(grpc::StatusCode::UNAVAILABLE, "gateway is shutting down"));
  }
}

void FrameWriter::offer(const std::shared_ptr<const PublishedFrame>& frame) {
  std::lock_guard lock(m_mutex);
  if (m_finished) return;
  if (m_writing) {
    if (m_pending) ++m_skipped;
    m_pending = frame;  // replaces whatever waited: latest wins
    return;
  }
  const bool first = m_lastWrite.time_since_epoch().count() == 0;
  if (!first && std::chrono::steady_clock::now() - m_lastWrite < m_minGap) {
    ++m_skipped;
    return;
  }
  m_pending = frame;
  writeNextLocked();
}

void FrameWriter::writeNextLocked() {
  if (!m_pending || m_finished) return;
  // A copy per watcher carries this watcher's skip count; packed frames are
  // ~30 KB at 10,000 devices, cheap next to the write itself. The gateway
  // packed the frame, so it unpacks.
  if (m_acceptDelta && m_pending->delta && m_heldKey == m_pending->key) {
    m_inFlight.CopyFrom(*m_pending->delta);
  } else if (m_acceptPacked) {
    m_inFlight.CopyFrom(*m_pending->whole);
    // The client keeps every whole frame it decodes; only a key frame is
    // ever a delta's reference.
    m_heldKey = m_pending->isKey ? m_pending->key : 0;
  } else if (auto error = unpackFrame(*m_pending->whole, &m_inFlight)) {
    finishLocked(grpc::Status(grpc::StatusCode::INTERNAL, "frame: " + *error));
    return;
  }
  m_inFlight.set_frames_skipped(m_skipped);
  m_pending.reset();
  m_writing = true;
  m_lastWrite = std::chrono::steady_clock::now();
  StartWrite(&m_inFlight);
}

void FrameWriter::OnWriteDone(bool ok) {
  std::lock_guard lock(m_mutex);
  m_writing = false;
  if (!ok) {
    finishLocked(grpc::Status(grpc::StatusCode::UNAVAILABLE, "stream broken"));
    return;
  }
  if (m_pending && std::chrono::steady_clock::now() - m_lastWrite >= m_minGap) writeNextLocked();
}

void FrameWriter::close() {
  std::lock_guard lock(m_mutex);
  m_pending.reset();
  finishLocked(grpc::Status(grpc::StatusCode::UNAVAILABLE, "gateway is shutting down"));
}

void FrameWriter::OnCancel() {
  std::lock_guard lock(m_mutex);
  finishLocked(grpc::Status::CANCELLED);
}

void FrameWriter::finishLocked(const grpc::Status& status) {
  if (m_finished) return;
  m_finished = true;
  Finish(status);
}

void FrameWriter::OnDone() {
  m_hub.remove(this);
  delete this;
}

}  // namespace hetsched
