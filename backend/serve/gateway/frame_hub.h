#pragma once

#include "hetsched.pb.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

namespace hetsched {

// One published frame, packed once for every watcher: whole, and between key
// frames also as the delta against the last key frame (frame_codec.h).
struct PublishedFrame {
  std::shared_ptr<const v1::Frame> whole;
  std::shared_ptr<const v1::Frame> delta;  // null on a key frame
  // The key frame this one is (isKey) or whose delta it carries: a watcher
  // that was last sent this key frame whole holds the delta's reference.
  // Counted by the gateway, so two frames of one sequence never mix up.
  std::uint64_t key = 0;
  bool isKey = false;
};

// A consumer of frames. offer() is called with the hub's lock held and must
// not block: watchers keep only the latest frame (latest wins), so a slow
// console skips frames and memory stays bounded at one pending frame each.
class FrameWatcher {
 public:
  virtual ~FrameWatcher() = default;
  virtual void offer(const std::shared_ptr<const PublishedFrame>& frame) = 0;
  virtual void close() = 0;
};

class FrameHub {
 public:
  void publish(std::shared_ptr<const PublishedFrame> frame);
  // Registers a watcher and hands it the latest frame at once, if any.
  // Returns false when the hub is already closed.
  bool add(FrameWatcher* watcher);
  void remove(FrameWatcher* watcher);
  // Finishes every watcher; later add() calls fail.
  void close();
  std::size_t watcherCount() const;
  std::shared_ptr<const PublishedFrame> latest() const;

 private:
  mutable std::mutex m_mutex;
  std::vector<FrameWatcher*> m_watchers;
  std::shared_ptr<const PublishedFrame> m_latest;
  bool m_closed = false;
};

}  // namespace hetsched
