#include "stop_signals.h"

#include <csignal>
#include <signal.h>
#include <string>
#include <thread>

namespace hetsched::cli {

namespace {

// SIGUSR1 only wakes a waiter (wakeStopWaiter); it is never a stop.
sigset_t waitedSignals() {
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGINT);
  sigaddset(&set, SIGTERM);
  sigaddset(&set, SIGUSR1);
  return set;
}

}  // namespace

void blockStopSignals() {
  const sigset_t set = waitedSignals();
  pthread_sigmask(SIG_BLOCK, &set, nullptr);
}

std::string waitForStopSignal() {
  const sigset_t set = waitedSignals();
  int signal = 0;
  sigwait(&set, &signal);
  if (signal == SIGINT) return "SIGINT";
  if (signal == SIGTERM) return "SIGTERM";
  return "";
}

void wakeStopWaiter(std::thread& waiter) { pthread_kill(waiter.native_handle(), SIGUSR1); }

}  // namespace hetsched::cli
