#pragma once

#include "data/embed/embed_types.h"

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

namespace hetsched::cli {

// Another t-SNE implementation run on the same data for `hetsched tsne
// --bench`: Debian's Rtsne (bhtsne, r-cran-rtsne) or scikit-learn.
struct BaselineRun {
  double seconds = 0.0;
  double cpuSeconds = 0.0;  // all its threads
  double ownKl = 0.0;       // the implementation's own report
  double exactKl = 0.0;     // our exact KL of its map, same P as ours
};

struct BaselineSettings {
  double perplexity = 30.0;
  int iterations = 1000;
  std::uint64_t seed = 1;
  unsigned threads = 2;
};

class TsneBaseline {
 public:
  enum class Kind { Rtsne, ScikitLearn };
  // The data go to `dir`/data.csv once; each run() reads them.
  TsneBaseline(Kind kind, std::filesystem::path dir);

  const char* name() const;
  // Whether its interpreter and package are installed, and if not, why.
  bool available(std::string* why) const;
  std::optional<BaselineRun> run(const embed::PointMatrix& points, const BaselineSettings& settings) const;

 private:
  std::string script(const BaselineSettings& settings) const;

  Kind m_kind;
  std::filesystem::path m_dir;
};

// Writes the points as CSV, full float precision.
void writePointsCsv(const std::filesystem::path& file, const embed::PointMatrix& points);

}  // namespace hetsched::cli
