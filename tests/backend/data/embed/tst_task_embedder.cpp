// Job features and the TaskEmbedder: training lowers the contrastive loss and
// separates job groups on held-out jobs; runs repeat exactly; model files
// round-trip and damaged ones are refused with a reason.
#include "base/model/device_model.h"
#include "base/model/job.h"
#include "builtin_model.h"
#include "data/embed/embedder_file.h"
#include "data/embed/job_features.h"
#include "data/embed/random_stream.h"
#include "data/embed/task_embedder.h"

#include <QTest>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <numeric>
#include <sstream>
#include <string>
#include <vector>

using namespace hetsched;
using hetsched::test::builtinModel;
using namespace hetsched::embed;

namespace {

// Four kinds of work from the seed: GPU training, latency-sensitive GPU
// inference, CPU batch and TPU training. Groups 0 and 3 share kind, priority
// and QoS and differ only in requests and device.
std::vector<JobSample> jobs(std::size_t count, std::uint64_t seed, std::vector<int>& groups) {
  RandomStream random(seed);
  auto between = [&](double lo, double hi) { return lo + (hi - lo) * random.uniform(); };
  std::vector<JobSample> out(count);
  groups.resize(count);
  for (std::size_t i = 0; i < count; ++i) {
    const int g = static_cast<int>(random.below(4));
    groups[i] = g;
    JobSample& s = out[i];
    JobSpec& spec = s.job.spec;
    s.job.submitTimeMs = static_cast<std::int64_t>(between(0.0, 7 * 86400e3));
    switch (g) {
      case 0:
        spec = {"train",
                JobKind::Training,
                PriorityClass::Middle,
                Qos::Guaranteed,
                {static_cast<std::uint32_t>(between(16000, 32000)), static_cast<std::uint64_t>(between(65536, 262144)),
                 static_cast<std::uint32_t>(between(4, 9)), 0, 0},
                between(3600, 36000),
                false,
                {},
                {}};
        s.device = builtinModel("A100");
        break;
      case 1:
        spec = {"serve",
                JobKind::Inference,
                PriorityClass::High,
                Qos::LatencySensitive,
                {static_cast<std::uint32_t>(between(1000, 4000)), static_cast<std::uint64_t>(between(4096, 16384)), 0,
                 static_cast<std::uint32_t>(between(100, 500)), 0},
                between(1, 120),
                false,
                {},
                {}};
        s.device = builtinModel("A100");
        break;
      case 2:
        spec = {"etl",
                JobKind::Batch,
                PriorityClass::Low,
                Qos::BestEffort,
                {static_cast<std::uint32_t>(between(4000, 16000)), static_cast<std::uint64_t>(between(8192, 32768)), 0,
                 0, 0},
                between(600, 3600),
                true,
                {},
                {}};
        s.device = builtinModel("Xeon");
        break;
      default:
        spec = {"tpu-train",
                JobKind::Training,
                PriorityClass::Middle,
                Qos::Guaranteed,
                {static_cast<std::uint32_t>(between(8000, 16000)), static_cast<std::uint64_t>(between(32768, 131072)),
                 0, 0, static_cast<std::uint32_t>(between(4, 9))},
                between(3600, 36000),
                false,
                {},
                {}};
        s.device = builtinModel("TPUv4");
        break;
    }
  }
  assignInterArrivals(out);
  return out;
}

double mean(const std::vector<float>& v, std::size_t from, std::size_t to) {
  return std::accumulate(v.begin() + static_cast<std::ptrdiff_t>(from), v.begin() + static_cast<std::ptrdiff_t>(to),
                         0.0) /
         static_cast<double>(to - from);
}

struct Trained {
  JobFeatures features;
  TaskEmbedder embedder{static_cast<int>(JobFeatures::kDimension), 3};
  std::vector<float> losses;
};

Trained train() {
  std::vector<int> groups;
  const std::vector<JobSample> samples = jobs(400, 1, groups);
  Trained t;
  t.features.fit(samples);
  ContrastiveTraining options;
  options.steps = 300;
  options.seed = 4;
  t.losses = t.embedder.train(t.features.encode(samples), groups, options);
  return t;
}

}  // namespace

