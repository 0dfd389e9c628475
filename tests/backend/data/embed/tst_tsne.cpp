// t-SNE: agreement with a reference implementation, neighbourhood
// preservation, determinism, warm start, cancellation and CSV errors.
#include "data/embed/csv_matrix.h"
#include "data/embed/embed_types.h"
#include "data/embed/exact_repulsion.h"
#include "data/embed/gaussian_clusters.h"
#include "data/embed/interpolated_repulsion.h"
#include "data/embed/tsne.h"
#include "data/embed/tsne_options.h"
#include "data/embed/tsne_schedule.h"
#include "data/embed/warm_start.h"
#include "data/embed/worker_pool.h"

#include <QTest>
#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <fstream>
#include <numeric>
#include <sstream>
#include <string>
#include <vector>

using namespace hetsched::embed;

namespace {

constexpr unsigned kThreads = 2;

PointMatrix readFixture(const char* name) {
  std::ifstream in(std::string(HETSCHED_EMBED_DATA) + "/" + name);
  const CsvMatrix csv = readCsvMatrix(in);
  if (!csv.ok()) qFatal("cannot read fixture %s", name);
  return csv.values;
}

// Venna and Kaski's trustworthiness: 1 when every point's k nearest map
// neighbours are among its k nearest input neighbours.
double trustworthiness(const PointMatrix& x, const Embedding2d& y, int k) {
  const Eigen::Index n = x.rows();
  double penalty = 0.0;
  std::vector<Eigen::Index> order(static_cast<std::size_t>(n));
  std::vector<int> inputRank(static_cast<std::size_t>(n));
  std::vector<double> dx(static_cast<std::size_t>(n)), dy(static_cast<std::size_t>(n));
  for (Eigen::Index i = 0; i < n; ++i) {
    for (Eigen::Index j = 0; j < n; ++j) {
      dx[static_cast<std::size_t>(j)] = j == i ? -1.0 : (x.row(i) - x.row(j)).squaredNorm();
      dy[static_cast<std::size_t>(j)] = j == i ? -1.0 : (y.row(i) - y.row(j)).squaredNorm();
    }
    std::iota(order.begin(), order.end(), Eigen::Index{0});
    std::sort(order.begin(), order.end(),
              [&](auto a, auto b) { return dx[static_cast<std::size_t>(a)] < dx[static_cast<std::size_t>(b)]; });
    for (Eigen::Index r = 0; r < n; ++r)
      inputRank[static_cast<std::size_t>(order[static_cast<std::size_t>(r)])] = static_cast<int>(r);
    std::iota(order.begin(), order.end(), Eigen::Index{0});
    std::partial_sort(order.begin(), order.begin() + k + 1, order.end(), [&](auto a, auto b) {
      return dy[static_cast<std::size_t>(a)] < dy[static_cast<std::size_t>(b)];
    });
    for (int m = 1; m <= k; ++m) {
      const int rank = inputRank[static_cast<std::size_t>(order[static_cast<std::size_t>(m)])];
      if (rank > k) penalty += rank - k;
    }
  }
  const double nn = static_cast<double>(n);
  return 1.0 - 2.0 / (nn * k * (2.0 * nn - 3.0 * k - 1.0)) * penalty;
}

TsneOptions options(std::uint64_t seed = 1) {
  TsneOptions o;
  o.seed = seed;
  o.threads = kThreads;
  return o;
}

}  // namespace

