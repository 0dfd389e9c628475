#include "hybrid_features.h"

#include <algorithm>

namespace hetsched {

HybridDecision proposeAndDescribe(const ScoringContext& context, const PlacementRequest& request, FitOracle& fit,
                                  PlacementScorer& rule) {
  HybridDecision d;
  const FreeCapacityIndex& index = context.index;
  d.nodes[kActionRule] = rule.choose(context, request, fit);
  if (!d.nodes[kActionRule]) {
    // The rule engine finds nothing, so neither will the others: the same
    // fit oracle answers them all.
    d.easy = true;
    return d;
  }
  d.nodes[kActionPack] = index.bestFit(request.kind, request.needMilli, fit);
  d.nodes[kActionFirst] = index.firstFit(request.kind, request.needMilli, 0, fit);
  d.easy = std::all_of(d.nodes.begin(), d.nodes.end(), [&](const auto& n) { return n == d.nodes[kActionRule]; });

  d.feasible.assign(kHybridActions, true);
  d.features = Eigen::VectorXd::Zero(kHybridFeatures);
  const double maxTotal = std::max<double>(1.0, index.maxTotal(request.kind));
  for (int a = 0; a < kHybridNodeActions; ++a) {
    const auto& node = d.nodes[static_cast<std::size_t>(a)];
    d.feasible[static_cast<std::size_t>(a)] = node.has_value();
    if (!node) continue;
    const double total = std::max<double>(1.0, context.state.nodeTotalMilli(*node));
    const double free = index.freeOf(*node);
    const int f = a * kFeaturesPerAction;
    d.features(f) = 1.0;
    d.features(f + 1) = free / total;
    d.features(f + 2) = (free - request.needMilli) / total;
    d.features(f + 3) = free >= total ? 1.0 : 0.0;
  }
  double whole = 0.0, freeShare = 0.0, largestFree = 0.0;
  const auto nodes = index.nodesOf(request.kind);
  for (const std::uint32_t n : nodes) {
    const double total = std::max<double>(1.0, context.state.nodeTotalMilli(n));
    const double free = index.freeOf(n);
    whole += free >= total ? 1.0 : 0.0;
    freeShare += free / total;
    largestFree = std::max(largestFree, free);
  }
  const double count = std::max<double>(1.0, static_cast<double>(nodes.size()));
  const int g = kHybridNodeActions * kFeaturesPerAction;
  d.features(g) = request.needMilli / maxTotal;
  d.features(g + 1) = request.needMilli >= maxTotal ? 1.0 : 0.0;
  d.features(g + 2) = whole / count;
  d.features(g + 3) = freeShare / count;
  d.features(g + 4) = largestFree / maxTotal;
  // Deferring on an idle kind would wait for a release that never comes.
  d.feasible[kActionDefer] = whole < count;
  return d;
}

}  // namespace hetsched
