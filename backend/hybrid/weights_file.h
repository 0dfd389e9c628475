#pragma once

#include "action_mask.h"
#include "q_network.h"

#include <cstdint>
#include <optional>
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
  Malformed,          // bad header, shapes or numbers
  Truncated,          // fewer values than the shapes promise
  ChecksumMismatch,   // values changed after saving
};

std::string_view describe(WeightsError error);

// A trained hybrid policy: the network and how its output is masked.
struct HybridModel {
  QNetwork network;
  MaskMode mask = MaskMode::Soft;
};

// Versioned text format, one value per token in C hexfloat so that a load
// gives back the exact doubles (a round trip changes nothing):
//   hetsched-hybrid-qnet 1
//   features F actions A layers L mask soft|hard
//   layer R C   then R*C weights (column-major) and R biases, per layer
//   checksum <fnv1a-64 of every value's bits, hex>
inline constexpr int kWeightsFormatVersion = 1;
std::optional<WeightsError> saveWeights(const std::string& path, const HybridModel& model);
std::variant<HybridModel, WeightsError> loadWeights(const std::string& path);
// The same format from text: a policy carries its weights file's text
// (placement.hybrid_weights), so a gateway never reads a path.
std::variant<HybridModel, WeightsError> parseWeights(std::string_view text);
// A weights file's text, checked by parseWeights, for carrying in a policy.
std::variant<std::string, WeightsError> readWeightsText(const std::string& path);
// The same checksum, for the determinism test: equal seeds, equal hashes.
std::uint64_t weightsHash(const QNetwork& network);

}  // namespace hetsched
