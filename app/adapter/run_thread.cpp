#include "run_thread.h"

#include <functional>
#include <utility>

namespace hetsched {

RunThread::RunThread(QObject* owner, int pollMs, std::function<void()> poll) : m_owner(owner), m_pollMs(pollMs) {
  QObject::connect(&m_timer, &QTimer::timeout, owner, std::move(poll));
}

RunThread::~RunThread() { join(); }

void RunThread::start(std::function<void()> work) {
  m_thread = std::thread(std::move(work));
  m_timer.start(m_pollMs);
}

void RunThread::deliver(std::function<void()> then) {
  QMetaObject::invokeMethod(
      m_owner,
      [this, then = std::move(then)] {
        join();
        then();
      },
      Qt::QueuedConnection);
}

void RunThread::join() {
  m_timer.stop();
  if (m_thread.joinable()) m_thread.join();
}

}  // namespace hetsched
