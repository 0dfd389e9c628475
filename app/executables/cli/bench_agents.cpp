// hetsched bench agents: many node agents (backend/serve/agent's AgentReporter)
// reporting on loopback into one gateway running --source agents as a
// child process, whose CPU share and RSS are read from /proc.
#include "bench_process.h"
#include "bench_suite.h"
#include "cli_args.h"
#include "hetsched.grpc.pb.h"
#include "hetsched.pb.h"
#include "serve/agent/agent_reporter.h"
#include "sim_args.h"

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <grpcpp/grpcpp.h>
#include <grpcpp/security/credentials.h>
#include <grpcpp/support/status.h>
#include <memory>
#include <sched.h>
#include <signal.h>
#include <string>
#include <sys/wait.h>
#include <system_error>
#include <thread>
#include <tuple>
#include <utility>
#include <variant>
#include <vector>

namespace hetsched::cli {

int benchAgents(const Args& args) {
  long long count = 200, periodMs = 3000, seconds = 60;
  for (auto [name, out, min, max] :
       {std::tuple{"count", &count, 1LL, 5000LL}, std::tuple{"period-ms", &periodMs, 100LL, 600000LL},
        std::tuple{"seconds", &seconds, 5LL, 3600LL}}) {
    if (auto text = args.value(name)) {
      auto v = parseInteger(name, *text, min, max);
      if (auto* e = std::get_if<std::string>(&v)) {
        std::fprintf(stderr, "hetsched bench agents: %s\n", e->c_str());
        return 2;
      }
      *out = std::get<long long>(v);
    }
  }
  const std::string address = "127.0.0.1:" + std::to_string(freePortGuess());
  const std::string exe = gatewayPath(args);
  // ReportMetrics needs an agent token: one for every agent here.
  const std::string dir = makeBenchDirectory();
  const std::string agentToken = randomToken();
  const std::string tokens = dir + "/tokens";
  if (dir.empty() || !writePrivateBenchFile(tokens, agentToken + " agent bench-agents\n")) {
    std::fprintf(stderr, "hetsched bench agents: cannot write a tokens file under the temp directory\n");
    return 1;
  }
  std::vector<std::string> argv = {exe,
                                   "--source",
                                   "agents",
                                   "--listen",
                                   address,
                                   "--agent-period-ms",
                                   std::to_string(periodMs),
                                   "--metrics-listen",
                                   "none",
                                   "--tokens",
                                   tokens,
                                   "--state",
                                   "none"};
  const pid_t pid = spawnGateway(std::move(argv), "agents");
  if (pid == 0) return 1;
  std::this_thread::sleep_for(std::chrono::milliseconds(500));

  // Every agent reads this host (/proc) and reports under its own node id;
  // the gateway cannot tell them from agents on 200 machines.
  std::vector<std::unique_ptr<AgentReporter>> agents;
  std::vector<std::thread> threads;
  for (long long i = 0; i < count; ++i) {
    AgentOptions options;
    options.reportTo = address;
    options.security.bearerToken = agentToken;
    options.nodeId = "bench-agent-" + std::to_string(i);
    options.period = std::chrono::milliseconds(periodMs);
    options.host.nvmlLibrary.clear();
    agents.push_back(std::make_unique<AgentReporter>(options));
  }
  threads.reserve(agents.size());
  for (auto& agent : agents) threads.emplace_back([a = agent.get()] { a->run(); });

  std::printf("agents: %lld agents every %lld ms into one gateway, %lld s\n", count, periodMs, seconds);
  std::printf("  %6s %10s %10s\n", "t (s)", "CPU %", "RSS MiB");
  std::vector<double> cpu, rss;
  ProcessSample previous = sampleProcess(pid);
  const long long interval = 5;
  for (long long t = interval; t <= seconds; t += interval) {
    std::this_thread::sleep_for(std::chrono::seconds(interval));
    const ProcessSample now = sampleProcess(pid);
    cpu.push_back(100.0 * (now.cpuSeconds - previous.cpuSeconds) / static_cast<double>(interval));
    rss.push_back(now.rssMib);
    std::printf("  %6lld %10.2f %10.1f\n", t, cpu.back(), now.rssMib);
    std::fflush(stdout);
    previous = now;
  }
  // The agents' own view would not show a refused stream; the gateway's does.
  auto stub = v1::ClusterService::NewStub(grpc::CreateChannel(address, grpc::InsecureChannelCredentials()));
  grpc::ClientContext context;
  context.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(5));
  v1::GetTopologyRequest request;
  v1::Topology topology;
  const grpc::Status rpc = stub->GetTopology(&context, request, &topology);
  std::printf("  gateway sees %d nodes%s\n", rpc.ok() ? topology.nodes_size() : -1,
              rpc.ok() ? "" : " (GetTopology failed)");
  std::printf("  median CPU %.2f %% of one core; RSS median %.1f MiB, max %.1f MiB\n", median(cpu), median(rss),
              *std::max_element(rss.begin(), rss.end()));
  for (auto& agent : agents) agent->stop();
  for (auto& t : threads) t.join();
  kill(pid, SIGTERM);
  int status = 0;
  waitpid(pid, &status, 0);
  std::error_code ec;
  std::filesystem::remove_all(dir, ec);
  return 0;
}

}  // namespace hetsched::cli
