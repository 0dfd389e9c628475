#include "policy_factory.h"

#include "best_fit_policy.h"
#include "dot_product_policy.h"
#include "fgd_policy.h"
#include "gpu_clustering_policy.h"
#include "gpu_packing_policy.h"
#include "placement_policy.h"
#include "policy_kind.h"
#include "random_fit_policy.h"

#include <memory>

namespace hetsched::frag {

std::unique_ptr<PlacementPolicy> makePolicy(PolicyKind kind, const TargetWorkload& workload) {
  switch (kind) {
    case PolicyKind::RandomFit: return std::make_unique<RandomFitPolicy>();
    case PolicyKind::DotProduct: return std::make_unique<DotProductPolicy>();
    case PolicyKind::GpuClustering: return std::make_unique<GpuClusteringPolicy>();
    case PolicyKind::GpuPacking: return std::make_unique<GpuPackingPolicy>();
    case PolicyKind::BestFit: return std::make_unique<BestFitPolicy>();
    case PolicyKind::Fgd: return std::make_unique<FgdPolicy>(workload);
  }
  return std::make_unique<RandomFitPolicy>();
}

}  // namespace hetsched::frag
