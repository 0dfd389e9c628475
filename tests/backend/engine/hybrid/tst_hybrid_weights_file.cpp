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

  // A policy pushed before the host features carries a version-2 file: it
  // loads with those features' weights 0, every other weight as written.
  void versionTwoFilesLoadWithHostWeightsZero() {
    // Written by train-hybrid of 01815ff (all four openb lists).
    const std::string v2 =
        "hetsched-hybrid-policy 2\njob 5 node 8 defer 5 window 16\n"
        "-0x1.0d1e6e72949e7p-1\n-0x1.77ea202905a27p-2\n0x1.883fef6214d0bp-4\n0x1.4887bb54ed45dp-1\n"
        "0x1.9db882fe5c24cp-4\n0x1.27fa23472bdd9p-2\n-0x1.e7363b7473f65p-4\n0x1.119e358e06dbfp-1\n"
        "-0x1.74550bd753145p-2\n0x1.655de1ae00c99p+0\n0x1.7bbe6a49e24ep+0\n0x1.56e0a76b700f3p+0\n"
        "0x1.3405a8248d873p-1\n-0x1.2583bbacf19b9p+0\n0x1.9b71336a7b1fdp-3\n-0x1.c1c7cbeda9c8bp-2\n"
        "-0x1.2e5531ddad3f5p-2\n-0x1.9eb10ce296e68p-4\nchecksum 6f10f444c4b55d7d\n";
    const auto loaded = parseWeights(v2);
    QVERIFY(std::holds_alternative<HybridModel>(loaded));
    const HybridModel& m = std::get<HybridModel>(loaded);
    QCOMPARE(m.job()[0], -0x1.0d1e6e72949e7p-1);
    QCOMPARE(m.node()[0], 0x1.27fa23472bdd9p-2);
    // The node block: version 2's eight values, then host CPU and memory.
    const std::size_t hostCpu = m.node().size() - 2;
    QCOMPARE(m.node()[hostCpu - 1], 0x1.3405a8248d873p-1);
    QCOMPARE(m.node()[hostCpu], 0.0);
    QCOMPARE(m.node()[hostCpu + 1], 0.0);
    QCOMPARE(m.defer()[0], -0x1.2583bbacf19b9p+0);
    QCOMPARE(m.defer()[4], -0x1.9eb10ce296e68p-4);
    // Saved again, it is a version-3 file that loads to the same weights.
    const auto again = parseWeights(weightsText(m));
    QVERIFY(std::holds_alternative<HybridModel>(again));
    QVERIFY(std::get<HybridModel>(again).weights == m.weights);
    // Its checksum covers the 18 values it has: one changed is refused.
    std::string edited = v2;
    edited.replace(edited.find("0x1.883f"), 8, "0x1.883e");
    const auto changed = parseWeights(edited);
    QVERIFY(std::holds_alternative<WeightsError>(changed));
    QCOMPARE(int(std::get<WeightsError>(changed)), int(WeightsError::ChecksumMismatch));
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
    if (edit == u"version") text.replace(text.find(" " + std::to_string(kWeightsFormatVersion) + "\n"), 3, " 9\n");
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
