#pragma once

#include "cli_args.h"
#include "sources/cluster/cluster_source.h"

#include <memory>
#include <string>
#include <string_view>
#include <variant>

namespace hetsched::cli {

// hetschedd's options for the real-cluster sources and agent mode.
inline constexpr std::string_view kSourceOptionNames[] = {"proc-root", "nvml-library",  "prometheus-url", "rate-window",
                                                          "agent",     "report-to",     "node-id",        "kubeconfig",
                                                          "context",   "scheduler-name"};
inline constexpr const char* kSourceOptionsHelp =
    "  --source host           this machine: /proc, NVIDIA GPUs via NVML, /dev/accel accelerators\n"
    "  --source agents         the nodes whose agents report here (hetschedd --agent)\n"
    "  --source prometheus     node_exporter + dcgm-exporter metrics from --prometheus-url\n"
    "  --source kubernetes     nodes and pods from the API server (allocation-based use); binds pods\n"
    "                          with schedulerName 'hetsched' (--scheduler-name NAME; 'none': only watch)\n"
    "  --kubeconfig FILE       default: $KUBECONFIG, then ~/.kube/config, then the in-cluster service account\n"
    "  --context NAME          kubeconfig context (default: current-context)\n"
    "  --agent-period-ms MS    report period of host/agents/prometheus and of an agent (default 3000)\n"
    "  --prometheus-url URL    e.g. http://127.0.0.1:9090\n"
    "  --rate-window W         rate() window for CPU use from Prometheus (default 1m)\n"
    "  --proc-root DIR         read proc/, sys/ and dev/ under DIR (default /)\n"
    "  --nvml-library NAME     NVML to dlopen (default libnvidia-ml.so.1; 'none' to skip GPUs)\n"
    "agent mode:\n"
    "  --agent --report-to H:P report this host to a gateway running --source agents\n"
    "  --node-id ID            node name in the reports (default: the host name)\n"
    "  with --tls, --ca, --cert/--key, --tls-server-name and --token-file (an agent token) as the CLI's\n";

// The --source named on the command line (not "sim", which main builds).
// The text is the error for the user.
std::variant<std::unique_ptr<ClusterSource>, std::string> makeRealSource(const std::string& source, const Args& args);

// hetschedd --agent: reports until SIGINT/SIGTERM (blocked by the caller)
// or a permanent error. Returns the exit status.
int runAgent(const Args& args);

}  // namespace hetsched::cli
