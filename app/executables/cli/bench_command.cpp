#include "bench_suite.h"
#include "cli_args.h"
#include "commands.h"

#include <array>
#include <cstdio>
#include <cstring>
#include <span>

namespace hetsched::cli {

namespace {

struct Bench {
  const char* name;
  const char* summary;
  int (*run)(const Args&);
};

constexpr std::array kBenches{
    Bench{"frame",
          "encode + decode one frame: plain, packed, key and delta frames (--devices N, default 10000;\n"
          "           --key-frames P, default 8)",
          &benchFrame},
    Bench{"stream", "hetschedd streaming to many watchers (--devices, --watchers, --seconds, --rate)", &benchStream},
    Bench{"store", "snapshot store save, open + seek, scrubbing (--devices, --jobs, --frames, --runs, --dir, --keep)",
          &benchStore},
    Bench{"sim",
          "what-if simulator, SJF + best fit (--jobs, --nodes, --runs, --load, --seed, --workload easy|backlog, "
          "--policy)",
          &benchSim},
    Bench{"predict",
          "live predictions: refresh time (--devices, --waiting, --runs), then predicted against actual\n"
          "           starts on the simulated cluster (--hours, 0: skip; --load; --accuracy-only)",
          &benchPredict},
    Bench{"load",
          "unary gRPC load on a gateway (--connect, --clients, --seconds, --method topology|listjobs, --gateway-pid,\n"
          "           TLS and token options); --compare [--clients 100,500]: hetschedd against a bare gRPC server,\n"
          "           TLS off and on, started here",
          &benchLoad},
    Bench{"bare-server",
          "a bare gRPC server answering GetTopology with fixed bytes (--listen, --reply FILE,\n"
          "           --tls-cert/--tls-key); what bench load --compare measures the gateway against",
          &benchBareServer},
    Bench{"agents", "agents reporting into one gateway (--count, --period-ms, --seconds)", &benchAgents},
    Bench{"jobmap", "the console's job map of N jobs, then a refresh (--jobs 100000, --runs, --seed)", &benchJobMap},
    Bench{"console-map", "console start to its first job map, headless (--runs, --console, --baseline PATH)",
          &benchConsoleMap},
    Bench{"alerts",
          "the gateway's alert evaluation per frame, beside the frame's encoding (--devices 100000, --frames)",
          &benchAlerts},
    Bench{"hybrid",
          "the hybrid scheduler's CPU time per job in the what-if beside the rule engine's (--cluster, --jobs,\n"
          "           --arrival-scale, --runs, --weights)",
          &benchHybrid},
    Bench{"sweep",
          "a 100-point sweep, 30 replicas of a what-if, a list of 10 policies and the sweep with 30\n"
          "           replicas per point over a 10,000-job snapshot beside one run (--devices 2000,\n"
          "           --jobs 10000, --points 100, --replicas 30, --list 10, --point-replicas 30 (0: skip),\n"
          "           --runs 3)",
          &benchSweep},
};

int usage() {
  std::fprintf(stderr, "usage: hetsched bench WHAT [options]\n\n");
  for (const Bench& b : kBenches) std::fprintf(stderr, "  %-8s %s\n", b.name, b.summary);
  return 2;
}

}  // namespace

int runBench(std::span<char* const> args) {
  if (args.empty()) return usage();
  const Args parsed(args.subspan(1));
  for (const Bench& b : kBenches) {
    if (std::strcmp(args.front(), b.name) == 0) return b.run(parsed);
  }
  std::fprintf(stderr, "hetsched bench: unknown benchmark '%s'\n", args.front());
  return usage();
}

}  // namespace hetsched::cli
