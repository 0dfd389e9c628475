// hetschedd streaming N devices to many watchers: the gateway runs as a
// child process so that its CPU time and memory are its own, read from /proc.
#include "base/model/connection_state.h"
#include "base/model/frame.h"
#include "bench_process.h"
#include "bench_suite.h"
#include "cli_args.h"
#include "serve/client/cluster_client.h"
#include "sim_args.h"
#include "sources/cluster/sim_options.h"

#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <signal.h>
#include <stdlib.h>
#include <string>
#include <sys/types.h>
#include <sys/wait.h>
#include <thread>
#include <tuple>
#include <utility>
#include <variant>
#include <vector>

namespace hetsched::cli {

int benchStream(const Args& args) {
  long long devices = 10000;
  long long watchers = 50;
  long long seconds = 60;
  double rate = 1.0;
  for (auto [name, target, max] :
       {std::tuple{"devices", &devices, 1'000'000LL}, std::tuple{"watchers", &watchers, 1000LL},
        std::tuple{"seconds", &seconds, 3600LL}}) {
    if (auto text = args.value(name)) {
      auto v = parseInteger(name, *text, 1, max);
      if (auto* e = std::get_if<std::string>(&v)) {
        std::fprintf(stderr, "hetsched bench stream: %s\n", e->c_str());
        return 2;
      }
      *target = std::get<long long>(v);
    }
  }
  if (auto text = args.value("rate")) rate = std::stod(*text);

  const ClusterShape shape = benchClusterShape(static_cast<std::size_t>(devices));
  const std::string address = "127.0.0.1:" + std::to_string(freePortGuess());
  const std::string exe = gatewayPath(args);
  // Frames at `rate` Hz: 3 s agent period run at 3*rate simulated s per s.
  std::vector<std::string> argv = {exe,
                                   "--listen",
                                   address,
                                   "--speed",
                                   std::to_string(3.0 * rate),
                                   "--cpu-nodes",
                                   std::to_string(shape.groups[0].count),
                                   "--gpu-nodes",
                                   std::to_string(shape.groups[1].count),
                                   "--tpu-nodes",
                                   std::to_string(shape.groups[2].count),
                                   "--warmup",
                                   "3600",
                                   "--metrics-listen",
                                   "127.0.0.1:0",
                                   "--state",
                                   "none"};
  const pid_t pid = spawnGateway(std::move(argv), "stream");
  if (pid == 0) return 1;

  std::atomic<std::uint64_t> frames{0};
  std::atomic<int> live{0};
  std::vector<std::unique_ptr<ClusterClient>> clients;
  for (long long i = 0; i < watchers; ++i) {
    ClientEvents events;
    events.onFrame = [&frames](const std::shared_ptr<const Frame>&) { frames.fetch_add(1); };
    events.onStatus = [&live](const ConnectionStatus& s) {
      if (s.state == ConnectionState::Live) live.fetch_add(1);
    };
    clients.push_back(std::make_unique<ClusterClient>(address, events));
    clients.back()->start();
  }
  // A million devices take the gateway a minute to build and warm up on a
  // busy machine; a gateway that exits (bad options) ends the bench.
  for (int i = 0; i < 1800 && live.load() < watchers; ++i) {
    int status = 0;
    if (waitpid(pid, &status, WNOHANG) == pid) {
      std::fprintf(stderr, "hetsched bench stream: the gateway exited before its watchers were live\n");
      return 1;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  std::printf("stream: %lld devices, %lld watchers, %.1f frames/s, %lld s; %d watchers live\n", devices, watchers, rate,
              seconds, live.load());
  std::printf("  %6s %10s %10s %12s\n", "t (s)", "CPU %", "RSS MiB", "frames/s");
  std::vector<double> cpuShares;
  std::vector<double> rss;
  ProcessSample previous = sampleProcess(pid);
  std::uint64_t previousFrames = frames.load();
  const int interval = 5;
  for (long long t = interval; t <= seconds; t += interval) {
    std::this_thread::sleep_for(std::chrono::seconds(interval));
    const ProcessSample now = sampleProcess(pid);
    const std::uint64_t f = frames.load();
    const double cpu = 100.0 * (now.cpuSeconds - previous.cpuSeconds) / interval;
    cpuShares.push_back(cpu);
    rss.push_back(now.rssMib);
    std::printf("  %6lld %10.1f %10.1f %12.1f\n", t, cpu, now.rssMib,
                static_cast<double>(f - previousFrames) / interval);
    std::fflush(stdout);
    previous = now;
    previousFrames = f;
  }
  const double maxRss = *std::max_element(rss.begin(), rss.end());
  std::printf("  median CPU %.1f %% of one core; RSS first %.1f MiB, last %.1f MiB, max %.1f MiB\n", median(cpuShares),
              rss.front(), rss.back(), maxRss);
  // Issue 17's goal for the gateway at 1,000,000 devices.
  std::printf("  gateway RSS max %.0f MiB   (goal <= 2048 MiB at 1,000,000 devices: %.2fx)\n", maxRss, maxRss / 2048.0);
  clients.clear();
  kill(pid, SIGTERM);
  int status = 0;
  waitpid(pid, &status, 0);
  return 0;
}

}  // namespace hetsched::cli
