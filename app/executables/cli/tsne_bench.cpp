#include "tsne_bench.h"

#include "embed/csv_matrix.h"
#include "embed/gaussian_clusters.h"
#include "embed/tsne.h"
#include "embed/worker_pool.h"
#include "sim_args.h"

#include <algorithm>
#include <chrono>
#include <ctime>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <unistd.h>
#include <vector>

namespace hetsched::cli {

namespace {

namespace fs = std::filesystem;

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t m = v.size() / 2;
  return v.size() % 2 ? v[m] : 0.5 * (v[m - 1] + v[m]);
}

struct BaselineRun {
  double seconds = 0.0;
  double ownKl = 0.0;    // the implementation's own report
  double exactKl = 0.0;  // our exact KL of its map, same P
};

// Runs another t-SNE on the CSV at `data` through its interpreter; the script
// writes "seconds kl" to res.txt and the map to map.csv in `dir`.
std::optional<BaselineRun> runExternal(const std::string& interpreter, const std::string& script,
                                       const fs::path& dir, const embed::PointMatrix& points, double perplexity) {
  const fs::path file = dir / "baseline.script";
  std::ofstream(file) << script << '\n';
  std::fflush(stdout);
  const std::string command = interpreter + " '" + file.string() + "'";
  if (std::system(command.c_str()) != 0) return std::nullopt;
  std::ifstream res(dir / "res.txt");
  BaselineRun run;
  if (!(res >> run.seconds >> run.ownKl)) return std::nullopt;
  std::ifstream mapFile(dir / "map.csv");
  const embed::CsvMatrix map = embed::readCsvMatrix(mapFile);
  if (!map.ok() || map.values.rows() != points.rows() || map.values.cols() != 2) return std::nullopt;
  run.exactKl = embed::tsneKlDivergence(points, map.values.cast<double>(), perplexity);
  return run;
}

void report(const char* name, const std::optional<BaselineRun>& run, double ours, double oursKl) {
  if (!run) {
    std::printf("%-13s failed to run (see its messages above)\n", name);
    return;
  }
  std::printf("%-13s %8.3f s  KL %.4f (own report %.4f)  time ratio %.1fx, KL ratio %.3f\n", name,
              run->seconds, run->exactKl, run->ownKl, run->seconds / ours, run->exactKl / oursKl);
}

}  // namespace

int runTsneBench(const Args& args, const embed::TsneOptions& options) {
  long long sizes[4] = {10000, 64, 10, 3};
  const char* names[4] = {"points", "dims", "clusters", "runs"};
  const long long limits[4] = {1000000, 10000, 1000, 100};
  for (int i = 0; i < 4; ++i) {
    if (auto text = args.value(names[i])) {
      auto v = parseInteger(names[i], *text, 1, limits[i]);
      if (auto* e = std::get_if<std::string>(&v)) {
        std::fprintf(stderr, "hetsched tsne: %s\n", e->c_str());
        return 2;
      }
      sizes[i] = std::get<long long>(v);
    }
  }
  const embed::LabelledPoints data = embed::gaussianClusters(
      static_cast<std::size_t>(sizes[0]), static_cast<std::size_t>(sizes[1]), static_cast<std::size_t>(sizes[2]),
      options.seed);
  std::printf("t-SNE bench: %lld points, %lld dims, %lld clusters, perplexity %g, %d iterations, %u threads\n",
              sizes[0], sizes[1], sizes[2], options.perplexity, options.iterations,
              embed::WorkerPool::resolve(options.threads));
  std::vector<double> times, cpus, kls;
  for (long long r = 0; r < sizes[3]; ++r) {
    // CPU time of all threads as well: on a shared machine the wall time
    // mostly measures the neighbours' load.
    const std::clock_t cpuStart = std::clock();
    const embed::TsneResult result = embed::computeTsne(data.points, options);
    const double cpu = static_cast<double>(std::clock() - cpuStart) / CLOCKS_PER_SEC;
    const double total = result.neighbourSeconds + result.optimiseSeconds + result.klSeconds;
    times.push_back(total);
    cpus.push_back(cpu);
    kls.push_back(result.klDivergence);
    std::printf("run %lld: %.3f s (neighbours %.3f, optimisation %.3f, exact KL %.3f), cpu %.3f s  KL %.4f\n", r + 1,
                total, result.neighbourSeconds, result.optimiseSeconds, result.klSeconds, cpu, result.klDivergence);
  }
  const double ours = median(times);
  const double oursKl = median(kls);
  std::printf("%-13s %8.3f s  KL %.4f  (median of %lld; cpu median %.3f s)\n", "hetsched", ours, oursKl, sizes[3],
              median(cpus));

  if (args.flag("no-baseline")) return 0;
  const fs::path dir = fs::temp_directory_path() / ("hetsched-tsne-bench-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  {
    std::ofstream csv(dir / "data.csv");
    for (Eigen::Index i = 0; i < data.points.rows(); ++i) {
      for (Eigen::Index d = 0; d < data.points.cols(); ++d) csv << (d ? "," : "") << data.points(i, d);
      csv << '\n';
    }
  }
  const std::string d = dir.string();
  const std::string threads = std::to_string(embed::WorkerPool::resolve(options.threads));
  if (std::system("Rscript -e 'suppressMessages(library(Rtsne))' >/dev/null 2>&1") == 0) {
    const std::string script = "X <- as.matrix(read.csv('" + d + "/data.csv', header=FALSE)); set.seed(" +
                               std::to_string(options.seed) + "); t <- system.time(r <- Rtsne::Rtsne(X, dims=2, perplexity=" +
                               std::to_string(options.perplexity) + ", max_iter=" + std::to_string(options.iterations) +
                               ", theta=0.5, pca=FALSE, check_duplicates=FALSE, num_threads=" + threads +
                               "))[['elapsed']]; write.table(r$Y, '" + d +
                               "/map.csv', sep=',', row.names=FALSE, col.names=FALSE); cat(t, tail(r$itercosts, 1), file='" +
                               d + "/res.txt')";
    report("Rtsne", runExternal("Rscript", script, dir, data.points, options.perplexity), ours, oursKl);
  } else {
    std::printf("%-13s not installed (Rscript with the Rtsne package not found); no side-by-side run\n", "Rtsne");
  }
  if (std::system("python3 -c 'import sklearn' >/dev/null 2>&1") == 0) {
    const std::string script = "import time, numpy as np; from sklearn.manifold import TSNE; X = np.loadtxt('" + d +
                               "/data.csv', delimiter=','); m = TSNE(2, perplexity=" + std::to_string(options.perplexity) +
                               ", n_iter=" + std::to_string(options.iterations) + ", random_state=" +
                               std::to_string(options.seed % 4294967295u) +
                               "); t = time.time(); Y = m.fit_transform(X); t = time.time() - t; np.savetxt('" + d +
                               "/map.csv', Y, delimiter=','); open('" + d +
                               "/res.txt', 'w').write(f'{t} {m.kl_divergence_}')";
    report("scikit-learn", runExternal("python3", script, dir, data.points, options.perplexity), ours, oursKl);
  } else {
    std::printf("%-13s not installed (python3 cannot import sklearn); no side-by-side run\n", "scikit-learn");
  }
  std::error_code ignored;
  fs::remove_all(dir, ignored);
  return 0;
}

}  // namespace hetsched::cli
