#include "sim_args.h"

#include "cli_args.h"
#include "serve/rpc/cluster_description.h"
#include "sources/cluster/sim_options.h"

#include <charconv>
#include <cstdint>
#include <string>
#include <string_view>
#include <system_error>
#include <utility>
#include <variant>

namespace hetsched::cli {

std::variant<long long, std::string> parseInteger(std::string_view option, const std::string& text, long long min,
                                                  long long max) {
  long long value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size())
    return "--" + std::string(option) + ": not a whole number: '" + text + "'";
  if (value < min || value > max)
    return "--" + std::string(option) + ": must be between " + std::to_string(min) + " and " + std::to_string(max);
  return value;
}

std::variant<double, std::string> parseNumber(std::string_view option, const std::string& text, double min,
                                              double max) {
  double value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size())
    return "--" + std::string(option) + ": not a number: '" + text + "'";
  if (!(value >= min && value <= max))
    return "--" + std::string(option) + ": must be between " + std::to_string(min) + " and " + std::to_string(max);
  return value;
}

std::variant<SimOptions, std::string> simOptionsFromArgs(const Args& args) {
  SimOptions options;
  std::uint32_t nodes[3] = {24, 28, 16};
  const char* nodeOptions[3] = {"cpu-nodes", "gpu-nodes", "tpu-nodes"};
  for (int i = 0; i < 3; ++i) {
    if (auto text = args.value(nodeOptions[i])) {
      // 500,000 nodes of a kind: room for bench stream's 1,000,000 devices
      // (100,000 CPU nodes of 2) and more.
      auto v = parseInteger(nodeOptions[i], *text, 0, 500000);
      if (auto* e = std::get_if<std::string>(&v)) return *e;
      nodes[i] = static_cast<std::uint32_t>(std::get<long long>(v));
    }
  }
  options.shape = defaultClusterShape(nodes[0], nodes[1], nodes[2]);
  if (auto path = args.value("cluster")) {
    auto shape = loadClusterDescription(*path);
    if (auto* e = std::get_if<std::string>(&shape)) return *e;
    options.shape = std::get<ClusterShape>(std::move(shape));
  }
  if (auto text = args.value("seed")) {
    auto v = parseInteger("seed", *text, 0, 1LL << 62);
    if (auto* e = std::get_if<std::string>(&v)) return *e;
    options.seed = static_cast<std::uint64_t>(std::get<long long>(v));
  }
  if (auto text = args.value("agent-period-ms")) {
    auto v = parseInteger("agent-period-ms", *text, 100, 600000);
    if (auto* e = std::get_if<std::string>(&v)) return *e;
    options.agentPeriodMs = static_cast<std::uint32_t>(std::get<long long>(v));
  }
  if (auto text = args.value("load")) {
    auto v = parseNumber("load", *text, 0.0, 2.0);
    if (auto* e = std::get_if<std::string>(&v)) return *e;
    options.targetLoad = std::get<double>(v);
  }
  if (auto text = args.value("warmup")) {
    auto v = parseNumber("warmup", *text, 0.0, 7 * 86400.0);
    if (auto* e = std::get_if<std::string>(&v)) return *e;
    options.warmupS = std::get<double>(v);
  }
  return options;
}

}  // namespace hetsched::cli
