#include "hybrid_features.h"

#include "base/model/device_kind.h"
#include "base/model/job.h"
#include "base/model/topology.h"
#include "engine/core/core_seams.h"
#include "engine/core/placement_scorer.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace hetsched {

void describeJobs(std::span<const SelectionCandidate> window, const ScoringContext& context, DeviceKind kind,
                  std::vector<JobFeatures>& out) {
  std::vector<double> logRuntime(window.size()), logWaited(window.size());
  for (std::size_t i = 0; i < window.size(); ++i) {
    logRuntime[i] = std::log1p(std::max(0.0, window[i].expectedRuntimeS));
    logWaited[i] = std::log1p(std::max(0.0, window[i].waitedS));
  }
  describeJobs(window, logRuntime, logWaited, context, kind, out);
}

void describeJobs(std::span<const SelectionCandidate> window, std::span<const double> logRuntime,
                  std::span<const double> logWaited, const ScoringContext& context, DeviceKind kind,
                  std::vector<JobFeatures>& out) {
  out.resize(window.size());
  const double n = static_cast<double>(window.size());
  // The logarithms go straight into the features and are centred after.
  double meanLogRuntime = 0.0, meanLogWait = 0.0;
  for (std::size_t i = 0; i < window.size(); ++i) {
    out[i][1] = logRuntime[i];
    out[i][4] = logWaited[i];
    meanLogRuntime += out[i][1];
    meanLogWait += out[i][4];
  }
  meanLogRuntime /= n;
  meanLogWait /= n;
  const double maxTotal = std::max<double>(1.0, context.index.maxTotal(kind));
  const std::uint32_t maxFree = context.index.maxFree(kind);
  for (std::size_t i = 0; i < window.size(); ++i) {
    JobFeatures& f = out[i];
    f[0] = window.size() > 1 ? static_cast<double>(i) / (n - 1.0) : 0.0;
    f[1] -= meanLogRuntime;
    f[2] = window[i].needMilli / maxTotal;
    f[3] = window[i].needMilli <= maxFree ? 1.0 : 0.0;
    f[4] -= meanLogWait;
  }
}

NodeFeatures describeNode(const ScoringContext& context, const PlacementRequest& request, std::uint32_t node,
                          unsigned proposedBy) {
  NodeFeatures f{};
  const double total = std::max<double>(1.0, context.state.nodeTotalMilli(node));
  const double free = context.index.freeOf(node);
  f[0] = free / total;
  f[1] = (free - request.needMilli) / total;
  f[2] = free >= total ? 1.0 : 0.0;
  for (int p = 0; p < kProposers; ++p) f[3 + static_cast<std::size_t>(p)] = (proposedBy >> p) & 1u ? 1.0 : 0.0;
  // Host CPU: a CPU node's is its primary resource (f[1]).
  const NodeInfo& n = context.topology.nodes[node];
  const JobRequests& r = request.spec.requests;
  if (n.kind == DeviceKind::Cpu) f[3 + kProposers] = f[1];
  else if (n.cpuMilli > 0)
    f[3 + kProposers] =
        (static_cast<double>(context.state.hostFreeCpu(node)) - r.cpuMilli) / static_cast<double>(n.cpuMilli);
  if (n.memoryMib > 0)
    f[4 + kProposers] = (static_cast<double>(context.state.freeMemory(node)) - static_cast<double>(r.memoryMib)) /
                        static_cast<double>(n.memoryMib);
  return f;
}

DeferFeatures describeDefer(const ScoringContext& context, const PlacementRequest& request,
                            std::span<const Proposal> proposals) {
  const double maxTotal = std::max<double>(1.0, context.index.maxTotal(request.kind));
  double leftover = 1.0;
  bool allBreakWhole = true;
  for (const Proposal& p : proposals) {
    leftover = std::min(leftover, p.features[1]);
    allBreakWhole = allBreakWhole && p.features[2] > 0.0;
  }
  return {1.0, request.needMilli / maxTotal, context.index.maxFree(request.kind) / maxTotal, leftover,
          allBreakWhole ? 1.0 : 0.0};
}

}  // namespace hetsched
