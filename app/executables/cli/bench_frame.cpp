#include "bench_suite.h"
#include "cluster/simulated_cluster.h"
#include "rpc/frame_codec.h"
#include "sim_args.h"

#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cstdio>

namespace hetsched::cli {

namespace {

// CPU time of this process: on a shared machine it tracks the work done
// better than wall time.
double processCpuSeconds() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
         static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) * 1e-6;
}

}  // namespace

double median(std::vector<double> values) {
  if (values.empty()) return 0.0;
  std::ranges::sort(values);
  const std::size_t mid = values.size() / 2;
  return values.size() % 2 ? values[mid] : (values[mid - 1] + values[mid]) / 2.0;
}

ClusterShape benchClusterShape(std::size_t devices) {
  const auto cpuNodes = static_cast<std::uint32_t>(devices * 2 / 10 / 2);
  const auto gpuNodes = static_cast<std::uint32_t>(devices * 6 / 10 / 8);
  const auto tpuNodes = static_cast<std::uint32_t>(devices * 2 / 10 / 4);
  return defaultClusterShape(cpuNodes, gpuNodes, tpuNodes);
}

int benchFrame(const Args& args) {
  long long devices = 10000;
  if (auto text = args.value("devices")) {
    auto v = parseInteger("devices", *text, 10, 10'000'000);
    if (auto* e = std::get_if<std::string>(&v)) {
      std::fprintf(stderr, "hetsched bench frame: %s\n", e->c_str());
      return 2;
    }
    devices = std::get<long long>(v);
  }
  SimOptions options;
  options.shape = benchClusterShape(static_cast<std::size_t>(devices));
  options.warmupS = 1800;
  const auto built = std::chrono::steady_clock::now();
  const double cpuBefore = processCpuSeconds();
  SimulatedCluster cluster(options);
  const double buildWallS = std::chrono::duration<double>(std::chrono::steady_clock::now() - built).count();
  const double buildCpuS = processCpuSeconds() - cpuBefore;
  const Frame& frame = cluster.frame();
  const std::size_t n = frame.deviceCount();
  const std::size_t nodes = frame.nodeUp.size();

  using Clock = std::chrono::steady_clock;
  std::vector<double> encodeMs;
  std::vector<double> decodeMs;
  std::size_t bytes = 0;
  Frame decoded;
  for (int i = 0; i < 201; ++i) {
    const auto t0 = Clock::now();
    v1::Frame wire;
    encodeFrame(frame, &wire);
    std::string payload = wire.SerializeAsString();
    const auto t1 = Clock::now();
    v1::Frame parsed;
    parsed.ParseFromString(payload);
    if (auto error = decodeFrame(parsed, n, nodes, &decoded)) {
      std::fprintf(stderr, "decode failed: %s\n", error->c_str());
      return 1;
    }
    const auto t2 = Clock::now();
    bytes = payload.size();
    encodeMs.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
    decodeMs.push_back(std::chrono::duration<double, std::milli>(t2 - t1).count());
  }
  const double enc = median(encodeMs);
  const double dec = median(decodeMs);
  std::printf("frame: %zu devices, %zu nodes\n", n, nodes);
  std::printf("  cluster built and warmed up (%.0f s simulated) in %.2f s wall, %.2f s CPU   (goal <= 10 s at "
              "1,000,000 devices: %.2fx the goal scaled to this size)\n",
              options.warmupS, buildWallS, buildCpuS, buildCpuS / (10.0 * static_cast<double>(n) / 1e6));
  std::printf("  size             %8.1f KB   (goal <= 100 KB at 10,000 devices)\n", bytes / 1000.0);
  std::printf("  encode+serialize %8.3f ms   median of 201\n", enc);
  std::printf("  parse+decode     %8.3f ms   median of 201\n", dec);
  std::printf("  round trip       %8.3f ms   (goal <= 2 ms at 10,000 devices)\n", enc + dec);
  return 0;
}

}  // namespace hetsched::cli
