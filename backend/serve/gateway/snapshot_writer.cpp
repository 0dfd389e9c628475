#include "snapshot_writer.h"

#include "base/model/job.h"
#include "base/model/wall_clock.h"
#include "engine/policy/policy_loader.h"
#include "gateway_state.h"
#include "hetsched.pb.h"
#include "policy_service.pb.h"
#include "serve/rpc/frame_codec.h"
#include "serve/rpc/proto_convert.h"
#include "stream_slots.h"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <grpcpp/support/status.h>
#include <mutex>
#include <utility>

namespace hetsched {

namespace {

// The console's job list holds running, queued and the last 10,000 completed
// jobs; a snapshot carries the same.
constexpr std::size_t kMaxJobs = 100000;

}  // namespace

SnapshotWriter::SnapshotWriter(GatewayState& state, const v1::GetSnapshotRequest& request, StreamSlots::Slot slot)
    : m_slot(std::move(slot)), m_acceptPacked(request.accept_packed()) {
  const double seconds = request.history_seconds();
  if (!std::isfinite(seconds) || seconds < 0) {
    std::lock_guard lock(m_mutex);
    finishLocked({grpc::StatusCode::INVALID_ARGUMENT, "history_seconds: expected 0 or more"});
    return;
  }
  v1::SnapshotHeader* header = m_chunk.mutable_header();
  {
    std::lock_guard lock(state.mutex);
    *m_chunk.mutable_topology() = state.topology;
    const JobState states[] = {JobState::Running, JobState::Queued, JobState::Completed};
    m_jobs = state.source->jobs(states, kMaxJobs, nullptr);
    m_frames = state.history.tail(state.topology.topology_version(), std::llround(seconds * 1000.0));
    // The policy in force at the cut: the active one (a running canary's
    // candidate is not what most jobs were scheduled by).
    const v1::PolicyVersion active = state.book().state().active();
    header->set_policy_name(active.spec().name());
    header->set_policy_version(active.version());
    header->set_policy_json(policyToJson(active.spec()));
  }
  header->set_taken_at_ms(wallNowMs());
  header->set_job_count(static_cast<std::uint32_t>(m_jobs.size()));
  header->set_frame_count(static_cast<std::uint32_t>(m_frames.size()));
  std::lock_guard lock(m_mutex);
  writeNextLocked();
}

void SnapshotWriter::writeNextLocked() {
  if (m_finished) return;
  if (m_headerSent) {
    m_chunk.Clear();
    std::size_t bytes = 0;
    while (m_nextJob < m_jobs.size() && bytes < kChunkBytes) {
      v1::Job* job = m_chunk.add_jobs();
      toProto(m_jobs[m_nextJob++], job);
      bytes += job->ByteSizeLong();
    }
    while (m_nextJob == m_jobs.size() && m_nextFrame < m_frames.size() && bytes < kChunkBytes) {
      FrameRing::Entry& entry = m_frames[m_nextFrame++];
      v1::Frame* frame = m_chunk.add_frames();
      if (!frame->ParseFromString(*entry.bytes)) {
        finishLocked({grpc::StatusCode::INTERNAL, "history frame does not parse"});
        return;
      }
      if (!m_acceptPacked && !frame->packed().empty()) {
        v1::Frame packed;
        packed.Swap(frame);
        if (auto error = unpackFrame(packed, frame)) {
          finishLocked({grpc::StatusCode::INTERNAL, "history frame: " + *error});
          return;
        }
      }
      bytes += m_acceptPacked ? entry.bytes->size() : frame->ByteSizeLong();
      // Once the ring has moved on, this share is the frame's last copy.
      entry.bytes.reset();
    }
    if (bytes == 0) {
      finishLocked(grpc::Status::OK);
      return;
    }
  }
  m_headerSent = true;
  StartWrite(&m_chunk);
}

void SnapshotWriter::OnWriteDone(bool ok) {
  std::lock_guard lock(m_mutex);
  if (!ok) {
    finishLocked({grpc::StatusCode::UNAVAILABLE, "stream broken"});
    return;
  }
  writeNextLocked();
}

void SnapshotWriter::OnCancel() {
  std::lock_guard lock(m_mutex);
  finishLocked(grpc::Status::CANCELLED);
}

void SnapshotWriter::finishLocked(const grpc::Status& status) {
  if (m_finished) return;
  m_finished = true;
  Finish(status);
}

}  // namespace hetsched
