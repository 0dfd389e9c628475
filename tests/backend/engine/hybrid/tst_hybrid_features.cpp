// What the hybrid sees of a proposed node, host CPU and memory included: a
// GPU whose host CPU or memory is gone cannot take a job, and the few
// one-GPU jobs asking a quarter of a node's host wait for a node where all
// three are free at once. The weights on those features choose between
// proposals that differ only in the host they leave.
#include "base/model/device_kind.h"
#include "base/model/device_model.h"
#include "base/model/job.h"
#include "base/model/topology.h"
#include "engine/core/capacity_state.h"
#include "engine/core/free_capacity_index.h"
#include "engine/core/placement_scorer.h"
#include "engine/hybrid/hybrid_features.h"
#include "engine/hybrid/hybrid_scorer.h"
#include "engine/hybrid/weights_file.h"
#include "engine/policy/compiled_policy.h"

#include <QTest>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

using namespace hetsched;

namespace {

constexpr std::uint64_t kGiB = 1024;

// Two 8-GPU nodes of 64 cores and 512 GiB.
Topology twoNodes() {
  Topology t;
  // NOLINTNEXTLINE(bugprone-unchecked-optional-access): A100 is in the built-in table
  t.models = {*findBuiltinModel("A100")};
  for (std::uint32_t n = 0; n < 2; ++n) {
    t.nodes.push_back({"g" + std::to_string(n), DeviceKind::Gpu, n * 8, 8, 64'000, 512 * kGiB});
    for (std::uint32_t s = 0; s < 8; ++s) t.devices.push_back({n, s, 0});
  }
  return t;
}

Placement taking(std::uint32_t node, std::uint32_t gpus, std::uint32_t cpuMilli, std::uint64_t memoryMib) {
  Placement p;
  p.node = node;
  p.hostCpuMilli = cpuMilli;
  p.memoryMib = memoryMib;
  for (std::uint32_t g = 0; g < gpus; ++g) {
    p.devices.push_back(node * 8 + g);
    p.milli.push_back(1000);
  }
  return p;
}

struct Cluster {
  Topology topology = twoNodes();
  CapacityState state{topology};
  std::vector<std::uint32_t> free, total;

  void take(const Placement& p) { state.allocate(p); }
  FreeCapacityIndex index() {
    free.clear(), total.clear();
    for (std::uint32_t n = 0; n < topology.nodes.size(); ++n) {
      free.push_back(state.nodeFreeMilli(n));
      total.push_back(state.nodeTotalMilli(n));
    }
    return {topology, free, total};
  }
};

JobSpec oneGpu(std::uint32_t cpuMilli, std::uint64_t memoryMib) {
  JobSpec s;
  s.kind = JobKind::Training;
  s.requests.gpuCount = 1;
  s.requests.cpuMilli = cpuMilli;
  s.requests.memoryMib = memoryMib;
  return s;
}

// Both nodes take the job in these tests.
struct AnyNode final : FitOracle {
  bool fits(std::uint32_t) override { return true; }
};

constexpr std::size_t kHostCpu = 3 + kProposers, kHostMemory = 4 + kProposers;

}  // namespace

class TestHybridFeatures : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void hostLeftIsAShareOfTheNodes() {
    Cluster c;
    c.take(taking(0, 2, 16'000, 128 * kGiB));
    const FreeCapacityIndex index = c.index();
    const ScoringContext context{c.topology, c.state, index};
    const JobSpec spec = oneGpu(24'000, 96 * kGiB);
    const PlacementRequest request{spec, DeviceKind::Gpu, 1000, {}};
    const NodeFeatures f = describeNode(context, request, 0, 0);
    QCOMPARE(f[1], (6000.0 - 1000.0) / 8000.0);
    QCOMPARE(f[kHostCpu], (48'000.0 - 24'000.0) / 64'000.0);
    QCOMPARE(f[kHostMemory], (384.0 - 96.0) / 512.0);
    // A CPU-only job on a GPU node (the openb lists' CPU pods) takes no
    // GPU: its host features are all that tells the nodes apart.
    JobSpec cpuOnly = oneGpu(8'000, 32 * kGiB);
    cpuOnly.requests.gpuCount = 0;
    const NodeFeatures g = describeNode(context, {cpuOnly, DeviceKind::Gpu, 0, {}}, 1, 0);
    QCOMPARE(g[0], g[1]);
    QCOMPARE(g[kHostCpu], 56'000.0 / 64'000.0);
    QCOMPARE(g[kHostMemory], 480.0 / 512.0);
  }

  // Node 0 has more GPUs taken (best fit and first fit propose it) but
  // most of its host CPU too; node 1 is idle (the §4.3 score proposes it).
  // The weight on host CPU left alone decides between them.
  void hostWeightsChooseBetweenProposals() {
    Cluster c;
    c.take(taking(0, 4, 56'000, 64 * kGiB));
    const FreeCapacityIndex index = c.index();
    const ScoringContext context{c.topology, c.state, index};
    const JobSpec spec = oneGpu(4'000, 16 * kGiB);
    const PlacementRequest request{spec, DeviceKind::Gpu, 1000, {}};
    const auto chosen = [&](double hostCpuWeight) {
      auto model = std::make_shared<HybridModel>();
      model->weights[kJobFeatures + kHostCpu] = hostCpuWeight;
      model->weights[kJobFeatures + 3 + kProposeBestFit] = 0.5;
      HybridScorer scorer(c.topology, model, nullptr, CompiledPolicy{}, 1);
      AnyNode fit;
      return scorer.choose(context, request, fit);
    };
    QCOMPARE(chosen(0.0), std::optional<std::uint32_t>{0});   // best fit's
    QCOMPARE(chosen(2.0), std::optional<std::uint32_t>{1});   // the host left
    QCOMPARE(chosen(-2.0), std::optional<std::uint32_t>{0});  // the host taken
  }
};

QTEST_GUILESS_MAIN(TestHybridFeatures)
#include "tst_hybrid_features.moc"
