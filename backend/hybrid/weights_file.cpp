#include "weights_file.h"

#include "hybrid_features.h"

#include <bit>
#include <cmath>
#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>

namespace hetsched {

namespace {

constexpr const char* kMagic = "hetsched-hybrid-qnet";

void mix(std::uint64_t& h, double v) {
  const auto bits = std::bit_cast<std::uint64_t>(v);
  for (int i = 0; i < 8; ++i) {
    h ^= (bits >> (8 * i)) & 0xff;
    h *= 0x100000001b3ULL;
  }
}

void put(std::ostream& out, double v) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%a", v);
  out << buf << '\n';
}

bool get(std::istream& in, double& v) {
  std::string token;
  if (!(in >> token)) return false;
  char* end = nullptr;
  v = std::strtod(token.c_str(), &end);
  return end && *end == '\0' && std::isfinite(v);
}

}  // namespace

std::string_view describe(WeightsError error) {
  switch (error) {
    case WeightsError::CannotOpen: return "cannot open the weights file";
    case WeightsError::CannotWrite: return "cannot write the weights file";
    case WeightsError::NotAWeightsFile: return "not a hetsched hybrid weights file";
    case WeightsError::VersionMismatch: return "weights file format version not supported";
    case WeightsError::FeatureMismatch: return "weights were trained for another feature layout or action set";
    case WeightsError::Malformed: return "weights file is malformed";
    case WeightsError::Truncated: return "weights file is truncated";
    case WeightsError::ChecksumMismatch: return "weights file checksum mismatch (corrupt)";
  }
  return "unknown weights error";
}

std::uint64_t weightsHash(const QNetwork& network) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (std::size_t l = 0; l < network.layers(); ++l) {
    const Eigen::MatrixXd& w = network.weight(l);
    for (Eigen::Index i = 0; i < w.size(); ++i) mix(h, w.data()[i]);
    for (Eigen::Index i = 0; i < network.bias(l).size(); ++i) mix(h, network.bias(l)(i));
  }
  return h;
}

std::optional<WeightsError> saveWeights(const std::string& path, const HybridModel& model) {
  std::ofstream out(path, std::ios::trunc);
  if (!out) return WeightsError::CannotWrite;
  const QNetwork& net = model.network;
  out << kMagic << ' ' << kWeightsFormatVersion << '\n';
  out << "features " << net.inputs() << " actions " << net.actions() << " layers " << net.layers() << " mask "
      << (model.mask == MaskMode::Hard ? "hard" : "soft") << '\n';
  for (std::size_t l = 0; l < net.layers(); ++l) {
    const Eigen::MatrixXd& w = net.weight(l);
    out << "layer " << w.rows() << ' ' << w.cols() << '\n';
    for (Eigen::Index i = 0; i < w.size(); ++i) put(out, w.data()[i]);
    for (Eigen::Index i = 0; i < net.bias(l).size(); ++i) put(out, net.bias(l)(i));
  }
  char sum[32];
  std::snprintf(sum, sizeof sum, "%016" PRIx64, weightsHash(net));
  out << "checksum " << sum << '\n';
  out.flush();
  if (!out) return WeightsError::CannotWrite;
  return std::nullopt;
}

namespace {

std::variant<HybridModel, WeightsError> readWeights(std::istream& in) {
  std::string magic;
  int version = 0;
  if (!(in >> magic) || magic != kMagic) return WeightsError::NotAWeightsFile;
  if (!(in >> version)) return WeightsError::Malformed;
  if (version != kWeightsFormatVersion) return WeightsError::VersionMismatch;
  std::string k1, k2, k3, k4, maskName;
  long features = 0, actions = 0, layers = 0;
  if (!(in >> k1 >> features >> k2 >> actions >> k3 >> layers >> k4 >> maskName) || k1 != "features" ||
      k2 != "actions" || k3 != "layers" || k4 != "mask" || (maskName != "soft" && maskName != "hard") ||
      layers < 1 || layers > 16)
    return WeightsError::Malformed;
  if (features != kHybridFeatures || actions != kHybridActions) return WeightsError::FeatureMismatch;
  std::vector<Eigen::MatrixXd> weights;
  std::vector<Eigen::VectorXd> biases;
  long expectCols = features;
  for (long l = 0; l < layers; ++l) {
    std::string word;
    long rows = 0, cols = 0;
    if (!(in >> word)) return WeightsError::Truncated;
    if (word != "layer" || !(in >> rows >> cols) || rows < 1 || rows > 4096 || cols != expectCols)
      return WeightsError::Malformed;
    Eigen::MatrixXd w(rows, cols);
    Eigen::VectorXd b(rows);
    for (Eigen::Index i = 0; i < w.size(); ++i)
      if (!get(in, w.data()[i])) return in.eof() ? WeightsError::Truncated : WeightsError::Malformed;
    for (Eigen::Index i = 0; i < b.size(); ++i)
      if (!get(in, b(i))) return in.eof() ? WeightsError::Truncated : WeightsError::Malformed;
    weights.push_back(std::move(w));
    biases.push_back(std::move(b));
    expectCols = rows;
  }
  if (expectCols != actions) return WeightsError::Malformed;
  std::string word, sum;
  if (!(in >> word >> sum)) return WeightsError::Truncated;
  if (word != "checksum") return WeightsError::Malformed;
  HybridModel model;
  model.network.setLayers(std::move(weights), std::move(biases));
  model.mask = maskName == "hard" ? MaskMode::Hard : MaskMode::Soft;
  char expected[32];
  std::snprintf(expected, sizeof expected, "%016" PRIx64, weightsHash(model.network));
  if (sum != expected) return WeightsError::ChecksumMismatch;
  return model;
}

}  // namespace

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
