#pragma once

#include "cli_args.h"
#include "sources/cluster/sim_options.h"

#include <string>
#include <string_view>
#include <variant>

namespace hetsched::cli {

// Options shared by everything that starts a simulated cluster.
inline constexpr std::string_view kSimOptionNames[] = {"cluster", "cpu-nodes",       "gpu-nodes", "tpu-nodes",
                                                       "seed",    "agent-period-ms", "load",      "warmup"};
inline constexpr const char* kSimOptionsHelp =
    "  --cluster FILE          cluster description (JSON, hetsched.v1.ClusterDescription)\n"
    "  --cpu-nodes N           CPU nodes, 2 Xeon sockets each (default 24)\n"
    "  --gpu-nodes N           GPU nodes, 8 A100 each (default 28)\n"
    "  --tpu-nodes N           TPU nodes, 4 TPU v4 chips each (default 16)\n"
    "  --seed N                workload and failure seed (default 1)\n"
    "  --agent-period-ms MS    node agent report period in simulated time (default 3000)\n"
    "  --load X                offered load per device kind, 0..2 (default 0.8)\n"
    "  --warmup S              simulated seconds run before serving (default 21600)\n";

std::variant<SimOptions, std::string> simOptionsFromArgs(const Args& args);

// Parses a whole number or fails with a message naming the option.
std::variant<long long, std::string> parseInteger(std::string_view option, const std::string& text, long long min,
                                                  long long max);
std::variant<double, std::string> parseNumber(std::string_view option, const std::string& text, double min, double max);

}  // namespace hetsched::cli
