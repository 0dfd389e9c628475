#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

namespace hetsched::frag {

// The six placement policies compared in the ATC'23 fragmentation paper.
enum class PolicyKind : std::uint8_t { RandomFit, DotProduct, GpuClustering, GpuPacking, BestFit, Fgd };

inline constexpr std::array kAllPolicies{PolicyKind::RandomFit,  PolicyKind::DotProduct, PolicyKind::GpuClustering,
                                         PolicyKind::GpuPacking, PolicyKind::BestFit,    PolicyKind::Fgd};

// The paper's name ("FGD", "BestFit", ...), used in reports and JSON.
std::string_view displayName(PolicyKind kind);
// The command-line name ("fgd", "bestfit", ...).
std::string_view cliName(PolicyKind kind);
std::optional<PolicyKind> parsePolicyKind(std::string_view cliText);

}  // namespace hetsched::frag
