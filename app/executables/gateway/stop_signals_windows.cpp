#include "stop_signals.h"

#define WIN32_LEAN_AND_MEAN
#include <windows.h>

#include <condition_variable>
#include <mutex>

namespace hetsched::cli {

namespace {

// The console control handler runs on a thread of its own; it hands the
// event to the waiter and returns at once.
std::mutex g_mutex;
std::condition_variable g_changed;
std::string g_stop;
bool g_woken = false;

BOOL WINAPI onConsoleEvent(DWORD event) {
  const char* name = event == CTRL_C_EVENT       ? "Ctrl+C"
                     : event == CTRL_BREAK_EVENT ? "Ctrl+Break"
                     : event == CTRL_CLOSE_EVENT ? "console close"
                                                 : "shutdown";
  {
    std::lock_guard lock(g_mutex);
    g_stop = name;
  }
  g_changed.notify_all();
  return TRUE;
}

}  // namespace

void blockStopSignals() { SetConsoleCtrlHandler(onConsoleEvent, TRUE); }

std::string waitForStopSignal() {
  std::unique_lock lock(g_mutex);
  g_changed.wait(lock, [] { return !g_stop.empty() || g_woken; });
  g_woken = false;
  return g_stop;
}

void wakeStopWaiter(std::thread&) {
  {
    std::lock_guard lock(g_mutex);
    g_woken = true;
  }
  g_changed.notify_all();
}

}  // namespace hetsched::cli
