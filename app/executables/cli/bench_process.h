#pragma once

#include "cli_args.h"

#include <string>
#include <vector>
#include <sys/types.h>

namespace hetsched::cli {

// CPU time (user + system) and resident memory of a child process, from
// /proc/PID/stat and /proc/PID/status.
struct ProcessSample {
  double cpuSeconds = 0;
  double rssMib = 0;
};

ProcessSample sampleProcess(pid_t pid);
// CPU time (user + system) this process has used: on a shared machine it
// tracks the work done better than wall time, which includes waiting for a core.
double processCpuSeconds();
// CPU time the calling thread has used, in milliseconds.
double threadCpuMs();
// Starts the gateway argv[0] with `argv`; its pid, or 0 when it could not
// start (said on stderr as `hetsched bench NAME`).
pid_t spawnGateway(std::vector<std::string> argv, const char* benchName);
// --gateway PATH, else the hetschedd built next to this binary.
std::string gatewayPath(const Args& args);
int freePortGuess();
// 32 random bytes as hex: a token for the gateways a benchmark starts.
std::string randomToken();
// A fresh private directory (mkdtemp) for a benchmark's files, or "".
std::string makeBenchDirectory();
// Writes `text` to a new file of mode 0600; false on failure.
bool writePrivateBenchFile(const std::string& path, const std::string& text);

}  // namespace hetsched::cli
