// The what-if tab driven headless through the main window's wiring: the
// numbers match `hetsched whatif`, the metrics model passes the model
// tester, cancel stops a long run, CSV and charts export.
#include "base/model/job.h"
#include "base/model/topology.h"
#include "builtin_policy.h"
#include "data/store/snapshot_data.h"
#include "data/store/snapshot_store.h"
#include "engine/policy/policy_loader.h"
#include "engine/sim/sim_result.h"
#include "policy.pb.h"
#include "policy_pages.h"
#include "sources/cluster/live_policies.h"
#include "sources/cluster/sim_options.h"
#include "sources/cluster/simulated_cluster.h"
#include "store_test_data.h"
#include "usecases/whatif/whatif_metrics.h"
#include "usecases/whatif/whatif_run.h"
#include "usecases/whatif/whatif_source.h"
#include "whatif_runner.h"
#include "widgets/canary_progress.h"
#include "widgets/whatif_metrics_model.h"
#include "widgets/whatif_view.h"

#include <QAbstractItemModelTester>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>
#include <variant>
#include <vector>

using namespace hetsched;

namespace {

// The console's policy tabs with no gateway: the what-if needs none.
struct Console {
  QWidget host;
  PolicyPages pages{nullptr, &host};
  WhatifView* view() { return pages.whatif(); }
  WhatifRunner* runner() { return pages.runner(); }
};

bool runAndWait(WhatifView* view, WhatifRunner* runner, int timeoutMs = 120000) {
  QSignalSpy finished(runner, &WhatifRunner::finished);
  if (!view->run()) return false;
  return finished.wait(timeoutMs);
}

// Runs `hetsched whatif ARGS --policy NAME... --json` and checks that every
// number of its JSON summary is the one the view's metrics model shows.
void compareWithCli(const WhatifView* view, QStringList args, const QStringList& names, int* compared) {
  QTemporaryDir dir;
  const QString json = dir.filePath(QStringLiteral("whatif.json"));
  args.prepend(QStringLiteral("whatif"));
  args << QStringLiteral("--json") << json;
  for (const QString& n : names) args << QStringLiteral("--policy") << n;
  QProcess cli;
  cli.start(QStringLiteral(HETSCHED_CLI), args);
  QVERIFY(cli.waitForFinished(120000));
  QVERIFY2(cli.exitCode() == 0, cli.readAllStandardError().constData());
  QFile file(json);
  QVERIFY(file.open(QIODevice::ReadOnly));
  const QJsonArray policies =
      QJsonDocument::fromJson(file.readAll()).object().value(QStringLiteral("policies")).toArray();
  QCOMPARE(policies.size(), names.size());

  const WhatifMetricsModel* model = view->metricsModel();
  QCOMPARE(model->columnCount(), 1 + static_cast<int>(names.size()));
  for (int p = 0; p < policies.size(); ++p) {
    const QJsonObject entry = policies[p].toObject();
    QCOMPARE(entry.value(QStringLiteral("name")).toString(), names[p]);
    QCOMPARE(model->headerData(p + 1, Qt::Horizontal).toString(), names[p]);
    const QJsonObject summary = entry.value(QStringLiteral("summary")).toObject();
    for (auto it = summary.begin(); it != summary.end(); ++it) {
      const int row = model->rowOf(it.key());
      QVERIFY2(row >= 0, qPrintable(it.key()));
      const double ours = model->data(model->index(row, p + 1), WhatifMetricsModel::ValueRole).toDouble();
      const double theirs = it.value().toDouble();
      // The CLI's JSON prints 6 significant digits.
      QVERIFY2(std::abs(ours - theirs) <= 1e-5 * std::max(1.0, std::abs(theirs)),
               qPrintable(QStringLiteral("%1 %2: %3 vs CLI %4").arg(names[p], it.key()).arg(ours).arg(theirs)));
      ++*compared;
    }
  }
}

}  // namespace

