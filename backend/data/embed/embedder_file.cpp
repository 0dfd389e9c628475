#include "embedder_file.h"

#include "job_features.h"
#include "task_embedder.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <ios>
#include <istream>
#include <iterator>
#include <ostream>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace hetsched::embed {

namespace {

constexpr char kMagic[8] = {'H', 'S', 'E', 'M', 'B', 'E', 'D', '\0'};
constexpr std::uint32_t kVersion = 1;
constexpr std::size_t kHeader = sizeof kMagic + 4 + 4 + 8;

static_assert(std::endian::native == std::endian::little, "the model file is written in native little-endian");

std::uint64_t fnv1a(std::span<const std::uint8_t> bytes, std::size_t from) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (std::size_t i = from; i < bytes.size(); ++i) {
    h ^= bytes[i];
    h *= 0x100000001b3ULL;
  }
  return h;
}

class Writer {
 public:
  std::vector<std::uint8_t> bytes;
  template <class T>
  void put(const T& value) {
    const auto* p = reinterpret_cast<const std::uint8_t*>(&value);
    bytes.insert(bytes.end(), p, p + sizeof value);
  }
  void floats(const float* data, std::size_t count) {
    const auto* p = reinterpret_cast<const std::uint8_t*>(data);
    bytes.insert(bytes.end(), p, p + count * sizeof(float));
  }
};

class Reader {
 public:
  Reader(std::span<const std::uint8_t> bytes, std::size_t at) : m_bytes(bytes), m_at(at) {}
  template <class T>
  bool get(T& value) {
    if (m_bytes.size() - m_at < sizeof value) return false;
    std::memcpy(&value, m_bytes.data() + m_at, sizeof value);
    m_at += sizeof value;
    return true;
  }
  bool floats(float* data, std::size_t count) {
    if ((m_bytes.size() - m_at) / sizeof(float) < count) return false;
    std::memcpy(data, m_bytes.data() + m_at, count * sizeof(float));
    m_at += count * sizeof(float);
    return true;
  }
  bool atEnd() const { return m_at == m_bytes.size(); }

 private:
  std::span<const std::uint8_t> m_bytes;
  std::size_t m_at;
};

bool finite(const float* data, Eigen::Index count) {
  return std::all_of(data, data + count, [](float v) { return std::isfinite(v); });
}

}  // namespace

std::string_view describe(EmbedderFileError error) {
  switch (error) {
    case EmbedderFileError::None: return "no error";
    case EmbedderFileError::CannotOpen: return "cannot be opened";
    case EmbedderFileError::CannotWrite: return "cannot be written";
    case EmbedderFileError::NotAnEmbedderFile: return "not embedder weights (wrong magic)";
    case EmbedderFileError::UnsupportedVersion: return "written in a newer embedder format";
    case EmbedderFileError::Truncated: return "truncated";
    case EmbedderFileError::ChecksumMismatch: return "checksum mismatch (damaged)";
    case EmbedderFileError::BadDimensions: return "layer sizes that no embedder of ours has";
    case EmbedderFileError::NotFinite: return "weights that are not finite numbers";
  }
  return "unknown error";
}

std::vector<std::uint8_t> encodeEmbedder(const JobFeatures& features, const TaskEmbedder& embedder) {
  Writer w;
  w.bytes.insert(w.bytes.end(), kMagic, kMagic + sizeof kMagic);
  w.put(kVersion);
  w.put(std::uint32_t{0});  // payload length, patched below
  w.put(std::uint64_t{0});  // checksum, patched below
  w.put(static_cast<std::uint32_t>(features.mean().size()));
  w.floats(features.mean().data(), features.mean().size());
  w.floats(features.stddev().data(), features.stddev().size());
  w.put(static_cast<std::uint32_t>(embedder.w1().cols()));
  w.put(static_cast<std::uint32_t>(embedder.w1().rows()));
  w.put(static_cast<std::uint32_t>(embedder.w2().rows()));
  w.floats(embedder.w1().data(), static_cast<std::size_t>(embedder.w1().size()));
  w.floats(embedder.b1().data(), static_cast<std::size_t>(embedder.b1().size()));
  w.floats(embedder.w2().data(), static_cast<std::size_t>(embedder.w2().size()));
  w.floats(embedder.b2().data(), static_cast<std::size_t>(embedder.b2().size()));
  const auto length = static_cast<std::uint32_t>(w.bytes.size() - kHeader);
  const std::uint64_t sum = fnv1a(w.bytes, kHeader);
  std::memcpy(w.bytes.data() + sizeof kMagic + 4, &length, sizeof length);
  std::memcpy(w.bytes.data() + sizeof kMagic + 8, &sum, sizeof sum);
  return std::move(w.bytes);
}

