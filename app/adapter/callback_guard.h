#pragma once

#include <QMetaObject>
#include <QObject>

#include <memory>
#include <mutex>
#include <utility>

namespace hetsched {

// Lets callbacks on gRPC threads post work to a QObject that may be gone by
// the time they run (a call in flight while the console closes). Copies
// share one state; the owner closes it in its destructor, after which posts
// are dropped.
class CallbackGuard {
 public:
  template <typename F>
  void post(QObject* target, F&& fn) const {
    std::lock_guard lock(m_state->mutex);
    if (m_state->alive) QMetaObject::invokeMethod(target, std::forward<F>(fn), Qt::QueuedConnection);
  }
  void close() const {
    std::lock_guard lock(m_state->mutex);
    m_state->alive = false;
  }

 private:
  struct State {
    std::mutex mutex;
    bool alive = true;
  };
  std::shared_ptr<State> m_state = std::make_shared<State>();
};

}  // namespace hetsched
