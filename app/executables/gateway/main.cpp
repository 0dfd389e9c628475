// hetschedd: the cluster gateway. Serves hetsched.v1.ClusterService over
// gRPC for a cluster source: simulated, this host, node agents or
// Prometheus or Kubernetes; with --agent it is instead a node agent reporting to one.
#include "cli_args.h"
#include "config_file.h"
#include "connect_args.h"
#include "serve/alert/alert_rule.h"
#include "serve/alert/alert_rules_file.h"
#include "serve/gateway/gateway.h"
#include "sim_args.h"
#include "source_args.h"
#include "sources/cluster/cluster_source.h"
#include "sources/cluster/sim_options.h"
#include "sources/cluster/simulated_cluster.h"
#include "stop_signals.h"
#include "tls_args.h"
#include "token_args.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <iterator>
#include <memory>
#include <optional>
#include <exception>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace {

constexpr const char* kUsage =
    "usage: hetschedd [options]\n"
    "  --listen HOST:PORT      address to serve on (default 127.0.0.1:50051; port 0 picks one)\n"
    "  --source NAME           cluster source: sim (default, a simulated cluster), host, agents, prometheus,\n         "
    "                 kubernetes\n"
    "  --speed X               simulated seconds per wall second (default 1)\n"
    "  --history-frames N      frames kept for snapshots (default 1200: an hour at a 3 s agent period)\n"
    "  --history-mb N          and at most N MB of them, the oldest dropped first (default 512: an hour of\n"
    "                          100,000 devices; 8 minutes of 1,000,000)\n"
    "  --key-frames N          to watchers that apply deltas, a whole frame every N frames and deltas between\n"
    "                          (default 8; 1: whole frames only; docs/frames.md)\n"
    "  --metrics-listen H:P    Prometheus /metrics endpoint (default 127.0.0.1:9464; 'none' to disable)\n"
    "  --max-watchers N        frame streams open at once (default 256; 32 per remote address)\n"
    "  --max-agents N          agent report streams open at once (default 10000)\n"
    "  --alert-rules FILE      alert rules (JSON, docs/alerts.md) instead of the built-in ones\n"
    "  --config FILE           more options from FILE, one 'key = value' (or a flag) a line, keys the long\n"
    "                          options below without dashes; the command line wins\n";

int fail(const std::string& message) {
  std::fprintf(stderr, "hetschedd: %s\n", message.c_str());
  return 2;
}

}  // namespace