class TstTaskEmbedder : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void featuresAreScaledAndOneHot() {
    std::vector<int> groups;
    const std::vector<JobSample> samples = jobs(300, 2, groups);
    JobFeatures features;
    features.fit(samples);
    const Eigen::MatrixXf x = features.encode(samples);
    QCOMPARE(x.rows(), Eigen::Index(JobFeatures::kDimension));
    const Eigen::MatrixXf numeric = x.topRows(JobFeatures::kNumeric);
    QVERIFY((numeric.rowwise().mean().array().abs() < 1e-3f).all());
    // One 1 in each one-hot block: kind, priority, QoS, device kind.
    QVERIFY((x.bottomRows(JobFeatures::kOneHot).colwise().sum().array() == 4.0f).all());
    // Device computational features come from the device the job ran on.
    const auto a100 = JobFeatures::numeric(samples[0]);
    QCOMPARE(a100[9], std::log1p(samples[0].device.peakTflops));
  }

  void trainingSeparatesJobGroups() {
    const Trained t = train();
    QCOMPARE(t.losses.size(), std::size_t{300});
    const double early = mean(t.losses, 0, 20);
    const double late = mean(t.losses, 280, 300);
    qInfo("contrastive loss: first 20 steps %.4f, last 20 steps %.4f", early, late);
    QVERIFY(late < 0.25 * early);

    // Nearest training-group centroid in embedding space, on jobs never seen.
    std::vector<int> trainGroups, testGroups;
    const Eigen::MatrixXf trainEmbedded = t.embedder.embed(t.features.encode(jobs(400, 1, trainGroups)));
    const Eigen::MatrixXf testEmbedded = t.embedder.embed(t.features.encode(jobs(200, 99, testGroups)));
    Eigen::MatrixXf centroids = Eigen::MatrixXf::Zero(TaskEmbedder::kOutput, 4);
    Eigen::VectorXf counts = Eigen::VectorXf::Zero(4);
    for (Eigen::Index i = 0; i < trainEmbedded.cols(); ++i) {
      centroids.col(trainGroups[static_cast<std::size_t>(i)]) += trainEmbedded.col(i);
      counts[trainGroups[static_cast<std::size_t>(i)]] += 1.0f;
    }
    for (int g = 0; g < 4; ++g) centroids.col(g) /= counts[g];
    int correct = 0;
    for (Eigen::Index i = 0; i < testEmbedded.cols(); ++i) {
      Eigen::Index best = 0;
      (centroids.colwise() - testEmbedded.col(i)).colwise().squaredNorm().minCoeff(&best);
      correct += best == testGroups[static_cast<std::size_t>(i)] ? 1 : 0;
    }
    const double accuracy = correct / static_cast<double>(testEmbedded.cols());
    qInfo("held-out nearest-centroid accuracy %.3f", accuracy);
    QVERIFY(accuracy >= 0.95);
  }

  void trainingIsDeterministic() {
    const Trained a = train();
    const Trained b = train();
    QVERIFY(a.embedder.w1() == b.embedder.w1());
    QVERIFY(a.embedder.w2() == b.embedder.w2());
    QCOMPARE(a.losses, b.losses);
  }

  void modelFileRoundTrips() {
    const Trained t = train();
    std::stringstream file;
    QCOMPARE(saveEmbedder(file, t.features, t.embedder), EmbedderFileError::None);
    const LoadedEmbedder loaded = loadEmbedder(file);
    QCOMPARE(loaded.error, EmbedderFileError::None);
    std::vector<int> groups;
    const std::vector<JobSample> samples = jobs(20, 5, groups);
    QVERIFY(loaded.embedder.embed(loaded.features.encode(samples)) == t.embedder.embed(t.features.encode(samples)));
  }

  void damagedModelFilesAreRefused() {
    const Trained t = train();
    std::stringstream file;
    saveEmbedder(file, t.features, t.embedder);
    const std::string good = file.str();
    auto load = [](const std::string& bytes) {
      std::istringstream in(bytes);
      return loadEmbedder(in).error;
    };
    std::string flipped = good;
    flipped[flipped.size() / 2] ^= 0x40;
    QCOMPARE(load(flipped), EmbedderFileError::ChecksumMismatch);
    QCOMPARE(load(good.substr(0, good.size() - 7)), EmbedderFileError::Truncated);
    QCOMPARE(load(good.substr(0, 10)), EmbedderFileError::Truncated);
    QCOMPARE(load(good + "x"), EmbedderFileError::ChecksumMismatch);
    QCOMPARE(load("not a model"), EmbedderFileError::NotAnEmbedderFile);
    QCOMPARE(load(""), EmbedderFileError::NotAnEmbedderFile);
    std::string newer = good;
    newer[8] = 2;
    QCOMPARE(load(newer), EmbedderFileError::UnsupportedVersion);
    QCOMPARE(loadEmbedder(std::string("/nonexistent/dir/model.bin")).error, EmbedderFileError::CannotOpen);
  }

  // A checksum only proves the bytes are the ones written: weights that went
  // NaN in training are refused too, rather than mapping every job to NaN.
  void nonFiniteWeightsAreRefused() {
    Trained t = train();
    QCOMPARE(decodeEmbedder(encodeEmbedder(t.features, t.embedder)).error, EmbedderFileError::None);
    t.embedder.w2()(3, 4) = std::numeric_limits<float>::quiet_NaN();
    QCOMPARE(decodeEmbedder(encodeEmbedder(t.features, t.embedder)).error, EmbedderFileError::NotFinite);
    t.embedder.w2()(3, 4) = std::numeric_limits<float>::infinity();
    QCOMPARE(decodeEmbedder(encodeEmbedder(t.features, t.embedder)).error, EmbedderFileError::NotFinite);
  }
};

QTEST_GUILESS_MAIN(TstTaskEmbedder)
#include "tst_task_embedder.moc"
