#include "source_args.h"

#include "cli_args.h"
#include "connect_args.h"
#include "serve/agent/agent_reporter.h"
#include "sim_args.h"
#include "sources/cluster/agent_cluster.h"
#include "sources/cluster/cluster_source.h"
#include "sources/host/host_cluster.h"
#include "sources/host/host_error.h"
#include "sources/host/host_reader.h"
#include "sources/kube/kube_cluster.h"
#include "sources/kube/kube_config.h"
#include "sources/kube/kube_error.h"
#include "sources/prometheus/prom_result.h"
#include "sources/prometheus/prometheus_cluster.h"
#include "stop_signals.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>
#include <thread>
#include <utility>
#include <variant>

namespace hetsched::cli {

namespace {

std::variant<std::uint32_t, std::string> periodMs(const Args& args) {
  // The simulator's option, here in wall time.
  const auto text = args.value("agent-period-ms");
  if (!text) return 3000u;
  auto v = parseNumber("agent-period-ms", *text, 100.0, 600'000.0);
  if (auto* e = std::get_if<std::string>(&v)) return *e;
  return static_cast<std::uint32_t>(std::get<double>(v));
}

HostReaderOptions hostOptions(const Args& args) {
  HostReaderOptions options;
  if (auto root = args.value("proc-root")) options.root = *root;
  if (auto nvml = args.value("nvml-library")) options.nvmlLibrary = *nvml == "none" ? std::string() : *nvml;
  return options;
}

// --kubeconfig, else $KUBECONFIG (its first file), else ~/.kube/config,
// else the in-cluster service account, as kubectl and client-go look.
std::variant<KubeConfig, KubeError> kubeConfigFrom(const Args& args) {
  const std::string context = args.value("context").value_or("");
  if (auto file = args.value("kubeconfig")) return loadKubeconfig(*file, context);
  if (const char* env = std::getenv("KUBECONFIG"); env && *env) {
    const std::string first = std::string(env).substr(0, std::string(env).find(':'));
    return loadKubeconfig(first, context);
  }
  if (const char* home = std::getenv("HOME")) {
    const std::filesystem::path file = std::filesystem::path(home) / ".kube" / "config";
    if (std::filesystem::exists(file)) return loadKubeconfig(file, context);
  }
  if (!context.empty()) return KubeError{0, "--context given but no kubeconfig found"};
  return inClusterConfig();
}

}  // namespace

std::variant<std::unique_ptr<ClusterSource>, std::string> makeRealSource(const std::string& source, const Args& args) {
  auto period = periodMs(args);
  if (auto* e = std::get_if<std::string>(&period)) return *e;
  const std::uint32_t ms = std::get<std::uint32_t>(period);
  if (source == "host") {
    auto cluster = HostCluster::create(hostOptions(args), ms);
    if (auto* e = std::get_if<HostError>(&cluster)) return "--source host: " + e->message();
    auto& host = std::get<std::unique_ptr<HostCluster>>(cluster);
    if (!host->reader().nvmlStatus().empty())
      std::fprintf(stderr, "hetschedd: no NVIDIA GPUs (%s)\n", host->reader().nvmlStatus().c_str());
    return std::unique_ptr<ClusterSource>(std::move(host));
  }
  if (source == "agents") return std::unique_ptr<ClusterSource>(std::make_unique<AgentCluster>(ms));
  if (source == "prometheus") {
    PrometheusOptions options;
    const auto url = args.value("prometheus-url");
    if (!url) return "--source prometheus needs --prometheus-url";
    options.url = *url;
    options.agentPeriodMs = ms;
    if (auto window = args.value("rate-window")) options.rateWindow = *window;
    auto cluster = PrometheusCluster::create(options);
    if (auto* e = std::get_if<PromError>(&cluster)) return e->message();
    return std::unique_ptr<ClusterSource>(std::get<std::unique_ptr<PrometheusCluster>>(std::move(cluster)));
  }
  if (source == "kubernetes") {
    auto config = kubeConfigFrom(args);
    if (auto* e = std::get_if<KubeError>(&config)) return "--source kubernetes: " + e->message();
    KubeOptions options;
    options.config = std::get<KubeConfig>(std::move(config));
    options.agentPeriodMs = ms;
    const std::string scheduler = args.value("scheduler-name").value_or("hetsched");
    options.schedule = scheduler != "none";
    if (options.schedule) options.schedulerName = scheduler;
    auto cluster = KubeCluster::create(std::move(options));
    if (auto* e = std::get_if<KubeError>(&cluster)) return "--source kubernetes: " + e->message();
    return std::unique_ptr<ClusterSource>(std::get<std::unique_ptr<KubeCluster>>(std::move(cluster)));
  }
  return "--source: unknown source '" + source + "' (available: sim, host, agents, prometheus, kubernetes)";
}

int runAgent(const Args& args) {
  const auto target = args.value("report-to");
  if (!target) {
    std::fprintf(stderr, "hetschedd: --agent needs --report-to HOST:PORT\n");
    return 2;
  }
  auto period = periodMs(args);
  if (auto* e = std::get_if<std::string>(&period)) {
    std::fprintf(stderr, "hetschedd: %s\n", e->c_str());
    return 2;
  }
  AgentOptions options;
  options.reportTo = *target;
  auto security = channelSecurityFromArgs(args);
  if (auto* e = std::get_if<std::string>(&security)) {
    std::fprintf(stderr, "hetschedd: %s\n", e->c_str());
    return 2;
  }
  options.security = std::get<ChannelSecurity>(std::move(security));
  options.nodeId = args.value("node-id").value_or("");
  options.period = std::chrono::milliseconds(std::get<std::uint32_t>(period));
  options.host = hostOptions(args);
  AgentReporter reporter(options,
                         [](const std::string& line) { std::fprintf(stderr, "hetschedd: %s\n", line.c_str()); });

  // The caller blocked the stop signals; a waiter thread turns them into
  // stop(), and is woken when run() ends by itself.
  std::thread waiter([&reporter] {
    waitForStopSignal();
    reporter.stop();
  });
  std::printf("hetschedd: agent reporting to %s every %u ms\n", target->c_str(), std::get<std::uint32_t>(period));
  std::fflush(stdout);
  const std::string error = reporter.run();
  wakeStopWaiter(waiter);
  waiter.join();
  if (!error.empty()) {
    std::fprintf(stderr, "hetschedd: %s\n", error.c_str());
    return 1;
  }
  return 0;
}

}  // namespace hetsched::cli
