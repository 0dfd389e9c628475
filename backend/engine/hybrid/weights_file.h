#pragma once

#include "hybrid_features.h"

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>

namespace hetsched {

// Why a weights file could not be used.
enum class WeightsError : std::uint8_t {
  CannotOpen,
  CannotWrite,
  NotAWeightsFile,    // wrong magic line
  VersionMismatch,    // a format version this build does not read
  FeatureMismatch,    // trained on another feature layout or action set
  Malformed,          // bad header or numbers
  Truncated,          // fewer values than the header promises
  ChecksumMismatch,   // values changed after saving
};

std::string_view describe(WeightsError error);

// A trained hybrid policy: the three linear scorers' weights
// (hybrid_features.h), job first, then node, then defer.
struct HybridModel {
  std::array<double, kHybridParameters> weights{};

  std::span<const double, kJobFeatures> job() const { return std::span(weights).first<kJobFeatures>(); }
  std::span<const double, kNodeFeatures> node() const {
    return std::span(weights).subspan<kJobFeatures, kNodeFeatures>();
  }
  std::span<const double, kDeferFeatures> defer() const { return std::span(weights).last<kDeferFeatures>(); }
};

// Versioned text format, one value per token in C hexfloat so that a load
// gives back the exact doubles (a round trip changes nothing):
//   hetsched-hybrid-policy 3
//   job J node N defer D window W
//   J + N + D weights
//   checksum <fnv1a-64 of every value's bits, hex>
// Version 2 (no host CPU or memory node features) still loads, with those
// features' weights 0, so a policy pushed before decides as it did.
// Version 1 (the seed's DQN, a Q-network over three proposals) is refused
// as a version this build does not read.
inline constexpr int kWeightsFormatVersion = 3;
std::optional<WeightsError> saveWeights(const std::string& path, const HybridModel& model);
std::string weightsText(const HybridModel& model);
std::variant<HybridModel, WeightsError> loadWeights(const std::string& path);
// The same format from text: a policy carries its weights file's text
// (placement.hybrid_weights), so a gateway never reads a path.
std::variant<HybridModel, WeightsError> parseWeights(std::string_view text);
// A weights file's text, checked by parseWeights, for carrying in a policy.
std::variant<std::string, WeightsError> readWeightsText(const std::string& path);
// The same checksum, for the determinism test: equal seeds, equal hashes.
std::uint64_t weightsHash(const HybridModel& model);

}  // namespace hetsched
