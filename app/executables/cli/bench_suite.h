#pragma once

#include "cli_args.h"
#include "sources/cluster/sim_options.h"

#include <cstddef>
#include <vector>

namespace hetsched::cli {

// Each benchmark prints medians of repeated runs: this machine is shared
// and noisy, single timings mislead.
int benchFrame(const Args& args);
int benchStream(const Args& args);
int benchStore(const Args& args);
int benchSim(const Args& args);
// bench predict: live predictions at scale, and against what then happened.
int benchPredict(const Args& args);
int benchLoad(const Args& args);
int benchAgents(const Args& args);
int benchJobMap(const Args& args);
int benchConsoleMap(const Args& args);
// bench alerts: the gateway's per-frame alert evaluation at scale.
int benchAlerts(const Args& args);
// bench hybrid: the hybrid's cost per job in the what-if, beside the rule's.
int benchHybrid(const Args& args);
// bench load --compare: gateway and bare gRPC server, TLS off and on.
int benchLoadCompare(const Args& args);
// bench bare-server: the framework's limit, a fixed reply to GetTopology.
int benchBareServer(const Args& args);
// bench sweep: a sweep and replicas of a what-if beside one run.
int benchSweep(const Args& args);

double median(std::vector<double> values);
// A cluster of about `devices` devices: 20% CPU sockets, 60% GPUs, 20% TPUs.
ClusterShape benchClusterShape(std::size_t devices);

}  // namespace hetsched::cli
