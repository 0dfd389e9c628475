#pragma once

#include "cli_args.h"

namespace hetsched::cli {

// hetsched experiment hybrid (leave one workload out); exit code.
int runExperimentHybrid(const Args& args);

}  // namespace hetsched::cli
