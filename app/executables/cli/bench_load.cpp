// hetsched bench load: unary gRPC load (load_generator.h) against a running
// gateway, or with --compare against gateways and bare servers it starts
// (bench_load_compare.cpp). Compared in docs with the seed's §4.4 table (QPS
// and P99 at 100 and 500 concurrent clients).
#include "bench_process.h"
#include "bench_suite.h"
#include "cli_args.h"
#include "connect_args.h"
#include "load_generator.h"
#include "serve/client/gateway_channel.h"
#include "sim_args.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <sys/types.h>
#include <tuple>
#include <variant>
#include <vector>

namespace hetsched::cli {

int benchLoad(const Args& args) {
  if (args.flag("compare")) return benchLoadCompare(args);
  const auto target = args.value("connect");
  if (!target) {
    std::fprintf(stderr, "hetsched bench load: --connect HOST:PORT is required\n");
    return 2;
  }
  long long clients = 100, seconds = 10, runs = 3, connections = 0, gatewayPid = 0;
  for (auto [name, out, max] : {std::tuple{"clients", &clients, 100000LL}, std::tuple{"seconds", &seconds, 3600LL},
                                std::tuple{"runs", &runs, 100LL}, std::tuple{"connections", &connections, 1000LL},
                                std::tuple{"gateway-pid", &gatewayPid, 1LL << 22}}) {
    if (auto text = args.value(name)) {
      auto v = parseInteger(name, *text, 1, max);
      if (auto* e = std::get_if<std::string>(&v)) {
        std::fprintf(stderr, "hetsched bench load: %s\n", e->c_str());
        return 2;
      }
      *out = std::get<long long>(v);
    }
  }
  auto security = channelSecurityFromArgs(args);
  if (auto* e = std::get_if<std::string>(&security)) {
    std::fprintf(stderr, "hetsched bench load: %s\n", e->c_str());
    return 2;
  }
  const std::string method = args.value("method").value_or("topology");
  if (method != "topology" && method != "listjobs") {
    std::fprintf(stderr, "hetsched bench load: --method is topology or listjobs\n");
    return 2;
  }
  // Several connections by default, as many clients would have: one HTTP/2
  // connection serialises on one server thread.
  if (connections == 0) connections = std::min<long long>(clients, 8);
  std::printf("load: %s, %lld clients over %lld connections, %lld s x %lld runs\n", method.c_str(), clients,
              connections, seconds, runs);
  // With --gateway-pid, the gateway's CPU share over each run (warm-up
  // included), as the seed's table gives one beside QPS and P99.
  std::printf("  %4s %10s %9s %9s %9s %7s %12s\n", "run", "QPS", "P50 ms", "P99 ms", "P999 ms", "errors",
              gatewayPid ? "gateway CPU" : "");
  std::vector<double> qps, p50, p99, p999, cpu;
  for (long long run = 1; run <= runs; ++run) {
    const ProcessSample before = gatewayPid ? sampleProcess(static_cast<pid_t>(gatewayPid)) : ProcessSample{};
    const auto t0 = std::chrono::steady_clock::now();
    const LoadResult r = runLoad(*target, std::get<ChannelSecurity>(security), clients, connections,
                                 static_cast<double>(seconds), method == "listjobs");
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::string share;
    if (gatewayPid) {
      const ProcessSample after = sampleProcess(static_cast<pid_t>(gatewayPid));
      cpu.push_back(100.0 * (after.cpuSeconds - before.cpuSeconds) / wall);
      char text[32];
      std::snprintf(text, sizeof text, "%.0f %%", cpu.back());
      share = text;
    }
    std::printf("  %4lld %10.0f %9.2f %9.2f %9.2f %7llu %12s\n", run, r.qps, r.p50Ms, r.p99Ms, r.p999Ms,
                static_cast<unsigned long long>(r.errors), share.c_str());
    std::fflush(stdout);
    qps.push_back(r.qps);
    p50.push_back(r.p50Ms);
    p99.push_back(r.p99Ms);
    p999.push_back(r.p999Ms);
  }
  std::printf("  median: %.0f QPS, P50 %.2f ms, P99 %.2f ms, P999 %.2f ms", median(qps), median(p50), median(p99),
              median(p999));
  if (!cpu.empty()) std::printf(", gateway CPU %.0f %% of one core", median(cpu));
  std::printf("\n");
  return 0;
}

}  // namespace hetsched::cli
