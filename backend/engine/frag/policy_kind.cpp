#include "policy_kind.h"

#include <array>
#include <cstddef>
#include <optional>
#include <string_view>

namespace hetsched::frag {

namespace {
constexpr std::array<std::string_view, kAllPolicies.size()> kDisplay{"Random",  "DotProd", "Clustering",
                                                                     "Packing", "BestFit", "FGD"};
constexpr std::array<std::string_view, kAllPolicies.size()> kCli{"random",  "dotprod", "clustering",
                                                                 "packing", "bestfit", "fgd"};
}  // namespace

std::string_view displayName(PolicyKind kind) { return kDisplay[static_cast<std::size_t>(kind)]; }
std::string_view cliName(PolicyKind kind) { return kCli[static_cast<std::size_t>(kind)]; }

std::optional<PolicyKind> parsePolicyKind(std::string_view cliText) {
  for (std::size_t i = 0; i < kCli.size(); ++i) {
    if (kCli[i] == cliText) return kAllPolicies[i];
  }
  return std::nullopt;
}

}  // namespace hetsched::frag
