// Neighbour search for t-SNE: the partitioned (approximate) search finds
// most true neighbours, both searches give the same graph for any thread
// count, and the selection does not depend on the order of candidates.
#include "data/embed/gaussian_clusters.h"
#include "data/embed/knn_graph.h"
#include "data/embed/nearest_k.h"
#include "data/embed/partitioned_knn.h"
#include "data/embed/random_stream.h"
#include "data/embed/worker_pool.h"

#include <QTest>
#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <numeric>
#include <vector>

using namespace hetsched::embed;

namespace {

constexpr std::size_t kNeighbours = 90;

// Fraction of the search's neighbours no farther than the true k-th: ties
// at the k-th distance count as found.
double recall(const KnnGraph& found, const KnnGraph& truth) {
  std::size_t hits = 0;
  const std::size_t n = truth.indices.size() / truth.k;
  for (std::size_t i = 0; i < n; ++i) {
    const double kth = truth.distances2[(i + 1) * truth.k - 1];
    for (std::size_t m = 0; m < found.k; ++m) hits += found.distances2[i * found.k + m] <= kth * (1.0 + 1e-6) ? 1 : 0;
  }
  return static_cast<double>(hits) / static_cast<double>(truth.indices.size());
}

void checkWellFormed(const KnnGraph& graph, std::size_t n) {
  QCOMPARE(graph.indices.size(), n * graph.k);
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t m = 0; m < graph.k; ++m) {
      const std::int32_t j = graph.indices[i * graph.k + m];
      QVERIFY(j >= 0 && static_cast<std::size_t>(j) < n && static_cast<std::size_t>(j) != i);
      if (m > 0)
        QVERIFY(graph.distances2[i * graph.k + m - 1] <= graph.distances2[i * graph.k + m] * (1.0 + 1e-5) + 1e-9);
    }
  }
}

}  // namespace

class TstKnn : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  // Clusters in a few dimensions, like job embeddings: low intrinsic
  // dimension, where cells are meaningful.
  void partitionedFindsMostNeighbours() {
    const LabelledPoints data = gaussianClusters(6000, 8, 10, 2);
    WorkerPool pool(2);
    const KnnGraph exact = exactKnn(data.points, kNeighbours, pool);
    const KnnGraph approx = partitionedKnn(data.points, kNeighbours, pool);
    checkWellFormed(exact, 6000);
    checkWellFormed(approx, 6000);
    const double r = recall(approx, exact);
    qInfo("recall %.4f", r);
    QVERIFY(r > 0.8);
  }

  void sameGraphForAnyThreadCount() {
    const LabelledPoints data = gaussianClusters(3000, 12, 7, 5);
    WorkerPool one(1), two(2), three(3);
    const KnnGraph a = partitionedKnn(data.points, kNeighbours, one);
    QVERIFY(partitionedKnn(data.points, kNeighbours, two).indices == a.indices);
    QVERIFY(partitionedKnn(data.points, kNeighbours, three).indices == a.indices);
    const KnnGraph e = exactKnn(data.points, kNeighbours, one);
    QVERIFY(exactKnn(data.points, kNeighbours, three).indices == e.indices);
  }

  // A search no longer wanted neither searches nor fills the graph's n k
  // entries (108 MB at 10^5 points): a closing console waits for it.
  void cancelledSearchAllocatesNothing() {
    const LabelledPoints data = gaussianClusters(3000, 12, 7, 5);
    WorkerPool pool(2);
    const std::atomic<bool> cancel{true};
    const KnnGraph approx = partitionedKnn(data.points, kNeighbours, pool, {}, &cancel);
    const KnnGraph exact = exactKnn(data.points, kNeighbours, pool, &cancel);
    QCOMPARE(approx.k, kNeighbours);
    QVERIFY(approx.indices.empty() && approx.distances2.empty());
    QVERIFY(exact.indices.empty() && exact.distances2.empty());
  }

  // Few points: every cell is searched and the result is exact.
  void partitionedSmallInputIsExact() {
    const LabelledPoints data = gaussianClusters(60, 3, 2, 8);
    WorkerPool pool(2);
    const KnnGraph exact = exactKnn(data.points, 20, pool);
    const KnnGraph approx = partitionedKnn(data.points, 20, pool);
    QCOMPARE(recall(approx, exact), 1.0);
  }

  void selectionIgnoresCandidateOrder() {
    // Many equal distances: ties must go by index, whatever the order.
    constexpr std::size_t count = 500;
    std::vector<float> norms(count), dots(count, 0.0f);
    std::vector<std::int32_t> ids(count);
    std::iota(ids.begin(), ids.end(), 0);
    for (std::size_t m = 0; m < count; ++m) norms[m] = static_cast<float>(m % 17);
    NearestK nearest(40);
    nearest.offer(0.0f, 3, norms.data(), dots.data(), ids.data(), 0, count);
    const auto sorted = nearest.sorted();
    const std::vector<NearestK::Candidate> first(sorted.begin(), sorted.end());
    QCOMPARE(first.size(), std::size_t{40});
    RandomStream random(4);
    for (std::size_t m = count - 1; m > 0; --m) {
      const auto other = static_cast<std::size_t>(random.below(m + 1));
      std::swap(norms[m], norms[other]);
      std::swap(ids[m], ids[other]);
    }
    nearest.clear();
    nearest.offer(0.0f, 3, norms.data(), dots.data(), ids.data(), 0, count);
    const auto again = nearest.sorted();
    QVERIFY(std::equal(first.begin(), first.end(), again.begin(), again.end()));
    for (const auto c : first) QVERIFY(NearestK::index(c) != 3);
    QCOMPARE(NearestK::distance(first.front()), 0.0f);
    QCOMPARE(NearestK::index(first.front()), 0);
  }
};

QTEST_GUILESS_MAIN(TstKnn)
#include "tst_knn.moc"
