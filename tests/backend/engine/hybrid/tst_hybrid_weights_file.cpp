// The hybrid's weights files: a round trip gives back the exact doubles,
// and every way a file can be wrong is refused with its own error, which a
// policy naming the file reports under the field that names it.
#include "base/model/topology.h"
#include "engine/core/scorer_registry.h"
#include "engine/hybrid/hybrid_registration.h"
#include "engine/hybrid/weights_file.h"
#include "engine/policy/compiled_policy.h"
#include "engine/sim/simulation_options.h"
#include "engine/sim/simulator.h"
#include "engine/sim/split_mix.h"
#include "engine/sim/synthetic_workload.h"

#include <QTemporaryDir>
#include <QTest>
#include <cstddef>
#include <cstdio>
#include <fstream>
#include <ios>
#include <sstream>
#include <string>
#include <variant>

using namespace hetsched;

class TestHybridWeightsFile : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void weightsRoundTrip() {
    QTemporaryDir dir;
    const std::string path = dir.filePath(QStringLiteral("w.txt")).toStdString();
    HybridModel model;
    SplitMix rng(3);
    for (double& w : model.weights) w = rng.uniform() - 0.5;
    QVERIFY(!saveWeights(path, model));
    const auto loaded = loadWeights(path);
    QVERIFY(std::holds_alternative<HybridModel>(loaded));
    QVERIFY(std::get<HybridModel>(loaded).weights == model.weights);  // bit for bit
    QCOMPARE(weightsHash(std::get<HybridModel>(loaded)), weightsHash(model));
  }

  void corruptWeightsFilesFailClearly_data() {
    QTest::addColumn<QString>("edit");
    QTest::addColumn<int>("error");
    QTest::newRow("missing") << "missing" << int(WeightsError::CannotOpen);
    QTest::newRow("magic") << "magic" << int(WeightsError::NotAWeightsFile);
    QTest::newRow("version") << "version" << int(WeightsError::VersionMismatch);
    QTest::newRow("dqn") << "dqn" << int(WeightsError::VersionMismatch);
    QTest::newRow("features") << "features" << int(WeightsError::FeatureMismatch);
    QTest::newRow("truncated") << "truncated" << int(WeightsError::Truncated);
    QTest::newRow("value") << "value" << int(WeightsError::ChecksumMismatch);
    QTest::newRow("garbage") << "garbage" << int(WeightsError::Malformed);
  }
  void corruptWeightsFilesFailClearly() {
    QFETCH(QString, edit);
    QFETCH(int, error);
    QTemporaryDir dir;
    const std::string path = dir.filePath(QStringLiteral("w.txt")).toStdString();
    HybridModel model;
    model.weights.fill(0.75);
    QVERIFY(!saveWeights(path, model));
    std::stringstream buffer;
    buffer << std::ifstream(path).rdbuf();
    std::string text = buffer.str();
    const auto line2 = text.find('\n') + 1;
    if (edit == u"missing") text.clear();
    if (edit == u"magic") text.replace(0, 8, "notsched");
    if (edit == u"version") text.replace(text.find(" 2\n"), 3, " 9\n");
    if (edit == u"dqn") text = "hetsched-hybrid-qnet 1\nfeatures 17 actions 4 layers 3 mask soft\n";
    if (edit == u"features") text.replace(line2, text.find(' ', line2 + 4) - line2, "job 3");
    if (edit == u"truncated") text.resize(text.size() / 2);
    if (edit == u"value") {
      const auto at = text.find("0x", line2) + 2;  // a weight's leading hex digit
      text[at] = text[at] == '1' ? '0' : '1';
    }
    if (edit == u"garbage") text.replace(text.find("node"), 4, "nope");
    if (edit == u"missing") std::remove(path.c_str());
    else std::ofstream(path, std::ios::trunc) << text;
    const auto loaded = loadWeights(path);
    QVERIFY(std::holds_alternative<WeightsError>(loaded));
    QCOMPARE(int(std::get<WeightsError>(loaded)), error);
    QVERIFY(!describe(std::get<WeightsError>(loaded)).empty());
    // A policy naming the file is refused by the core, naming the field and
    // the same error.
    ScorerRegistry registry;
    registerHybridScorer(registry);
    CompiledPolicy p;
    p.name = "hybrid";
    p.placement = PlacementKind::External;
    p.externalScorer = "hybrid:" + path;
    SimulationOptions options;
    options.scorers = &registry;
    options.weightsFromFiles = true;
    const Topology t = syntheticTopology(4);
    const auto errors = Simulator(t, p, options).check();
    QCOMPARE(errors.size(), std::size_t{1});
    QCOMPARE(errors.front().field, std::string("placement.hybrid_weights"));
    QCOMPARE(errors.front().problem, std::string(describe(std::get<WeightsError>(loaded))));
  }
};

QTEST_GUILESS_MAIN(TestHybridWeightsFile)
#include "tst_hybrid_weights_file.moc"