EmbedderFileError saveEmbedder(std::ostream& out, const JobFeatures& features, const TaskEmbedder& embedder) {
  const std::vector<std::uint8_t> bytes = encodeEmbedder(features, embedder);
  out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  return out ? EmbedderFileError::None : EmbedderFileError::CannotWrite;
}

EmbedderFileError saveEmbedder(const std::string& path, const JobFeatures& features, const TaskEmbedder& embedder) {
  std::ofstream out(path, std::ios::binary);
  if (!out) return EmbedderFileError::CannotOpen;
  const EmbedderFileError error = saveEmbedder(out, features, embedder);
  out.close();
  return error != EmbedderFileError::None || !out ? EmbedderFileError::CannotWrite : error;
}

LoadedEmbedder loadEmbedder(std::istream& in) {
  const std::vector<char> chars{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  return decodeEmbedder(std::span(reinterpret_cast<const std::uint8_t*>(chars.data()), chars.size()));
}

LoadedEmbedder decodeEmbedder(std::span<const std::uint8_t> bytes) {
  LoadedEmbedder result;
  if (bytes.size() < sizeof kMagic || std::memcmp(bytes.data(), kMagic, sizeof kMagic) != 0) {
    result.error = EmbedderFileError::NotAnEmbedderFile;
    return result;
  }
  Reader header(bytes, sizeof kMagic);
  std::uint32_t version = 0, length = 0;
  std::uint64_t sum = 0;
  if (!header.get(version)) return {EmbedderFileError::Truncated, {}, {}};
  if (version != kVersion) return {EmbedderFileError::UnsupportedVersion, {}, {}};
  if (!header.get(length) || !header.get(sum) || bytes.size() - kHeader < length) {
    return {EmbedderFileError::Truncated, {}, {}};
  }
  if (bytes.size() - kHeader != length || fnv1a(bytes, kHeader) != sum) {
    return {EmbedderFileError::ChecksumMismatch, {}, {}};
  }
  Reader r(bytes, kHeader);
  std::uint32_t numeric = 0, input = 0, hidden = 0, output = 0;
  if (!r.get(numeric)) return {EmbedderFileError::Truncated, {}, {}};
  if (numeric != JobFeatures::kNumeric) return {EmbedderFileError::BadDimensions, {}, {}};
  std::vector<float> mean(numeric), stddev(numeric);
  if (!r.floats(mean.data(), numeric) || !r.floats(stddev.data(), numeric) || !r.get(input) || !r.get(hidden) ||
      !r.get(output)) {
    return {EmbedderFileError::Truncated, {}, {}};
  }
  if (!finite(mean.data(), numeric) || !finite(stddev.data(), numeric)) return {EmbedderFileError::NotFinite, {}, {}};
  // The input is the job features' width: an embedder of any other width
  // would be multiplied with feature columns it does not fit.
  if (input != JobFeatures::kDimension || hidden != TaskEmbedder::kHidden || output != TaskEmbedder::kOutput ||
      !result.features.setStatistics(std::move(mean), std::move(stddev))) {
    return {EmbedderFileError::BadDimensions, {}, {}};
  }
  TaskEmbedder& e = result.embedder;
  e.w1().resize(hidden, input);
  e.b1().resize(hidden);
  e.w2().resize(output, hidden);
  e.b2().resize(output);
  if (!r.floats(e.w1().data(), static_cast<std::size_t>(e.w1().size())) || !r.floats(e.b1().data(), hidden) ||
      !r.floats(e.w2().data(), static_cast<std::size_t>(e.w2().size())) || !r.floats(e.b2().data(), output) ||
      !r.atEnd()) {
    return {EmbedderFileError::BadDimensions, {}, {}};
  }
  if (!finite(e.w1().data(), e.w1().size()) || !finite(e.b1().data(), e.b1().size()) ||
      !finite(e.w2().data(), e.w2().size()) || !finite(e.b2().data(), e.b2().size()))
    return {EmbedderFileError::NotFinite, {}, {}};
  return result;
}

LoadedEmbedder loadEmbedder(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return {EmbedderFileError::CannotOpen, {}, {}};
  return loadEmbedder(in);
}

}  // namespace hetsched::embed
