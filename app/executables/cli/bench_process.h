#pragma once

#include "cli_args.h"

#include <string>
#include <sys/types.h>

namespace hetsched::cli {

// CPU time (user + system) and resident memory of a child process, from
// /proc/PID/stat and /proc/PID/status.
struct ProcessSample {
  double cpuSeconds = 0;
  double rssMib = 0;
};

ProcessSample sampleProcess(pid_t pid);
// --gateway PATH, else the hetschedd built next to this binary.
std::string gatewayPath(const Args& args);
int freePortGuess();

}  // namespace hetsched::cli
