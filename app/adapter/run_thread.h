#pragma once

#include <QObject>
#include <QTimer>

#include <functional>
#include <thread>

namespace hetsched {

// One backend run at a time on a thread of its own, its outcome handed back
// on the owner's thread: what the What-if and Sweep runners share. While it
// runs, `poll` is called on the owner's thread every `pollMs` (progress).
// Deliveries are queued on the owner, so none arrives after the owner is
// gone; each joins the thread first, so busy() is false by the time the
// owner emits what it was handed.
class RunThread {
 public:
  RunThread(QObject* owner, int pollMs, std::function<void()> poll);
  ~RunThread();  // joins: the owner cancels its run first
  RunThread(const RunThread&) = delete;
  RunThread& operator=(const RunThread&) = delete;

  bool busy() const { return m_thread.joinable(); }
  // Starts `work` on the thread and the polling; busy() must be false.
  void start(std::function<void()> work);
  // From the work: `then` runs on the owner's thread once the thread ended.
  void deliver(std::function<void()> then);
  // Stops the polling and waits for the thread.
  void join();

 private:
  QObject* m_owner;
  int m_pollMs;
  QTimer m_timer;
  std::thread m_thread;
};

}  // namespace hetsched
