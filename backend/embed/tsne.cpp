#include "tsne.h"

#include "embed/affinities.h"
#include "embed/exact_repulsion.h"
#include "embed/fft_grid.h"
#include "embed/interpolated_repulsion.h"
#include "embed/knn_graph.h"
#include "embed/partitioned_knn.h"
#include "embed/random_stream.h"
#include "embed/worker_pool.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <vector>

namespace hetsched::embed {

namespace {

using Clock = std::chrono::steady_clock;
using F2 = float __attribute__((vector_size(8)));

constexpr double kMaxStep = 5.0;

double secondsSince(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// Both halves of the symmetric P, row by row: every worker then writes only
// its own rows' attraction, where visiting each pair once would scatter
// writes to the other end (measured slower, store-bound).
struct FullRows {
  std::vector<std::size_t> start;
  std::vector<std::int32_t> columns;
  std::vector<float> values;
};

FullRows fullRows(const Affinities& p) {
  FullRows full;
  const std::size_t n = p.points;
  full.start.assign(n + 1, 0);
  for (std::size_t i = 0; i < n; ++i) {
    full.start[i + 1] += p.rowStart[i + 1] - p.rowStart[i];
    for (std::size_t e = p.rowStart[i]; e < p.rowStart[i + 1]; ++e) ++full.start[static_cast<std::size_t>(p.columns[e]) + 1];
  }
  for (std::size_t i = 0; i < n; ++i) full.start[i + 1] += full.start[i];
  full.columns.resize(full.start[n]);
  full.values.resize(full.start[n]);
  std::vector<std::size_t> fill(full.start.begin(), full.start.end() - 1);
  // Ascending i fills the lower-triangle entries of each row in column order
  // before its own upper-triangle ones.
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t e = p.rowStart[i]; e < p.rowStart[i + 1]; ++e) {
      const auto j = static_cast<std::size_t>(p.columns[e]);
      full.columns[fill[j]] = static_cast<std::int32_t>(i);
      full.values[fill[j]++] = p.values[e];
    }
    for (std::size_t e = p.rowStart[i]; e < p.rowStart[i + 1]; ++e) {
      full.columns[fill[i]] = p.columns[e];
      full.values[fill[i]++] = p.values[e];
    }
  }
  return full;
}

// Row ranges with about equal numbers of pairs, one per worker.
std::vector<std::size_t> balancedRows(const FullRows& rows, unsigned workers) {
  const std::size_t n = rows.start.size() - 1;
  std::vector<std::size_t> split(workers + 1, n);
  split[0] = 0;
  const std::size_t total = rows.columns.size();
  std::size_t row = 0;
  for (unsigned w = 1; w < workers; ++w) {
    const std::size_t target = total * w / workers;
    while (row < n && rows.start[row] < target) ++row;
    split[w] = row;
  }
  return split;
}

// Gradient descent with momentum and per-coordinate gains (Jacobs 1988), the
// update rule of bhtsne.
class Optimiser {
 public:
  Optimiser(const Affinities& p, const TsneOptions& options, std::vector<double> y, WorkerPool& pool)
      : m_p(p),
        m_options(options),
        m_pool(pool),
        m_y(std::move(y)),
        m_velocity(m_y.size(), 0.0),
        m_gains(m_y.size(), 1.0),
        m_repulsion(m_y.size(), 0.0),
        m_yFloat(m_y.begin(), m_y.end()),
        m_attraction(m_y.size(), 0.0f),
        m_full(fullRows(p)),
        m_rows(balancedRows(m_full, pool.size())),
        m_repulsionField(options.maxGridSpacing) {
    const double n = static_cast<double>(p.points);
    m_rate = options.learningRate > 0.0 ? options.learningRate
                                        : std::max(200.0, n / std::max(1.0, options.exaggeration));
  }

