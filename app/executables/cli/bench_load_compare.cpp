// hetsched bench load --compare: the gateway against a bare gRPC server
// answering the same method with the same bytes, TLS off and on, one
// generator, interleaved in one run so that the machine's load is shared
// alike. Every server is a child process, so its CPU time is its own.
#include "bench_process.h"
#include "bench_suite.h"
#include "cli_args.h"
#include "hetsched.grpc.pb.h"
#include "hetsched.pb.h"
#include "load_generator.h"
#include "serve/client/gateway_channel.h"
#include "sim_args.h"

#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <grpcpp/grpcpp.h>
#include <ios>
#include <map>
#include <netinet/in.h>
#include <optional>
#include <signal.h>
#include <spawn.h>
#include <sstream>
#include <stdlib.h>
#include <string>
#include <sys/socket.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <system_error>
#include <thread>
#include <tuple>
#include <unistd.h>
#include <utility>
#include <variant>
#include <vector>

extern char** environ;

namespace hetsched::cli {

namespace {

int freePort() {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t size = sizeof addr;
  int port = 0;
  if (::bind(fd, reinterpret_cast<sockaddr*>(&addr), size) == 0 &&
      ::getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &size) == 0)
    port = ntohs(addr.sin_port);
  ::close(fd);
  return port;
}

// quiet: stdout to /dev/null; silent: stderr too.
pid_t spawn(std::vector<std::string> argv, bool quiet, bool silent = false) {
  std::vector<char*> cargv;
  cargv.reserve(argv.size());
  for (auto& a : argv) cargv.push_back(a.data());
  cargv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  if (quiet) posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
  if (silent) posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
  pid_t pid = 0;
  const int rc = posix_spawnp(&pid, argv[0].c_str(), &actions, nullptr, cargv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  return rc == 0 ? pid : 0;
}

bool run(std::vector<std::string> argv) {
  const pid_t pid = spawn(std::move(argv), true, true);
  int status = 0;
  return pid != 0 && waitpid(pid, &status, 0) == pid && WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

// The topology bytes, once the server answers (up to ~10 s).
std::optional<std::string> topologyOf(const std::string& address, const ChannelSecurity& security) {
  auto stub = v1::ClusterService::NewStub(makeGatewayChannel(address, security));
  for (int attempt = 0; attempt < 100; ++attempt) {
    grpc::ClientContext context;
    context.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(1));
    addBearerToken(context, security);
    v1::Topology topology;
    if (stub->GetTopology(&context, {}, &topology).ok()) return topology.SerializeAsString();
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  return std::nullopt;
}

struct Target {
  std::string label;
  bool tls = false;
  std::string address;
  pid_t pid = 0;
};

struct Cell {
  std::vector<double> qps, p50, p99, cpu, usPerCall;
};

}  // namespace

int benchLoadCompare(const Args& args) {
  long long seconds = 10, runs = 3, connections = 8;
  for (auto [name, out, max] : {std::tuple{"seconds", &seconds, 3600LL}, std::tuple{"runs", &runs, 100LL},
                                std::tuple{"connections", &connections, 1000LL}}) {
    if (auto text = args.value(name)) {
      auto v = parseInteger(name, *text, 1, max);
      if (auto* e = std::get_if<std::string>(&v)) {
        std::fprintf(stderr, "hetsched bench load: %s\n", e->c_str());
        return 2;
      }
      *out = std::get<long long>(v);
    }
  }
  std::vector<long long> clientCounts;
  {
    std::istringstream list(args.value("clients").value_or("100,500"));
    std::string item;
    while (std::getline(list, item, ',')) {
      auto v = parseInteger("clients", item, 1, 100000);
      if (auto* e = std::get_if<std::string>(&v)) {
        std::fprintf(stderr, "hetsched bench load: %s\n", e->c_str());
        return 2;
      }
      clientCounts.push_back(std::get<long long>(v));
    }
  }
  const std::string dir = makeBenchDirectory();
  const std::string token = randomToken();
  if (dir.empty() || !writePrivateBenchFile(dir + "/tokens", token + " viewer bench-load\n")) {
    std::fprintf(stderr, "hetsched bench load: cannot write under the temp directory\n");
    return 1;
  }
  // A self-signed certificate for localhost, made by Debian's openssl.
  if (!run({"openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout",
            dir + "/key.pem", "-out", dir + "/cert.pem", "-days", "2", "-subj", "/CN=localhost", "-addext",
            "subjectAltName=DNS:localhost,IP:127.0.0.1"})) {
    std::fprintf(stderr, "hetsched bench load: openssl could not make a certificate (is it installed?)\n");
    return 1;
  }
  std::ifstream certFile(dir + "/cert.pem");
  std::stringstream cert;
  cert << certFile.rdbuf();

  const std::string gateway = gatewayPath(args);
  const std::string self = std::filesystem::read_symlink("/proc/self/exe").string();
  std::vector<Target> targets = {{"bare gRPC", false, "127.0.0.1:" + std::to_string(freePort())},
                                 {"hetschedd", false, "127.0.0.1:" + std::to_string(freePort())},
                                 {"bare gRPC", true, "127.0.0.1:" + std::to_string(freePort())},
                                 {"hetschedd", true, "127.0.0.1:" + std::to_string(freePort())}};
  const auto stopAll = [&] {
    for (Target& t : targets)
      if (t.pid) {
        kill(t.pid, SIGTERM);
        int status = 0;
        waitpid(t.pid, &status, 0);
        t.pid = 0;
      }
    std::error_code ec;
    std::filesystem::remove_all(dir, ec);
  };
  // The gateways: reads need the viewer token, so the gate's check is in
  // what is measured; memory-only state, no metrics endpoint.
  for (Target& t : targets) {
    if (t.label != "hetschedd") continue;
    std::vector<std::string> argv = {gateway,         "--listen",          t.address, "--state",
                                     "none",          "--metrics-listen",  "none",    "--tokens",
                                     dir + "/tokens", "--anonymous-reads", "no"};
    if (t.tls) argv.insert(argv.end(), {"--tls-cert", dir + "/cert.pem", "--tls-key", dir + "/key.pem"});
    t.pid = spawn(argv, true);
  }
  ChannelSecurity plain;
  plain.bearerToken = token;
  ChannelSecurity tls = plain;
  tls.tls = true;
  tls.caPem = cert.str();
  const auto bytes = topologyOf(targets[1].address, plain);
  if (!bytes || !topologyOf(targets[3].address, tls)) {
    std::fprintf(stderr, "hetsched bench load: the gateways did not start (%s)\n", gateway.c_str());
    stopAll();
    return 1;
  }
  std::ofstream(dir + "/topology.bin", std::ios::binary) << *bytes;
  for (Target& t : targets) {
    if (t.label == "hetschedd") continue;
    std::vector<std::string> argv = {self,      "bench",   "bare-server",        "--listen",
                                     t.address, "--reply", dir + "/topology.bin"};
    if (t.tls) argv.insert(argv.end(), {"--tls-cert", dir + "/cert.pem", "--tls-key", dir + "/key.pem"});
    t.pid = spawn(argv, true);
  }
  if (!topologyOf(targets[0].address, plain) || !topologyOf(targets[2].address, tls)) {
    std::fprintf(stderr, "hetsched bench load: the bare servers did not start\n");
    stopAll();
    return 1;
  }

  double load[3] = {0, 0, 0};
  getloadavg(load, 3);
  std::printf("load --compare: GetTopology (%zu bytes), %lld connections, %lld s x %lld runs, load average %.2f\n",
              bytes->size(), connections, seconds, runs, load[0]);
  std::printf("  %4s %7s %-10s %4s %10s %8s %8s %8s %10s\n", "run", "clients", "server", "TLS", "QPS", "P50 ms",
              "P99 ms", "CPU %", "CPU us/call");
  std::map<std::pair<long long, std::size_t>, Cell> cells;
  for (long long run = 1; run <= runs; ++run) {
    for (long long clients : clientCounts) {
      for (std::size_t i = 0; i < targets.size(); ++i) {
        const Target& t = targets[i];
        const ProcessSample before = sampleProcess(t.pid);
        const auto t0 = std::chrono::steady_clock::now();
        const LoadResult r = runLoad(t.address, t.tls ? tls : plain, clients, std::min(connections, clients),
                                     static_cast<double>(seconds), false);
        const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        const ProcessSample after = sampleProcess(t.pid);
        const double cpuSeconds = after.cpuSeconds - before.cpuSeconds;
        Cell& c = cells[{clients, i}];
        c.qps.push_back(r.qps);
        c.p50.push_back(r.p50Ms);
        c.p99.push_back(r.p99Ms);
        c.cpu.push_back(100.0 * cpuSeconds / wall);
        c.usPerCall.push_back(r.calls ? 1e6 * cpuSeconds / static_cast<double>(r.calls) : 0);
        std::printf("  %4lld %7lld %-10s %4s %10.0f %8.2f %8.2f %8.0f %10.1f%s\n", run, clients, t.label.c_str(),
                    t.tls ? "on" : "off", r.qps, r.p50Ms, r.p99Ms, c.cpu.back(), c.usPerCall.back(),
                    r.errors ? (" " + std::to_string(r.errors) + " errors").c_str() : "");
        std::fflush(stdout);
      }
    }
  }
  std::printf("medians:\n  %7s %-10s %4s %10s %8s %8s %8s %10s %12s\n", "clients", "server", "TLS", "QPS", "P50 ms",
              "P99 ms", "CPU %", "CPU us/call", "of bare QPS");
  for (long long clients : clientCounts) {
    for (std::size_t i = 0; i < targets.size(); ++i) {
      const Cell& c = cells[{clients, i}];
      std::string share;
      if (targets[i].label == "hetschedd") {
        char text[32];
        std::snprintf(text, sizeof text, "%.0f %%", 100.0 * median(c.qps) / median(cells[{clients, i - 1}].qps));
        share = text;
      }
      std::printf("  %7lld %-10s %4s %10.0f %8.2f %8.2f %8.0f %10.1f %12s\n", clients, targets[i].label.c_str(),
                  targets[i].tls ? "on" : "off", median(c.qps), median(c.p50), median(c.p99), median(c.cpu),
                  median(c.usPerCall), share.c_str());
    }
  }
  getloadavg(load, 3);
  std::printf("load average after: %.2f\n", load[0]);
  stopAll();
  return 0;
}

}  // namespace hetsched::cli
