#include "weights_file.h"

#include "hybrid_features.h"

#include <algorithm>
#include <bit>
#include <cinttypes>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstddef>
#include <fstream>
#include <ios>
#include <istream>
#include <optional>
#include <span>
#include <sstream>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace hetsched {

namespace {

constexpr const char* kMagic = "hetsched-hybrid-policy";
// Version 1's magic: refused as a version, not as a foreign file.
constexpr const char* kOldMagic = "hetsched-hybrid-qnet";

void mix(std::uint64_t& h, double v) {
  const auto bits = std::bit_cast<std::uint64_t>(v);
  for (int i = 0; i < 8; ++i) {
    h ^= (bits >> (8 * i)) & 0xff;
    h *= 0x100000001b3ULL;
  }
}

bool get(std::istream& in, double& v) {
  std::string token;
  if (!(in >> token)) return false;
  char* end = nullptr;
  v = std::strtod(token.c_str(), &end);
  return end && *end == '\0' && std::isfinite(v);
}

std::string hex(std::uint64_t h) {
  char sum[32];
  std::snprintf(sum, sizeof sum, "%016" PRIx64, h);
  return sum;
}

std::uint64_t hashValues(std::span<const double> values) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (const double w : values) mix(h, w);
  return h;
}

// Node features a version's files have: version 2 had no host CPU or
// memory features, which version 3 appends to the node block.
constexpr long nodeFeaturesOf(int version) { return version == 2 ? kNodeFeatures - 2 : kNodeFeatures; }

std::variant<HybridModel, WeightsError> readWeights(std::istream& in) {
  std::string magic;
  int version = 0;
  if (!(in >> magic) || (magic != kMagic && magic != kOldMagic)) return WeightsError::NotAWeightsFile;
  if (!(in >> version)) return WeightsError::Malformed;
  if (magic == kOldMagic || version < 2 || version > kWeightsFormatVersion) return WeightsError::VersionMismatch;
  std::string k1, k2, k3, k4;
  long job = 0, node = 0, defer = 0, window = 0;
  if (!(in >> k1 >> job >> k2 >> node >> k3 >> defer >> k4 >> window) || k1 != "job" || k2 != "node" || k3 != "defer" ||
      k4 != "window")
    return WeightsError::Malformed;
  if (job != kJobFeatures || node != nodeFeaturesOf(version) || defer != kDeferFeatures || window != kSelectionWindow)
    return WeightsError::FeatureMismatch;
  std::vector<double> values(static_cast<std::size_t>(job + node + defer));
  for (double& w : values)
    if (!get(in, w)) return in.eof() ? WeightsError::Truncated : WeightsError::Malformed;
  std::string word, sum;
  if (!(in >> word >> sum)) return WeightsError::Truncated;
  if (word != "checksum") return WeightsError::Malformed;
  if (sum != hex(hashValues(values))) return WeightsError::ChecksumMismatch;
  // An older file's missing features weigh 0: it decides as it did.
  HybridModel model;
  const auto at = values.begin();
  std::copy(at, at + job + node, model.weights.begin());
  std::copy(at + job + node, values.end(), model.weights.end() - defer);
  return model;
}

}  // namespace

std::string_view describe(WeightsError error) {
  switch (error) {
    case WeightsError::CannotOpen: return "cannot open the weights file";
    case WeightsError::CannotWrite: return "cannot write the weights file";
    case WeightsError::NotAWeightsFile: return "not a hetsched hybrid weights file";
    case WeightsError::VersionMismatch:
      return "weights file format version not supported (version 1, the DQN, is retrained with train-hybrid)";
    case WeightsError::FeatureMismatch: return "weights were trained for another feature layout or action set";
    case WeightsError::Malformed: return "weights file is malformed";
    case WeightsError::Truncated: return "weights file is truncated";
    case WeightsError::ChecksumMismatch: return "weights file checksum mismatch (corrupt)";
  }
  return "unknown weights error";
}

std::uint64_t weightsHash(const HybridModel& model) { return hashValues(model.weights); }

std::string weightsText(const HybridModel& model) {
  std::ostringstream out;
  out << kMagic << ' ' << kWeightsFormatVersion << '\n';
  out << "job " << kJobFeatures << " node " << kNodeFeatures << " defer " << kDeferFeatures << " window "
      << kSelectionWindow << '\n';
  for (const double w : model.weights) {
    char buf[40];
    std::snprintf(buf, sizeof buf, "%a", w);
    out << buf << '\n';
  }
  out << "checksum " << hex(weightsHash(model)) << '\n';
  return out.str();
}

std::optional<WeightsError> saveWeights(const std::string& path, const HybridModel& model) {
  std::ofstream out(path, std::ios::trunc);
  if (!out) return WeightsError::CannotWrite;
  out << weightsText(model);
  out.flush();
  if (!out) return WeightsError::CannotWrite;
  return std::nullopt;
}

std::variant<HybridModel, WeightsError> loadWeights(const std::string& path) {
  std::ifstream in(path);
  if (!in) return WeightsError::CannotOpen;
  return readWeights(in);
}

std::variant<HybridModel, WeightsError> parseWeights(std::string_view text) {
  std::istringstream in{std::string(text)};
  return readWeights(in);
}

std::variant<std::string, WeightsError> readWeightsText(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return WeightsError::CannotOpen;
  std::ostringstream text;
  text << in.rdbuf();
  std::string out = text.str();
  if (auto parsed = parseWeights(out); std::holds_alternative<WeightsError>(parsed))
    return std::get<WeightsError>(parsed);
  return out;
}

}  // namespace hetsched
