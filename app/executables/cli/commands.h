#pragma once

#include <span>

namespace hetsched::cli {

// Each subcommand receives the arguments after its own name and returns the
// process exit code (0 ok, 1 failure, 2 usage error).
using CommandFn = int (*)(std::span<char* const> args);

struct Command {
  const char* name;
  const char* summary;
  CommandFn run;
};

int runBench(std::span<char* const> args);
int runExperiment(std::span<char* const> args);
int runSnapshot(std::span<char* const> args);
int runWhatif(std::span<char* const> args);
int runSweep(std::span<char* const> args);
int runPolicies(std::span<char* const> args);
int runTsne(std::span<char* const> args);
int runTrainHybrid(std::span<char* const> args);
int runPolicy(std::span<char* const> args);
int runQueue(std::span<char* const> args);
int runValidate(std::span<char* const> args);
int runAlerts(std::span<char* const> args);

}  // namespace hetsched::cli
