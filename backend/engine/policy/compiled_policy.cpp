#include "compiled_policy.h"

#include <string_view>

namespace hetsched {

std::string_view toString(QueueKind kind) {
  switch (kind) {
    case QueueKind::Fcfs: return "fcfs";
    case QueueKind::Sjf: return "sjf";
    case QueueKind::Srtf: return "srtf";
    case QueueKind::Priority: return "priority";
  }
  return "?";
}

std::string_view toString(PlacementKind kind) {
  switch (kind) {
    case PlacementKind::TypeRouting: return "type-routing";
    case PlacementKind::RoundRobin: return "round-robin";
    case PlacementKind::WeightedRoundRobin: return "weighted-round-robin";
    case PlacementKind::LeastConnections: return "least-connections";
    case PlacementKind::KeyHash: return "key-hash";
    case PlacementKind::ConsistentHash: return "consistent-hash";
    case PlacementKind::SeedScore: return "seed-score";
    case PlacementKind::FirstFit: return "first-fit";
    case PlacementKind::BestFit: return "best-fit";
    case PlacementKind::WorstFit: return "worst-fit";
    case PlacementKind::External: return "external";
  }
  return "?";
}

}  // namespace hetsched
