#include "tsne_baselines.h"

#include "data/embed/csv_matrix.h"
#include "data/embed/embed_types.h"
#include "data/embed/tsne.h"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <system_error>
#include <utility>

namespace hetsched::cli {

namespace fs = std::filesystem;

TsneBaseline::TsneBaseline(Kind kind, fs::path dir) : m_kind(kind), m_dir(std::move(dir)) {}

const char* TsneBaseline::name() const { return m_kind == Kind::Rtsne ? "Rtsne" : "scikit-learn"; }

bool TsneBaseline::available(std::string* why) const {
  if (m_kind == Kind::Rtsne) {
    if (std::system("Rscript -e 'suppressMessages(library(Rtsne))' >/dev/null 2>&1") == 0) return true;
    *why = "Rscript with the Rtsne package not found (Debian: r-cran-rtsne)";
    return false;
  }
  if (std::system("python3 -c 'import sklearn' >/dev/null 2>&1") == 0) return true;
  *why = "python3 cannot import sklearn (Debian: python3-sklearn)";
  return false;
}

// Each script reads data.csv and writes "seconds cpu-seconds kl" to
// res.txt and the map to map.csv.
std::string TsneBaseline::script(const BaselineSettings& s) const {
  const std::string d = m_dir.string();
  const std::string perplexity = std::to_string(s.perplexity);
  const std::string iterations = std::to_string(s.iterations);
  if (m_kind == Kind::Rtsne) {
    // Exact neighbours and theta 0.5 as bhtsne; no PCA, so both see the
    // same input. system.time's user and system times cover its threads.
    return "X <- as.matrix(read.csv('" + d + "/data.csv', header=FALSE)); set.seed(" + std::to_string(s.seed) +
           "); t <- system.time(r <- Rtsne::Rtsne(X, dims=2, perplexity=" + perplexity + ", max_iter=" + iterations +
           ", theta=0.5, pca=FALSE, check_duplicates=FALSE, num_threads=" + std::to_string(s.threads) +
           ")); write.table(r$Y, '" + d +
           "/map.csv', sep=',', row.names=FALSE, col.names=FALSE); cat(t[['elapsed']], " +
           "t[['user.self']] + t[['sys.self']], tail(r$itercosts, 1), file='" + d + "/res.txt')";
  }
  return "import time, numpy as np; from sklearn.manifold import TSNE; X = np.loadtxt('" + d +
         "/data.csv', delimiter=','); m = TSNE(2, perplexity=" + perplexity + ", n_iter=" + iterations +
         ", random_state=" + std::to_string(s.seed % 4294967295u) +
         "); t = time.time(); c = time.process_time(); Y = m.fit_transform(X); c = time.process_time() - c; "
         "t = time.time() - t; np.savetxt('" +
         d + "/map.csv', Y, delimiter=','); open('" + d + "/res.txt', 'w').write(f'{t} {c} {m.kl_divergence_}')";
}

std::optional<BaselineRun> TsneBaseline::run(const embed::PointMatrix& points, const BaselineSettings& settings) const {
  const fs::path file = m_dir / "baseline.script";
  std::ofstream(file) << script(settings) << '\n';
  std::error_code ignored;
  fs::remove(m_dir / "res.txt", ignored);
  std::fflush(stdout);
  const std::string command = std::string(m_kind == Kind::Rtsne ? "Rscript" : "python3") + " '" + file.string() + "'";
  if (std::system(command.c_str()) != 0) return std::nullopt;
  std::ifstream res(m_dir / "res.txt");
  BaselineRun run;
  if (!(res >> run.seconds >> run.cpuSeconds >> run.ownKl)) return std::nullopt;
  std::ifstream mapFile(m_dir / "map.csv");
  const embed::CsvMatrix map = embed::readCsvMatrix(mapFile);
  if (!map.ok() || map.values.rows() != points.rows() || map.values.cols() != 2) return std::nullopt;
  run.exactKl = embed::tsneKlDivergence(points, map.values.cast<double>(), settings.perplexity, settings.threads);
  return run;
}

void writePointsCsv(const fs::path& file, const embed::PointMatrix& points) {
  std::FILE* out = std::fopen(file.c_str(), "w");
  if (!out) return;
  for (Eigen::Index i = 0; i < points.rows(); ++i) {
    for (Eigen::Index d = 0; d < points.cols(); ++d) std::fprintf(out, d ? ",%.9g" : "%.9g", points(i, d));
    std::fputc('\n', out);
  }
  std::fclose(out);
}

}  // namespace hetsched::cli
