#include "frame_hub.h"

#include <algorithm>
#include <cstddef>
#include <memory>
#include <mutex>
#include <utility>
#include <vector>

namespace hetsched {

void FrameHub::publish(std::shared_ptr<const PublishedFrame> frame) {
  std::lock_guard lock(m_mutex);
  m_latest = std::move(frame);
  for (FrameWatcher* w : m_watchers) w->offer(m_latest);
}

bool FrameHub::add(FrameWatcher* watcher) {
  std::lock_guard lock(m_mutex);
  if (m_closed) return false;
  m_watchers.push_back(watcher);
  if (m_latest) watcher->offer(m_latest);
  return true;
}

void FrameHub::remove(FrameWatcher* watcher) {
  std::lock_guard lock(m_mutex);
  std::erase(m_watchers, watcher);
}

void FrameHub::close() {
  std::lock_guard lock(m_mutex);
  m_closed = true;
  for (FrameWatcher* w : m_watchers) w->close();
}

std::size_t FrameHub::watcherCount() const {
  std::lock_guard lock(m_mutex);
  return m_watchers.size();
}

std::shared_ptr<const PublishedFrame> FrameHub::latest() const {
  std::lock_guard lock(m_mutex);
  return m_latest;
}

}  // namespace hetsched
