// bench alerts: what the gateway's alert evaluation costs per frame at
// scale, beside what the same frame's encoding costs (the work the frame
// path did before alerts existed).
#include "bench_suite.h"
#include "cli_args.h"
#include "hetsched.pb.h"
#include "serve/alert/alert_conditions.h"
#include "serve/alert/alert_evaluator.h"
#include "serve/alert/alert_rule.h"
#include "serve/rpc/frame_codec.h"
#include "sim_args.h"
#include "sources/cluster/sim_options.h"
#include "sources/cluster/simulated_cluster.h"

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <ratio>
#include <string>
#include <tuple>
#include <variant>
#include <vector>

namespace hetsched::cli {

namespace {

// Every rule kind with a threshold that fires on most nodes: the worst
// case, an alert per node for temperature and power.
std::vector<AlertRule> everythingFires() {
  std::vector<AlertRule> rules = defaultAlertRules();
  for (AlertRule& r : rules) {
    r.forS = 0;
    if (r.kind == AlertRuleKind::DeviceTemperature) {
      r.above = 1;
      r.deviceKind.reset();
    }
    if (r.kind == AlertRuleKind::DevicePower) {
      r.above = 1;
      r.deviceKind.reset();
    }
    if (r.kind == AlertRuleKind::JobWait) r.above = 0;
    if (r.kind == AlertRuleKind::GpusIdleWhileWaiting) r.above = 0;
  }
  return rules;
}

}  // namespace

int benchAlerts(const Args& args) {
  long long devices = 100000;
  long long frames = 31;
  for (auto [name, target, low, high] :
       {std::tuple{"devices", &devices, 10LL, 10'000'000LL}, std::tuple{"frames", &frames, 3LL, 10'000LL}}) {
    if (auto text = args.value(name)) {
      auto v = parseInteger(name, *text, low, high);
      if (auto* e = std::get_if<std::string>(&v)) {
        std::fprintf(stderr, "hetsched bench alerts: %s\n", e->c_str());
        return 2;
      }
      *target = std::get<long long>(v);
    }
  }
  SimOptions options;
  options.shape = benchClusterShape(static_cast<std::size_t>(devices));
  options.warmupS = 1800;
  options.targetLoad = 1.2;  // a queue, so the wait and idle-GPU rules have work
  SimulatedCluster cluster(options);
  // A few nodes down, as a real fleet has.
  for (std::uint32_t n = 0; n < cluster.topology().nodes.size(); n += 97) cluster.setNodeUp(n, false);

  AlertEvaluator defaults;
  AlertEvaluator busy(everythingFires());
  using Clock = std::chrono::steady_clock;
  const auto ms = [](Clock::time_point a, Clock::time_point b) {
    return std::chrono::duration<double, std::milli>(b - a).count();
  };
  std::vector<double> defaultMs, busyMs, encodeMs;
  std::size_t busyFiring = 0, defaultFiring = 0;
  for (long long i = 0; i < frames; ++i) {
    cluster.step();
    AlertInputs in;
    in.topology = &cluster.topology();
    in.frame = &cluster.frame();
    in.ages = cluster.queueAges();
    const auto t0 = Clock::now();
    defaults.evaluate(in);
    const auto t1 = Clock::now();
    busy.evaluate(in);
    const auto t2 = Clock::now();
    v1::Frame wire;
    encodeFrame(cluster.frame(), &wire);
    const auto t3 = Clock::now();
    defaultMs.push_back(ms(t0, t1));
    busyMs.push_back(ms(t1, t2));
    encodeMs.push_back(ms(t2, t3));
    busyFiring = busy.firingCount();
    defaultFiring = defaults.firingCount();
  }
  const double worst = median(busyMs);
  std::printf("alerts: %zu devices, %zu nodes, %lld frames (medians)\n", cluster.topology().devices.size(),
              cluster.topology().nodes.size(), frames);
  const std::string builtIn = "built-in rules (" + std::to_string(defaults.rules().size()) + ")";
  std::printf("  %-30s %8.3f ms per frame   %zu firing\n", builtIn.c_str(), median(defaultMs), defaultFiring);
  std::printf("  %-30s %8.3f ms per frame   %zu firing   (goal <= 5 ms at 100,000 devices: %.2fx the goal)\n",
              "every rule firing everywhere", worst, busyFiring,
              worst / 5.0 * 100000.0 / static_cast<double>(cluster.topology().devices.size()));
  std::printf("  %-30s %8.3f ms per frame\n", "baseline: encoding the frame", median(encodeMs));
  return 0;
}

}  // namespace hetsched::cli