static int runGateway(int argc, char** argv) {
  using namespace hetsched;
  std::vector<std::string_view> known = {"listen",     "source",     "speed",          "history-frames",
                                         "history-mb", "key-frames", "metrics-listen", "max-watchers",
                                         "max-agents", "help",       "config",         "alert-rules"};
  known.insert(known.end(), std::begin(cli::kSimOptionNames), std::end(cli::kSimOptionNames));
  known.insert(known.end(), std::begin(cli::kSourceOptionNames), std::end(cli::kSourceOptionNames));
  known.insert(known.end(), std::begin(cli::kTokenOptionNames), std::end(cli::kTokenOptionNames));
  known.insert(known.end(), std::begin(cli::kConnectOptionNames), std::end(cli::kConnectOptionNames));
  known.insert(known.end(), std::begin(cli::kTlsOptionNames), std::end(cli::kTlsOptionNames));
  auto withConfig = cli::argsWithConfig({argv + 1, static_cast<std::size_t>(argc - 1)}, known);
  if (auto* e = std::get_if<std::string>(&withConfig)) return fail(*e);
  const cli::Args& args = std::get<cli::Args>(withConfig);
  if (args.flag("help")) {
    std::printf("%s%s%s%s%s", kUsage, cli::kTlsOptionsHelp, cli::kTokenOptionsHelp, cli::kSourceOptionsHelp,
                cli::kSimOptionsHelp);
    return 0;
  }
  if (const auto unknown = args.unknownOptions(known); !unknown.empty())
    return fail("unknown option " + unknown.front() + " (see --help)");
  if (!args.positional().empty()) return fail("unexpected argument '" + args.positional().front() + "'");

  const std::string source = args.value("source").value_or("sim");

  GatewayOptions options;
  options.listen = args.value("listen").value_or("127.0.0.1:50051");
  options.metricsListen = args.value("metrics-listen").value_or("127.0.0.1:9464");
  if (options.metricsListen == "none") options.metricsListen.clear();
  if (auto text = args.value("speed")) {
    auto v = cli::parseNumber("speed", *text, 0.01, 10000.0);
    if (auto* e = std::get_if<std::string>(&v)) return fail(*e);
    options.speed = std::get<double>(v);
  }
  if (auto text = args.value("history-frames")) {
    auto v = cli::parseInteger("history-frames", *text, 1, 1'000'000);
    if (auto* e = std::get_if<std::string>(&v)) return fail(*e);
    options.historyFrames = static_cast<std::size_t>(std::get<long long>(v));
  }
  if (auto text = args.value("history-mb")) {
    auto v = cli::parseInteger("history-mb", *text, 1, 1'000'000);
    if (auto* e = std::get_if<std::string>(&v)) return fail(*e);
    options.historyBytes = static_cast<std::uint64_t>(std::get<long long>(v)) << 20;
  }
  if (auto text = args.value("key-frames")) {
    auto v = cli::parseInteger("key-frames", *text, 1, 1000);
    if (auto* e = std::get_if<std::string>(&v)) return fail(*e);
    options.keyFrameInterval = static_cast<int>(std::get<long long>(v));
  }
  for (auto [name, limits] :
       {std::pair{"max-watchers", &options.maxWatchers}, std::pair{"max-agents", &options.maxReportStreams}}) {
    if (auto text = args.value(name)) {
      auto v = cli::parseInteger(name, *text, 1, 1'000'000);
      if (auto* e = std::get_if<std::string>(&v)) return fail(*e);
      limits->total = static_cast<std::size_t>(std::get<long long>(v));
      limits->perPeer = std::min(limits->perPeer, limits->total);
    }
  }
  if (auto file = args.value("alert-rules")) {
    auto rules = loadAlertRulesFile(*file);
    if (auto* e = std::get_if<std::string>(&rules)) return fail("--alert-rules " + *e);
    options.alertRules = std::get<std::vector<AlertRule>>(std::move(rules));
    options.alertRulesOrigin = "file " + *file;
  }
  auto sim = cli::simOptionsFromArgs(args);
  if (auto* e = std::get_if<std::string>(&sim)) return fail(*e);

  // Block the stop signals in every thread; the main thread waits for them.
  cli::blockStopSignals();

  if (args.flag("agent")) return cli::runAgent(args);
  for (const std::string_view client : cli::kConnectOptionNames)
    if (args.flag(client))
      return fail("--" + std::string(client) + " is for --agent; the gateway's own TLS is --tls-cert/--tls-key");

  std::unique_ptr<ClusterSource> cluster;
  if (source == "sim") {
    try {
      cluster = std::make_unique<SimulatedCluster>(std::get<SimOptions>(std::move(sim)));
    } catch (const std::invalid_argument& e) {
      return fail(e.what());
    }
  } else {
    auto real = cli::makeRealSource(source, args);
    if (auto* e = std::get_if<std::string>(&real)) return fail(*e);
    cluster = std::get<std::unique_ptr<ClusterSource>>(std::move(real));
  }
  if (auto tls = cli::applyTlsOptions(args, options); auto* e = std::get_if<std::string>(&tls)) return fail(*e);
  auto tokens = cli::applyTokenOptions(args, options);
  if (auto* e = std::get_if<std::string>(&tokens)) return fail(*e);
  const auto generated = std::get<std::optional<cli::GeneratedToken>>(std::move(tokens));
  const std::size_t devices = cluster->topology().devices.size();
  const std::size_t nodes = cluster->topology().nodes.size();
  Gateway gateway(std::move(cluster), options);
  std::string error;
  if (!gateway.start(&error)) return fail(error);
  // Written once the address is ours, so the file can be named for it.
  std::optional<cli::WrittenToken> tokenFile;
  if (generated) {
    auto written = cli::writeTokenFile(*generated, gateway.address());
    if (auto* e = std::get_if<std::string>(&written)) {
      gateway.stop();
      return fail(*e);
    }
    tokenFile = std::get<cli::WrittenToken>(std::move(written));
  }
  std::printf("hetschedd: listening on %s%s (%s: %zu nodes, %zu devices, speed %g)\n", gateway.address().c_str(),
              !options.tls                       ? ""
              : options.tls->clientCaPem.empty() ? " with TLS"
                                                 : " with mutual TLS",
              source.c_str(), nodes, devices, options.speed);
  std::printf("hetschedd: %s\n", gateway.stateSummary().c_str());
  std::printf("hetschedd: %zu alert rules (%s)\n",
              options.alertRules ? options.alertRules->size() : defaultAlertRules().size(),
              options.alertRulesOrigin.empty() ? "built-in" : options.alertRulesOrigin.c_str());
  if (tokenFile) std::printf("hetschedd: operator token written to %s\n", tokenFile->path.c_str());
  if (gateway.metricsPort() != 0) std::printf("hetschedd: metrics on port %d at /metrics\n", gateway.metricsPort());
  std::fflush(stdout);

  const std::string stop = cli::waitForStopSignal();
  std::printf("hetschedd: %s received, shutting down\n", stop.c_str());
  gateway.stop();
  if (tokenFile && generated) cli::removeTokenFile(*tokenFile, *generated);
  std::printf("hetschedd: stopped\n");
  return 0;
}

// An exception nothing expected (out of memory, a library's failure) ends the
// gateway with its message and a failure status, after the stack unwinds
// (the server shut down by its destructor), not with std::terminate's abort.
int main(int argc, char** argv) {
  try {
    return runGateway(argc, argv);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "hetschedd: %s\n", e.what());
  } catch (...) {
    std::fprintf(stderr, "hetschedd: stopped by an unknown exception\n");
  }
  return 1;
}