class TstTsne : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  // The reference map was computed once with Rtsne 0.16 (bhtsne, theta 0.5,
  // same perplexity and iterations; tests/data/embed/README.md). Both maps
  // are scored with the same exact KL, so only the optimisation differs.
  void reachesReferenceKl() {
    const PointMatrix data = readFixture("clusters_250x6.csv");
    const PointMatrix reference = readFixture("rtsne_map_250x6.csv");
    QCOMPARE(reference.rows(), data.rows());
    const double referenceKl = tsneKlDivergence(data, reference.cast<double>(), 30.0, kThreads);
    const TsneResult result = computeTsne(data, options());
    QCOMPARE(result.status, TsneStatus::Ok);
    qInfo("KL: ours %.4f, Rtsne %.4f", result.klDivergence, referenceKl);
    QVERIFY(referenceKl > 0.0);
    QVERIFY2(result.klDivergence <= referenceKl * 1.05 + 0.01, "KL well above the reference implementation's");
  }

  // Through the interpolation grid (forced; so small a map would otherwise
  // use the exact repulsion).
  void keepsNeighbours() {
    const LabelledPoints data = gaussianClusters(1200, 16, 6, 3);
    TsneOptions o = options();
    o.exactRepulsionBelow = 0;
    const TsneResult result = computeTsne(data.points, o);
    QCOMPARE(result.status, TsneStatus::Ok);
    const double t = trustworthiness(data.points, result.embedding, 10);
    qInfo("trustworthiness(10) %.4f, KL %.4f", t, result.klDivergence);
    QVERIFY(t >= 0.90);
  }

  void deterministicForSeedAndThreads() {
    const LabelledPoints data = gaussianClusters(400, 10, 4, 5);
    TsneOptions o = options(9);
    o.iterations = 300;
    const TsneResult a = computeTsne(data.points, o);
    const TsneResult b = computeTsne(data.points, o);
    QVERIFY(a.embedding == b.embedding);
    o.exactRepulsionBelow = 0;
    QVERIFY(computeTsne(data.points, o).embedding == computeTsne(data.points, o).embedding);
    o.exactRepulsionBelow = TsneOptions{}.exactRepulsionBelow;
    o.seed = 10;
    const TsneResult c = computeTsne(data.points, o);
    QVERIFY(a.embedding != c.embedding);
  }

  // The grid's sums against all pairs, on a map as dense as t-SNE makes them.
  void interpolationMatchesExactRepulsion() {
    const LabelledPoints data = gaussianClusters(3000, 2, 8, 21, 12.0);
    std::vector<double> y(6000), grid(6000), exact(6000);
    for (Eigen::Index i = 0; i < 3000; ++i) {
      y[static_cast<std::size_t>(2 * i)] = 2.0 * data.points(i, 0);
      y[static_cast<std::size_t>(2 * i + 1)] = 2.0 * data.points(i, 1);
    }
    WorkerPool pool(kThreads);
    InterpolatedRepulsion repulsion;
    const double zGrid = repulsion.compute(y, grid, pool);
    const double zExact = exactRepulsion(y, exact, pool);
    double err = 0.0, norm = 0.0;
    for (std::size_t c = 0; c < y.size(); ++c) {
      err += (grid[c] - exact[c]) * (grid[c] - exact[c]);
      norm += exact[c] * exact[c];
    }
    qInfo("grid %zu nodes: Z error %.2e, force error %.2e (relative)", repulsion.gridNodes(),
          std::abs(zGrid / zExact - 1.0), std::sqrt(err / norm));
    // Measured 3.5e-6 and 0.0495 on every worker count, libm and under
    // valgrind (docs/numerics.md): the bounds are 1.5x and more of that,
    // so a grid that is really coarser fails and last bits never do.
    QVERIFY(std::abs(zGrid / zExact - 1.0) < 5e-3);
    QVERIFY(std::sqrt(err / norm) < 0.075);
  }

  // The map view fits its axes to the points, so what an operator sees
  // move is what is left after the best translation and uniform scale: a
  // map still converging keeps growing a few per cent, which no one sees.
  void warmStartMovesOldPointsLittle() {
    const LabelledPoints all = gaussianClusters(610, 10, 5, 11);
    const PointMatrix first = all.points.topRows(600);
    const TsneResult before = computeTsne(first, options());
    QCOMPARE(before.status, TsneStatus::Ok);

    TsneOptions o = options();
    WorkerPool pool(1);
    o.initial = extendMap(all.points, before.embedding, pool);
    o.exaggerationIterations = 0;
    o.iterations = 150;
    const TsneResult after = computeTsne(all.points, o);
    QCOMPARE(after.status, TsneStatus::Ok);
    const Eigen::RowVector2d beforeCentre = before.embedding.colwise().mean();
    const Eigen::RowVector2d afterCentre = after.embedding.topRows(600).colwise().mean();
    const Eigen::MatrixXd a = before.embedding.rowwise() - beforeCentre;
    const Eigen::MatrixXd b = after.embedding.topRows(600).rowwise() - afterCentre;
    const double scale = (a.array() * b.array()).sum() / (b.array() * b.array()).sum();
    Eigen::MatrixXd fitted = (after.embedding.rowwise() - afterCentre) * scale;
    fitted.rowwise() += beforeCentre;
    const Eigen::VectorXd moved = (fitted.topRows(600) - before.embedding).rowwise().norm();
    std::vector<double> sorted(moved.data(), moved.data() + moved.size());
    std::sort(sorted.begin(), sorted.end());
    const double extent = (before.embedding.colwise().maxCoeff() - before.embedding.colwise().minCoeff()).maxCoeff();
    const double median = sorted[sorted.size() / 2];
    qInfo("map extent %.1f, scaled by %.3f, median move %.3f, 95th percentile %.3f", extent, 1.0 / scale, median,
          sorted[sorted.size() * 95 / 100]);
    // Bounds from issue 10 (raw moves over seeds 1-10: median 0.017-0.022 of
    // the extent, 95th percentile 0.022-0.029). After the fit, with the
    // early-stopped first map, seeds 1-10 measured a median of 0.0016-0.0037
    // and a 95th percentile of 0.005-0.016.
    QVERIFY(median < 0.04 * extent);
    QVERIFY(sorted[sorted.size() * 95 / 100] < 0.06 * extent);
    // A new point lands among the old points of its own cluster.
    for (Eigen::Index i = 600; i < 610; ++i) {
      Eigen::Index nearest = 0;
      (before.embedding.rowwise() - fitted.row(i)).rowwise().squaredNorm().minCoeff(&nearest);
      QCOMPARE(all.labels[static_cast<std::size_t>(nearest)], all.labels[static_cast<std::size_t>(i)]);
    }
  }

  // Held points stay exactly where `initial` put them; the new ones settle
  // among the old points of their own cluster.
  void heldPointsStayPut() {
    const LabelledPoints all = gaussianClusters(610, 10, 5, 11);
    const TsneResult before = computeTsne(all.points.topRows(600), options());
    TsneOptions o = options();
    WorkerPool pool(1);
    o.initial = extendMap(all.points, before.embedding, pool);
    o.heldPoints = 600;
    o.exaggerationIterations = 0;
    o.iterations = 150;
    const TsneResult after = computeTsne(all.points, o);
    QCOMPARE(after.status, TsneStatus::Ok);
    QVERIFY(after.embedding.topRows(600) == before.embedding);
    for (Eigen::Index i = 600; i < 610; ++i) {
      Eigen::Index nearest = 0;
      (before.embedding.rowwise() - after.embedding.row(i)).rowwise().squaredNorm().minCoeff(&nearest);
      QCOMPARE(all.labels[static_cast<std::size_t>(nearest)], all.labels[static_cast<std::size_t>(i)]);
    }
    o.initial.reset();
    QCOMPARE(computeTsne(all.points, o).status, TsneStatus::InvalidOptions);  // nothing to hold
  }

  // Two groups far apart: each point's neighbour list reaches into the
  // other group, whose affinities underflow to 0 and must add nothing to
  // the KL (0 log 0 made it NaN on some job maps).
  void klStaysFiniteWhenAffinitiesUnderflow() {
    PointMatrix data(40, 2);
    for (Eigen::Index i = 0; i < 40; ++i) {
      data(i, 0) = static_cast<float>(i % 20) * 0.1f + (i < 20 ? 0.0f : 1000.0f);
      data(i, 1) = static_cast<float>((i * 7) % 20) * 0.1f;
    }
    TsneOptions o = options();
    o.perplexity = 10.0;
    o.iterations = 50;
    const TsneResult result = computeTsne(data, o);
    QCOMPARE(result.status, TsneStatus::Ok);
    QVERIFY2(std::isfinite(result.klDivergence), qPrintable(QString::number(result.klDivergence)));
    QVERIFY(result.klDivergence >= 0.0);
  }

  // The run stops once the KL flattens, the exaggeration ends once the
  // clusters have formed, and the KL estimated from the grid (as for large
  // maps) agrees with the exact one.
  void stopsWhenKlFlattens() {
    const LabelledPoints data = gaussianClusters(3000, 10, 6, 4);
    TsneOptions o = options();
    o.exactKlBelow = 0;
    const TsneResult result = computeTsne(data.points, o);
    QCOMPARE(result.status, TsneStatus::Ok);
    const double exact = tsneKlDivergence(data.points, result.embedding, o.perplexity, kThreads);
    qInfo("%d iterations, %d exaggerated; KL estimated %.4f, exact %.4f", result.iterationsRun,
          result.exaggeratedIterations, result.klDivergence, exact);
    QVERIFY(result.iterationsRun < o.iterations);
    QVERIFY(result.exaggeratedIterations > 0 && result.exaggeratedIterations < o.exaggerationIterations);
    QVERIFY(result.klEstimated);
    QVERIFY(std::abs(result.klDivergence - exact) < 0.03 * exact);
    QVERIFY(!result.klHistory.empty());
    QVERIFY(result.klHistory.back().second < result.klHistory.front().second);
    o.klTolerance = 0.0;
    o.iterations = 300;
    QCOMPARE(computeTsne(data.points, o).iterationsRun, 300);
  }

  // After the exaggeration the stop looks at the lowest KL so far: a
  // momentary rise (the grid growing a size, an overshoot) neither stops a
  // run that is still improving nor counts as progress.
  void stopIgnoresMomentaryRise() {
    TsneOptions o = options();
    o.exaggerationIterations = 0;
    TsneSchedule schedule(o, 1000);
    double kl = 3.0;
    int it = 9;
    for (; it < 200; it += 10) {
      QVERIFY(schedule.record(it, kl));
      kl *= 0.99;  // 1 % per estimate: 5 % per window, well above 0.4 %
    }
    QVERIFY(schedule.record(it, 1.5 * kl));  // a spike
    for (it += 10; it < 300; it += 10) {
      QVERIFY(schedule.record(it, kl));
      kl *= 0.99;
    }
    // Flat from here (rises included): stops within a window or two.
    int stoppedAt = -1;
    for (int j = 0; j < 20 && stoppedAt < 0; ++j, it += 10)
      if (!schedule.record(it, j % 3 == 0 ? kl * 1.02 : kl)) stoppedAt = j;
    QVERIFY2(stoppedAt >= 0 && stoppedAt <= 10, qPrintable(QString::number(stoppedAt)));
  }

  // Intermediate maps: first when the exaggeration ends, then every
  // layoutInterval iterations, never the last (that is the result).
  void layoutsWhileSettling() {
    const LabelledPoints data = gaussianClusters(600, 8, 3, 2);
    TsneOptions o = options();
    o.klTolerance = 0.0;
    o.iterations = 400;
    o.layoutInterval = 100;
    std::vector<int> at;
    const TsneResult result = computeTsne(data.points, o, nullptr, {}, [&](int done, const Embedding2d& map) {
      QCOMPARE(map.rows(), data.points.rows());
      QVERIFY(map.allFinite());
      at.push_back(done);
    });
    QCOMPARE(result.status, TsneStatus::Ok);
    QVERIFY(!at.empty());
    const int end = result.exaggeratedIterations;
    std::vector<int> expected;
    for (int i = end; i < o.iterations; i += o.layoutInterval) expected.push_back(i);
    QCOMPARE(at, expected);
  }

  void cancelsAndReportsProgress() {
    const LabelledPoints data = gaussianClusters(300, 8, 3, 2);
    std::atomic<bool> cancel{false};
    std::vector<int> reports;
    TsneOptions o = options();
    o.klTolerance = 0.0;
    const TsneResult result = computeTsne(data.points, o, &cancel, [&](int done, int total) {
      QCOMPARE(total, o.iterations);
      reports.push_back(done);
      if (done >= 50) cancel.store(true);
    });
    QCOMPARE(result.status, TsneStatus::Cancelled);
    QCOMPARE(result.iterationsRun, 50);
    QCOMPARE(reports, (std::vector<int>{10, 20, 30, 40, 50}));
  }

  void rejectsBadInput() {
    PointMatrix one(1, 3);
    one.setZero();
    QCOMPARE(computeTsne(one, options()).status, TsneStatus::TooFewPoints);
    TsneOptions o = options();
    o.perplexity = 0.0;
    QCOMPARE(computeTsne(gaussianClusters(20, 2, 2, 1).points, o).status, TsneStatus::InvalidOptions);
    o = options();
    o.initial = Embedding2d::Zero(5, 2);
    QCOMPARE(computeTsne(gaussianClusters(20, 2, 2, 1).points, o).status, TsneStatus::InvalidInitial);
    // Fewer points than 3 * perplexity neighbours: the perplexity shrinks.
    const TsneResult small = computeTsne(gaussianClusters(20, 2, 2, 1).points, options());
    QCOMPARE(small.status, TsneStatus::Ok);
    QVERIFY(small.perplexityUsed < 7.0);
    QVERIFY(small.embedding.allFinite());
  }

  void csvErrors_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("kind");
    QTest::addColumn<int>("line");
    QTest::addColumn<int>("column");
    QTest::addColumn<QString>("token");
    QTest::newRow("word") << "1,2\n3,x\n" << int(CsvError::Kind::NotANumber) << 2 << 2 << "x";
    QTest::newRow("empty cell") << "1,2,3\n4,,6\n" << int(CsvError::Kind::NotANumber) << 2 << 2 << "";
    QTest::newRow("nan") << "1\nnan\n" << int(CsvError::Kind::NotANumber) << 2 << 1 << "nan";
    QTest::newRow("trailing junk") << " 1.5e3 , 2x\n" << int(CsvError::Kind::NotANumber) << 1 << 2 << "2x";
    QTest::newRow("header") << "a,b\n1,2\n" << int(CsvError::Kind::NotANumber) << 1 << 1 << "a";
    QTest::newRow("ragged") << "1,2\n\n3\n" << int(CsvError::Kind::RaggedRow) << 3 << 0 << "";
    QTest::newRow("empty") << "\n\n" << int(CsvError::Kind::Empty) << 0 << 0 << "";
  }

  void csvErrors() {
    QFETCH(QString, text);
    QFETCH(int, kind);
    QFETCH(int, line);
    QFETCH(int, column);
    QFETCH(QString, token);
    std::istringstream in(text.toStdString());
    const CsvMatrix csv = readCsvMatrix(in);
    QCOMPARE(int(csv.error.kind), kind);
    QCOMPARE(int(csv.error.line), line);
    QCOMPARE(int(csv.error.column), column);
    QCOMPARE(QString::fromStdString(csv.error.token), token);
  }

  void csvReadsNumbers() {
    std::istringstream in("1, -2.5\r\n\n+3,4e-2\n");
    const CsvMatrix csv = readCsvMatrix(in);
    QVERIFY(csv.ok());
    QCOMPARE(csv.values.rows(), 2);
    QCOMPARE(csv.values(0, 1), -2.5f);
    QCOMPARE(csv.values(1, 0), 3.0f);
    QCOMPARE(csv.values(1, 1), 0.04f);
  }
};

QTEST_GUILESS_MAIN(TstTsne)
#include "tst_tsne.moc"
