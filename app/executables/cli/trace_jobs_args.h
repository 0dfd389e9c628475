#pragma once

#include "base/model/topology.h"
#include "cli_args.h"
#include "engine/sim/trace_workload.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <variant>

namespace hetsched::cli {

// The options every command that replays an Alibaba pod list takes for
// lists without arrival (or run) times.
inline constexpr std::string_view kTraceTimingOptions[] = {"arrival-rate", "runtime-mean"};
inline constexpr const char* kTraceTimingHelp =
    "  --arrival-rate R  pods arrive by a seeded Poisson process at R per second, in the file's order\n"
    "                    (needed for lists without creation_time, like openb_pod_list_multigpu20.csv)\n"
    "  --runtime-mean S  pods without deletion_time/scheduled_time run an exponential time of mean S\n";

// The pods of `file` as jobs on `topology` (--arrival-rate and
// --runtime-mean applied, seeded by `seed`), or the exit code after saying,
// prefixed "hetsched COMMAND: ", what is wrong: a bad option (2), an
// unreadable file or a list of which not one pod can run (1, naming the
// missing columns). Pods left out are counted on stderr.
std::variant<TraceJobs, int> traceJobsFromArgs(const char* command, const Args& args, const std::string& file,
                                               const Topology& topology, std::uint64_t seed);

}  // namespace hetsched::cli