  void step(int iteration) {
    const bool early = iteration < m_options.exaggerationIterations;
    const double exaggeration = early ? m_options.exaggeration : 1.0;
    const double momentum = early ? m_options.initialMomentum : m_options.finalMomentum;
    const std::size_t n = m_p.points;
    const std::function<void(unsigned)> attraction = [this](unsigned worker) { attract(worker); };
    const double z = m_p.points <= static_cast<std::size_t>(m_options.exactRepulsionBelow)
                         ? exactRepulsion(m_y, m_repulsion, m_pool, attraction)
                         : m_repulsionField.compute(m_y, m_repulsion, m_pool, attraction);
    const double inverseZ = 1.0 / z;
    m_pool.run([&](unsigned worker) {
      const auto [first, last] = m_pool.share(n, worker);
      for (std::size_t i = std::max(first, m_options.heldPoints); i < last; ++i) {
        for (std::size_t c = 2 * i; c < 2 * i + 2; ++c) {
          const auto attraction = static_cast<double>(m_attraction[c]);
          const double gradient = 4.0 * (exaggeration * attraction - m_repulsion[c] * inverseZ);
          // Gains grow where the gradient keeps pushing against the motion.
          m_gains[c] = (gradient > 0.0) != (m_velocity[c] > 0.0) ? m_gains[c] + 0.2
                                                                 : std::max(0.01, m_gains[c] * 0.8);
          m_velocity[c] = momentum * m_velocity[c] - m_rate * m_gains[c] * gradient;
        }
        // Steps are clipped as in FIt-SNE and openTSNE: with exaggeration and a
        // large learning rate a few points otherwise jump far out, and the
        // empty span would make the interpolation grid needlessly large.
        const double norm2 = m_velocity[2 * i] * m_velocity[2 * i] + m_velocity[2 * i + 1] * m_velocity[2 * i + 1];
        if (norm2 > kMaxStep * kMaxStep) {
          const double norm = std::sqrt(norm2);
          m_velocity[2 * i] *= kMaxStep / norm;
          m_velocity[2 * i + 1] *= kMaxStep / norm;
        }
        m_y[2 * i] += m_velocity[2 * i];
        m_y[2 * i + 1] += m_velocity[2 * i + 1];
        m_yFloat[2 * i] = static_cast<float>(m_y[2 * i]);
        m_yFloat[2 * i + 1] = static_cast<float>(m_y[2 * i + 1]);
      }
    });
    if (m_options.heldPoints == 0) recentre();
  }

  const std::vector<double>& positions() const { return m_y; }

 private:
  // sum_j p_ij w_ij (y_i - y_j) for this worker's rows. Four pairs share
  // one vector division.
  void attract(unsigned worker) {
    const float* y = m_yFloat.data();
    const std::int32_t* columns = m_full.columns.data();
    const float* values = m_full.values.data();
    const F4 one = {1.0f, 1.0f, 1.0f, 1.0f};
    for (std::size_t i = m_rows[worker]; i < m_rows[worker + 1]; ++i) {
      const float xi = y[2 * i];
      const float yi = y[2 * i + 1];
      F4 fx = {0, 0, 0, 0};
      F4 fy = {0, 0, 0, 0};
      std::size_t e = m_full.start[i];
      const std::size_t end = m_full.start[i + 1];
      // Positions are interleaved, so one 8-byte load fetches a neighbour's
      // (x, y); lanes hold (x, y) of two neighbours until the distances are
      // gathered for one division of four.
      const F4 self = {xi, yi, xi, yi};
      F4 acc01 = {0, 0, 0, 0};
      F4 acc23 = {0, 0, 0, 0};
      for (; e + 4 <= end; e += 4) {
        const std::int32_t* j = columns + e;
        F2 a, b, c, d;
        __builtin_memcpy(&a, y + 2 * j[0], sizeof a);
        __builtin_memcpy(&b, y + 2 * j[1], sizeof b);
        __builtin_memcpy(&c, y + 2 * j[2], sizeof c);
        __builtin_memcpy(&d, y + 2 * j[3], sizeof d);
        const F4 d01 = self - __builtin_shufflevector(a, b, 0, 1, 2, 3);
        const F4 d23 = self - __builtin_shufflevector(c, d, 0, 1, 2, 3);
        const F4 s01 = d01 * d01;
        const F4 s23 = d23 * d23;
        const F4 dist2 = __builtin_shufflevector(s01, s23, 0, 2, 4, 6) + __builtin_shufflevector(s01, s23, 1, 3, 5, 7);
        F4 p;
        __builtin_memcpy(&p, values + e, sizeof p);
        const F4 w = p / (one + dist2);
        acc01 += __builtin_shufflevector(w, w, 0, 0, 1, 1) * d01;
        acc23 += __builtin_shufflevector(w, w, 2, 2, 3, 3) * d23;
      }
      const F4 acc = acc01 + acc23;
      fx[0] += acc[0] + acc[2];
      fy[0] += acc[1] + acc[3];
      float sx = fx[0] + fx[1] + fx[2] + fx[3];
      float sy = fy[0] + fy[1] + fy[2] + fy[3];
      for (; e < end; ++e) {
        const auto j = static_cast<std::size_t>(columns[e]);
        const float dx = xi - y[2 * j];
        const float dy = yi - y[2 * j + 1];
        const float w = values[e] / (1.0f + dx * dx + dy * dy);
        sx += w * dx;
        sy += w * dy;
      }
      m_attraction[2 * i] = sx;
      m_attraction[2 * i + 1] = sy;
    }
  }

