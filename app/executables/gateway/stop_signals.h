#pragma once

#include <string>
#include <thread>

namespace hetsched::cli {

// The requests to stop hetschedd (SIGINT and SIGTERM; on Windows Ctrl+C,
// Ctrl+Break and closing the console), turned into something one thread
// waits for: stop_signals_posix.cpp, stop_signals_windows.cpp.

// Call in main before any thread starts, so that no other thread takes them.
void blockStopSignals();

// Blocks until a stop is requested, returning its name ("SIGTERM"), or
// until wakeStopWaiter() wakes this thread, returning "".
std::string waitForStopSignal();

// Wakes `waiter`, a thread blocked in waitForStopSignal().
void wakeStopWaiter(std::thread& waiter);

}  // namespace hetsched::cli
