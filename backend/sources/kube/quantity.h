#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace hetsched {

// Kubernetes resource quantities ("500m", "4", "16Gi", "131072Ki", "1e3",
// "2.5G"): the value in base units (cores, bytes, devices), or nothing when
// the text is not a quantity.
std::optional<double> parseQuantity(std::string_view text);
// Cores as millicores, rounded up as the API server does.
std::optional<std::uint64_t> parseMilli(std::string_view text);
// Bytes or device counts, rounded up.
std::optional<std::uint64_t> parseCount(std::string_view text);

}  // namespace hetsched