  // The objective ignores translation; keeping the mean at zero stops drift.
  void recentre() {
    const std::size_t n = m_p.points;
    double mx = 0.0, my = 0.0;
    for (std::size_t i = 0; i < n; ++i) {
      mx += m_y[2 * i];
      my += m_y[2 * i + 1];
    }
    mx /= static_cast<double>(n);
    my /= static_cast<double>(n);
    for (std::size_t i = 0; i < 2 * n; i += 2) {
      m_y[i] -= mx;
      m_y[i + 1] -= my;
      m_yFloat[i] = static_cast<float>(m_y[i]);
      m_yFloat[i + 1] = static_cast<float>(m_y[i + 1]);
    }
  }

  const Affinities& m_p;
  const TsneOptions& m_options;
  WorkerPool& m_pool;
  double m_rate = 200.0;
  std::vector<double> m_y;
  std::vector<double> m_velocity;
  std::vector<double> m_gains;
  std::vector<double> m_repulsion;
  std::vector<float> m_yFloat;  // the positions the attraction reads
  std::vector<float> m_attraction;
  FullRows m_full;
  std::vector<std::size_t> m_rows;
  InterpolatedRepulsion m_repulsionField;
};

std::vector<double> initialPositions(const TsneOptions& options, std::size_t n) {
  std::vector<double> y(2 * n);
  if (options.initial) {
    for (std::size_t i = 0; i < n; ++i) {
      y[2 * i] = (*options.initial)(static_cast<Eigen::Index>(i), 0);
      y[2 * i + 1] = (*options.initial)(static_cast<Eigen::Index>(i), 1);
    }
  } else {
    RandomStream random(options.seed);
    for (double& v : y) v = 1e-4 * random.normal();
  }
  return y;
}

}  // namespace

TsneResult computeTsne(const PointMatrix& data, const TsneOptions& options, const std::atomic<bool>* cancel,
                       const TsneProgress& progress) {
  TsneResult result;
  const std::size_t n = static_cast<std::size_t>(data.rows());
  if (!(options.perplexity > 0.0) || options.iterations < 0 || !(options.maxGridSpacing > 0.0)) {
    result.status = TsneStatus::InvalidOptions;
    return result;
  }
  if (n < 2 || data.cols() < 1) {
    result.status = TsneStatus::TooFewPoints;
    return result;
  }
  if (options.heldPoints > 0 && (!options.initial || options.heldPoints > n)) {
    result.status = TsneStatus::InvalidOptions;
    return result;
  }
  if (options.initial && (static_cast<std::size_t>(options.initial->rows()) != n || !options.initial->allFinite())) {
    result.status = TsneStatus::InvalidInitial;
    return result;
  }
  WorkerPool pool(options.threads);
  const NeighbourPlan plan = planNeighbours(n, options.perplexity);
  result.perplexityUsed = plan.perplexity;
  const auto start = Clock::now();
  PartitionedKnnOptions partitioned;
  partitioned.seed = options.seed;
  const KnnGraph graph = n < static_cast<std::size_t>(std::max(0, options.exactNeighboursBelow))
                             ? exactKnn(data, plan.neighbours, pool)
                             : partitionedKnn(data, plan.neighbours, pool, partitioned);
  const Affinities p = perplexityAffinities(graph, result.perplexityUsed, pool);
  result.neighbourSeconds = secondsSince(start);

  const auto optimiseStart = Clock::now();
  Optimiser optimiser(p, options, initialPositions(options, n), pool);
  for (int iteration = 0; iteration < options.iterations; ++iteration) {
    if (cancel && cancel->load(std::memory_order_relaxed)) {
      result.status = TsneStatus::Cancelled;
      break;
    }
    optimiser.step(iteration);
    result.iterationsRun = iteration + 1;
    if (progress && options.progressInterval > 0 &&
        (result.iterationsRun % options.progressInterval == 0 || result.iterationsRun == options.iterations)) {
      progress(result.iterationsRun, options.iterations);
    }
  }
  result.optimiseSeconds = secondsSince(optimiseStart);

  const std::vector<double>& y = optimiser.positions();
  result.embedding.resize(static_cast<Eigen::Index>(n), 2);
  std::copy(y.begin(), y.end(), result.embedding.data());
  if (options.computeKl && result.status == TsneStatus::Ok) {
    const auto klStart = Clock::now();
    result.klDivergence = tsneKlDivergence(p, result.embedding, pool);
    result.klSeconds = secondsSince(klStart);
  }
  return result;
}

}  // namespace hetsched::embed