class TestWhatifView : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void sameNumbersAsCli() {
    Console c;
    WhatifSource source;
    source.nodes = 30;
    source.jobs = 1500;
    source.seed = 3;
    source.load = 0.95;
    c.view()->setSource(source);
    const QStringList names{QStringLiteral("fcfs"), QStringLiteral("sjf"), QStringLiteral("priority-aging"),
                            QStringLiteral("best-fit")};
    for (const QString& n : names)
      c.view()->addPolicy(test::builtinPolicy(n.toStdString()), QStringLiteral("built-in"));
    QVERIFY(runAndWait(c.view(), c.runner()));

    QStringList args{QStringLiteral("--nodes"), QStringLiteral("30"),     QStringLiteral("--synthetic"),
                     QStringLiteral("1500"),    QStringLiteral("--seed"), QStringLiteral("3"),
                     QStringLiteral("--load"),  QStringLiteral("0.95")};
    int compared = 0;
    compareWithCli(c.view(), args, names, &compared);
    if (QTest::currentTestFailed()) return;
    QVERIFY(compared >= 4 * 19);
    // Something did change between the policies, and the table shows it,
    // naming each job by kind rather than a bare number (issue 13).
    QVERIFY(c.view()->changedJobs()->rowCount() > 0);
    const QString job = c.view()->changedJobs()->item(0, 0)->text();
    QVERIFY2(job.contains(QStringLiteral(" · ")), qPrintable(job));
  }

  // Issue 13: Browse hid the .hsnap files the console itself writes.
  void browseOffersTheConsolesOwnSnapshots() {
    QVERIFY2(WhatifView::snapshotFilter().contains(QStringLiteral("*.hsnap")),
             qPrintable(WhatifView::snapshotFilter()));
  }

  // Workload names are paths: quotes and bytes that are not UTF-8 must not
  // break the JSON (they did when it was written by hand).
  void jsonSurvivesOddWorkloadNames() {
    SimSummary summary;
    summary.completed = 3;
    const std::string json = whatifJson("a \"quoted\" path\\with\xff byte", {{"fcfs", summary}});
    const QJsonDocument doc = QJsonDocument::fromJson(QByteArray::fromStdString(json));
    QVERIFY(doc.isObject());
    QVERIFY(doc.object()
                .value(QStringLiteral("workload"))
                .toString()
                .startsWith(QStringLiteral("a \"quoted\" path\\with")));
    QCOMPARE(doc.object()
                 .value(QStringLiteral("policies"))
                 .toArray()
                 .at(0)
                 .toObject()
                 .value(QStringLiteral("summary"))
                 .toObject()
                 .value(QStringLiteral("completed"))
                 .toInt(),
             3);
  }

  void metricsModelUnderTester() {
    WhatifMetricsModel model;
    {
      // The translated labels are listed in the widget, the metrics in the
      // backend: every row must still carry its own label.
      auto results = std::make_shared<WhatifResults>();
      results->runs.push_back({"x", {}, 0.0});
      model.setResults(results);
      const auto label = [&](const char* key) {
        return model.data(model.index(model.rowOf(QString::fromLatin1(key)), 0)).toString();
      };
      QCOMPARE(label("completed"), QStringLiteral("Jobs completed"));
      QCOMPARE(label("gpu_allocation_arrivals"), QStringLiteral("GPU allocated while jobs arrive"));
      QCOMPARE(label("allocation_tpu"), QStringLiteral("TPU allocated"));
      QCOMPARE(label("migrations"), QStringLiteral("Migrations"));
      QCOMPARE(model.rowCount(), static_cast<int>(whatifMetrics().size()));
    }
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    WhatifWorkload w = syntheticWhatifWorkload(10, 200, 1, 0.9);
    auto results = std::make_shared<WhatifResults>();
    for (const char* name : {"fcfs", "sjf"}) {
      auto run = runWhatifPolicy(w, test::builtinPolicy(name), {});
      QVERIFY(std::holds_alternative<SimResult>(run));
      results->runs.push_back({name, std::get<SimResult>(run), 0.0});
    }
    model.setResults(results);
    QCOMPARE(model.columnCount(), 3);
    const int wait = model.rowOf(QStringLiteral("wait_avg_s"));
    const double d = model.delta(wait, 1);
    const QVariant colour = model.data(model.index(wait, 2), Qt::ForegroundRole);
    if (std::abs(d) > 0.01) QCOMPARE(colour.value<QColor>().green() > colour.value<QColor>().red(), d < 0);
    model.setResults(nullptr);
    QCOMPARE(model.rowCount(), 0);
  }

  void cancelStopsLongRun() {
    Console c;
    WhatifSource source;
    source.nodes = 400;
    source.jobs = 400000;
    c.view()->setSource(source);
    for (int i = 0; i < 6; ++i)
      c.view()->addPolicy(test::builtinPolicy(i % 2 ? "sjf" : "fcfs"), QStringLiteral("built-in"));
    WhatifRunner* runner = c.runner();
    QSignalSpy cancelled(runner, &WhatifRunner::cancelled);
    QSignalSpy finished(runner, &WhatifRunner::finished);
    QSignalSpy progress(runner, &WhatifRunner::progress);
    QVERIFY(c.view()->run());
    QVERIFY(runner->busy());
    // Cancel once the simulator itself runs (the progress has moved).
    QTRY_VERIFY_WITH_TIMEOUT(!progress.isEmpty() && progress.last().at(0).toInt() > 0, 60000);
    QElapsedTimer clock;
    clock.start();
    Q_EMIT c.view()->cancelRequested();
    QVERIFY(cancelled.wait(10000));
    QVERIFY(clock.elapsed() < 5000);
    QVERIFY(finished.isEmpty());
    QVERIFY(!runner->busy());
  }

  void snapshotSource() {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("snap.hsnap"));
    const SnapshotData data = test::simSnapshot(5, 3);
    QVERIFY(!data.jobs.empty());
    SnapshotId id = 0;
    {
      auto store = SnapshotStore::open(path.toStdString(), OpenMode::Create);
      QVERIFY(std::holds_alternative<SnapshotStore>(store));
      auto saved = std::get<SnapshotStore>(store).save(data);
      QVERIFY(std::holds_alternative<SnapshotId>(saved));
      id = std::get<SnapshotId>(saved);
    }
    Console c;
    QSignalSpy recorded(c.runner(), &WhatifRunner::recorded);
    WhatifSource source;
    source.kind = WhatifSource::Kind::Snapshot;
    source.path = path.toStdString();
    source.snapshotId = id;
    c.view()->setSource(source);
    QCOMPARE(c.view()->source().snapshotId, id);
    c.view()->addPolicy(test::builtinPolicy("fcfs"), QStringLiteral("built-in"));
    c.view()->addPolicy(test::builtinPolicy("best-fit"), QStringLiteral("built-in"));
    QVERIFY(runAndWait(c.view(), c.runner()));
    const auto results = c.view()->results();
    QCOMPARE(results->runs.size(), std::size_t{2});
    // Its recorded policy is not one the engine runs: fidelity unknown, and why.
    QVERIFY2(c.view()->fidelityShown().contains(QStringLiteral("not one the engine runs")),
             qPrintable(c.view()->fidelityShown()));
    QVERIFY(results->runs[1].result.summary.completed > 0);
    // `hetsched whatif --snapshot` on the same snapshot gives the same numbers.
    int compared = 0;
    compareWithCli(c.view(), {QStringLiteral("--snapshot"), path, QStringLiteral("--snapshot-id"), QString::number(id)},
                   {QStringLiteral("fcfs"), QStringLiteral("best-fit")}, &compared);
    QVERIFY(compared >= 2 * 19);

    // Both comparisons stay with the snapshot: the console's, then the CLI's.
    QCOMPARE(recorded.size(), 1);
    QVERIFY2(recorded.front().at(1).toBool(), qPrintable(recorded.front().at(0).toString()));
    auto store = SnapshotStore::open(path.toStdString(), OpenMode::ReadOnly);
    QVERIFY(std::holds_alternative<SnapshotStore>(store));
    auto runs = std::get<SnapshotStore>(store).whatIfRuns(id);
    QVERIFY(std::holds_alternative<std::vector<WhatIfRun>>(runs));
    const auto& list = std::get<std::vector<WhatIfRun>>(runs);
    QCOMPARE(list.size(), std::size_t{4});
    const WhatifMetricsModel* model = c.view()->metricsModel();
    for (std::size_t i = 0; i < list.size(); ++i) {
      QCOMPARE(list[i].policy.name, std::string(i % 2 ? "best-fit" : "fcfs"));
      QVERIFY(!list[i].policy.json.empty());
      const QJsonObject body = QJsonDocument::fromJson(QByteArray::fromStdString(list[i].resultsJson)).object();
      QCOMPARE(body.value(QStringLiteral("baseline")).toString(), QStringLiteral("fcfs"));
      const QJsonObject summary = body.value(QStringLiteral("summary")).toObject();
      QCOMPARE(summary.size(), model->rowCount());
      const int row = model->rowOf(QStringLiteral("wait_avg_s"));
      QCOMPARE(summary.value(QStringLiteral("wait_avg_s")).toDouble(),
               model->data(model->index(row, 1 + static_cast<int>(i % 2)), WhatifMetricsModel::ValueRole).toDouble());
    }
  }

  // Before a run, the line above the results says what is still missing.
  void hintSaysWhatIsMissing() {
    Console c;
    QVERIFY(c.view()->statusShown().contains(QStringLiteral("at least two policies")));
    c.view()->addPolicy(test::builtinPolicy("fcfs"), QStringLiteral("built-in"));
    QVERIFY2(c.view()->statusShown().startsWith(QStringLiteral("Add a candidate to compare with fcfs")),
             qPrintable(c.view()->statusShown()));
    c.view()->addPolicy(test::builtinPolicy("sjf"), QStringLiteral("built-in"));
    QVERIFY2(c.view()->statusShown().contains(QStringLiteral("compares 2 policies")),
             qPrintable(c.view()->statusShown()));
    QVERIFY(runAndWait(c.view(), c.runner()));
    const QString ran = c.view()->statusShown();
    c.view()->addPolicy(test::builtinPolicy("fcfs"), QStringLiteral("built-in"));
    QCOMPARE(c.view()->statusShown(), ran);  // the results on screen keep their line
  }

  // "Policy in force" on a snapshot puts the policy it recorded first, as
  // the baseline; one the engine cannot run is refused with the reason.
  void policyInForceIsTheBaseline() {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("inforce.hsnap"));
    SnapshotData data = test::simSnapshot(5, 3);
    const v1::Policy recorded = liveDefaultPolicy();
    data.policy = {recorded.name(), recorded.version(), policyToJson(recorded)};
    SnapshotData foreign = test::simSnapshot(5, 4);  // a policy JSON the engine does not know
    SnapshotId id = 0, foreignId = 0;
    {
      auto store = SnapshotStore::open(path.toStdString(), OpenMode::Create);
      QVERIFY(std::holds_alternative<SnapshotStore>(store));
      id = std::get<SnapshotId>(std::get<SnapshotStore>(store).save(data));
      foreignId = std::get<SnapshotId>(std::get<SnapshotStore>(store).save(foreign));
    }
    Console c;
    WhatifSource source;
    source.kind = WhatifSource::Kind::Snapshot;
    source.path = path.toStdString();
    source.snapshotId = id;
    c.view()->setSource(source);
    c.view()->addPolicy(test::builtinPolicy("sjf"), QStringLiteral("built-in"));
    c.pages.addPolicyInForce();
    QCOMPARE(c.view()->policies().size(), std::size_t{2});
    QCOMPARE(c.view()->policies().front().name(), recorded.name());
    QVERIFY(runAndWait(c.view(), c.runner()));
    QCOMPARE(c.view()->results()->runs.front().policy, recorded.name());
    // Beside the comparison: how well the engine reproduces this snapshot's
    // past (recorded under another policy, so not exactly, but measured).
    QVERIFY(c.view()->results()->fidelity.has_value());
    // (Three frames: too short a past for any job to start in it.)
    QVERIFY2(c.view()->fidelityShown().startsWith(QStringLiteral("Fidelity: no job started within this snapshot's")),
             qPrintable(c.view()->fidelityShown()));
    if (qEnvironmentVariableIsSet("HETSCHED_SCREENSHOT_DIR")) {
      c.view()->resize(1400, 800);
      c.view()->show();
      QVERIFY(c.view()->grab().save(
          QDir(qEnvironmentVariable("HETSCHED_SCREENSHOT_DIR")).filePath(QStringLiteral("whatif-fidelity.png"))));
    }

    source.snapshotId = foreignId;
    c.view()->setSource(source);
    QSignalSpy said(&c.pages, &PolicyPages::statusMessage);
    c.pages.addPolicyInForce();
    QCOMPARE(c.view()->policies().size(), std::size_t{2});  // nothing added
    QCOMPARE(said.size(), 1);
    QVERIFY2(said.front().front().toString().contains(QStringLiteral("not one the engine runs")),
             qPrintable(said.front().front().toString()));
  }

  // From the cut: a running job stays on its node with the time it has left,
  // a queued one waits from 0, and the last hour's arrivals come again an
  // hour later; the simulator starts the running one at 0 where it was.
  void fromTheCut() {
    SimOptions small;
    small.shape = defaultClusterShape(2, 2, 1);
    const Topology topology = SimulatedCluster(small).topology();
    const auto job = [&](JobId id, JobState state, std::int64_t submit, std::int64_t start, double runtime) {
      Job j;
      j.id = id;
      j.spec.name = "job-" + std::to_string(id);
      j.spec.kind = JobKind::Service;
      j.spec.requests.cpuMilli = 1000;
      j.spec.estimatedRuntimeS = runtime;
      j.state = state;
      j.submitTimeMs = submit;
      j.startTimeMs = start;
      j.node = 1;
      if (state == JobState::Completed) {
        j.endTimeMs = start + static_cast<std::int64_t>(runtime * 1000);
        j.actualRuntimeS = runtime;
      }
      return j;
    };
    const std::int64_t cut = 10'000'000;
    const std::vector<Job> jobs{
        job(1, JobState::Completed, cut - 7'200'000, cut - 7'100'000, 50),  // before the window: gone
        job(2, JobState::Completed, cut - 1'800'000, cut - 1'790'000, 60),  // comes again at +30 min
        job(3, JobState::Running, cut - 100'000, cut - 100'000, 300),       // 200 s left, on node 1
        job(4, JobState::Queued, cut, 0, 120),
    };
    const WhatifWorkload w = snapshotFromCutWorkload(topology, jobs, 3600.0);
    QCOMPARE(w.jobs.size(), std::size_t{5});  // running, queued, then jobs 2, 3 and 4 again
    QCOMPARE(w.jobs[0].spec.name, std::string("job-3"));
    QCOMPARE(w.jobs[0].arrivalS, 0.0);
    QCOMPARE(w.jobs[0].runtimeS, 200.0);
    QCOMPARE(w.jobs[0].pinnedNode.value_or(99), 1u);
    QCOMPARE(w.jobs[1].spec.name, std::string("job-4"));
    QCOMPARE(w.jobs[1].arrivalS, 0.0);
    QCOMPARE(w.jobs[2].spec.name, std::string("job-2"));
    QCOMPARE(w.jobs[2].arrivalS, 1800.0);
    QVERIFY(!w.jobs[2].pinnedNode);
    QCOMPARE(w.jobs[4].arrivalS, 3600.0);

    auto run = runWhatifPolicy(w, test::builtinPolicy("fcfs"), {});
    QVERIFY(std::holds_alternative<SimResult>(run));
    const JobTimeline& pinned = std::get<SimResult>(run).jobs[0];
    QCOMPARE(pinned.node, 1u);
    QCOMPARE(pinned.startS, 0.0);
    QCOMPARE(pinned.endS, 200.0);
  }

  void exportsCsvAndCharts() {
    Console c;
    WhatifSource source;
    source.nodes = 20;
    source.jobs = 600;
    c.view()->setSource(source);
    c.view()->addPolicy(test::builtinPolicy("fcfs"), QStringLiteral("built-in"));
    c.view()->addPolicy(test::builtinPolicy("srtf"), QStringLiteral("built-in"));
    QVERIFY(runAndWait(c.view(), c.runner()));
    QTemporaryDir dir;
    const QString csv = dir.filePath(QStringLiteral("m.csv"));
    QVERIFY(c.view()->exportCsv(csv));
    QFile file(csv);
    QVERIFY(file.open(QIODevice::ReadOnly | QIODevice::Text));
    const QStringList lines = QString::fromUtf8(file.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 1 + c.view()->metricsModel()->rowCount());
    QCOMPARE(lines.front(), QStringLiteral("metric,fcfs,srtf"));
    const WhatifMetricsModel* m = c.view()->metricsModel();
    const int row = m->rowOf(QStringLiteral("wait_avg_s"));
    const QStringList cells = lines[row + 1].split(QLatin1Char(','));
    QCOMPARE(cells.size(), 3);
    QCOMPARE(cells[0], QStringLiteral("wait_avg_s"));
    QCOMPARE(cells[1].toDouble(), QString::number(m->value(row, 0), 'g', 10).toDouble());
    QCOMPARE(cells[2].toDouble(), QString::number(m->value(row, 1), 'g', 10).toDouble());
    for (const QString& ext : {QStringLiteral("png"), QStringLiteral("pdf")}) {
      QVERIFY(c.view()->exportCharts(dir.filePath(QStringLiteral("c")), ext));
      QVERIFY(QFile(dir.filePath(QStringLiteral("c-wait-cdf.") + ext)).size() > 1000);
      QVERIFY(QFile(dir.filePath(QStringLiteral("c-utilisation.") + ext)).size() > 1000);
    }
  }

  void renderScreenshots() {
    Console c;
    WhatifSource source;
    source.nodes = 30;
    source.jobs = 1500;
    source.load = 0.95;
    c.view()->setSource(source);
    for (const char* n : {"fcfs", "sjf", "priority-aging"})
      c.view()->addPolicy(test::builtinPolicy(n), QStringLiteral("built-in"));
    QVERIFY(runAndWait(c.view(), c.runner()));
    c.view()->resize(1400, 800);
    c.view()->show();
    // Kept for a person to look at when HETSCHED_SCREENSHOT_DIR names a
    // folder; otherwise written to a temporary one, never the source tree.
    QTemporaryDir scratch;
    const QString dir = qEnvironmentVariableIsSet("HETSCHED_SCREENSHOT_DIR")
                            ? qEnvironmentVariable("HETSCHED_SCREENSHOT_DIR")
                            : scratch.path();
    const auto at = [&](const QString& name) { return QDir(dir).filePath(name); };
    QVERIFY(c.view()->grab().save(at(QStringLiteral("whatif-metrics.png"))));
    QVERIFY(c.view()->exportCharts(at(QStringLiteral("whatif")), QStringLiteral("png")));
    QVERIFY(QFileInfo::exists(at(QStringLiteral("whatif-wait-cdf.png"))));
    auto* tabs = c.view()->findChild<QTabWidget*>();
    QVERIFY(tabs);
    tabs->setCurrentIndex(3);
    QVERIFY(c.view()->grab().save(at(QStringLiteral("whatif-changed-jobs.png"))));
  }
};

QTEST_MAIN(TestWhatifView)
#include "tst_whatif_view.moc"
