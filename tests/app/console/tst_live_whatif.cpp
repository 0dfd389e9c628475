// The Policies tab's live what-if (issue 15 item 1), headless through the
// console's own wiring (PolicyPages), with a real simulated cluster's state:
// every numeric parameter has a slider that moves its field; a slider's
// move gives exactly the numbers a Run of the edited policy gives in the
// What-if tab; a newer move cancels the older run and only its result is
// shown; the What-if tab's default workload is the live cluster's cut.
#include "base/model/job.h"
#include "base/model/topology.h"
#include "engine/policy/policy_loader.h"
#include "engine/sim/simulation_options.h"
#include "live_tuning.h"
#include "live_whatif_runner.h"
#include "policy.pb.h"
#include "policy_pages.h"
#include "sources/cluster/live_policies.h"
#include "sources/cluster/sim_options.h"
#include "sources/cluster/simulated_cluster.h"
#include "usecases/whatif/live_cut.h"
#include "usecases/whatif/whatif_canary.h"
#include "usecases/whatif/whatif_run.h"
#include "whatif_runner.h"
#include "widgets/live_whatif_strip.h"
#include "widgets/parameter_slider.h"
#include "widgets/policy_editor.h"
#include "widgets/policy_form.h"
#include "widgets/weight_sliders.h"
#include "widgets/whatif_metrics_model.h"
#include "widgets/whatif_view.h"

#include <QDoubleSpinBox>
#include <QLineEdit>
#include <QSignalSpy>
#include <QSlider>
#include <QTest>
#include <QVBoxLayout>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <google/protobuf/descriptor.h>
#include <google/protobuf/message.h>
#include <memory>
#include <string>
#include <variant>
#include <vector>

using namespace hetsched;

namespace {

struct Console {
  QWidget host;
  PolicyPages pages{nullptr, &host};
  Console() {
    // The Policies tab as the workspace shows it; the What-if view runs
    // from here too, off screen.
    auto* layout = new QVBoxLayout(&host);
    layout->addWidget(pages.policiesTab());
    pages.whatif()->hide();
    host.resize(1400, 900);
  }
  PolicyEditor* editor() { return pages.editor(); }
  LiveWhatifStrip* strip() { return pages.liveStrip(); }
  LiveWhatifRunner* live() { return pages.liveTuning()->runner(); }
};

// The console's view of a simulated cluster after a few busy hours: its
// topology and its running, queued and recently completed jobs.
struct LiveCluster {
  std::shared_ptr<const Topology> topology;
  std::shared_ptr<const std::vector<Job>> jobs;
};
LiveCluster liveCluster(std::uint64_t seed) {
  SimOptions options;
  options.seed = seed;
  options.warmupS = 3 * 3600.0;
  options.targetLoad = 1.3;  // a queue, so the queue's parameters matter
  SimulatedCluster cluster(options);
  const JobState states[] = {JobState::Running, JobState::Queued, JobState::Completed};
  return {std::make_shared<const Topology>(cluster.topology()),
          std::make_shared<const std::vector<Job>>(cluster.jobs(states, 100000, nullptr))};
}

// A numeric field of a policy by path, through the message's reflection;
// an SLO target the policy leaves unset is its default (the form leaves a
// target at its default unset).
double fieldValue(const v1::Policy& policy, const QString& path) {
  const QStringList classes{QStringLiteral("slo.high_wait_s"), QStringLiteral("slo.middle_wait_s"),
                            QStringLiteral("slo.low_wait_s")};
  if (const auto c = classes.indexOf(path); c >= 0) return sloTargetsOf(policy)[static_cast<std::size_t>(c)];
  const google::protobuf::Message* m = &policy;
  const QStringList parts = path.split(QLatin1Char('.'));
  for (int i = 0; i < parts.size(); ++i) {
    const auto* f = m->GetDescriptor()->FindFieldByName(parts[i].toStdString());
    if (!f) qFatal("no field %s", qPrintable(path));
    const auto* r = m->GetReflection();
    if (i + 1 < parts.size()) {
      m = &r->GetMessage(*m, f);
      continue;
    }
    switch (f->cpp_type()) {
      case google::protobuf::FieldDescriptor::CPPTYPE_DOUBLE: return r->GetDouble(*m, f);
      case google::protobuf::FieldDescriptor::CPPTYPE_UINT32: return r->GetUInt32(*m, f);
      default: qFatal("%s is not a double or uint32", qPrintable(path));
    }
  }
  return 0.0;
}

// Every non-repeated numeric field path of a message type.
void numericPaths(const google::protobuf::Descriptor* d, const QString& prefix, QStringList& out) {
  using google::protobuf::FieldDescriptor;
  for (int i = 0; i < d->field_count(); ++i) {
    const FieldDescriptor* f = d->field(i);
    const QString path = prefix + QString::fromStdString(std::string(f->name()));
    if (f->is_repeated()) continue;
    if (f->cpp_type() == FieldDescriptor::CPPTYPE_MESSAGE)
      numericPaths(f->message_type(), path + QLatin1Char('.'), out);
    else if (f->cpp_type() == FieldDescriptor::CPPTYPE_DOUBLE || f->cpp_type() == FieldDescriptor::CPPTYPE_UINT32)
      out << path;
  }
}

}  // namespace

class TestLiveWhatif : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void everyNumericParameterHasASliderThatMovesIt() {
    PolicyForm form;
    QStringList paths;
    numericPaths(v1::Policy::descriptor(), {}, paths);
    paths.removeAll(QStringLiteral("version"));  // a label, not a parameter
    QVERIFY(paths.size() >= 17);
    for (const QString& path : paths) {
      auto* slider = qobject_cast<ParameterSlider*>(form.sliderFor(path));
      QVERIFY2(slider, qPrintable(path));
      QVERIFY2(!slider->accessibleName().isEmpty(), qPrintable(path));
      // Its middle and its end land in the field, and so in the policy.
      for (const int position : {slider->maximum() / 2, slider->maximum()}) {
        slider->setValue(position);
        QVERIFY2(std::abs(fieldValue(form.policy(), path) - slider->valueAt(position)) < 1e-6,
                 qPrintable(QStringLiteral("%1 at %2: %3 vs %4")
                                .arg(path)
                                .arg(position)
                                .arg(fieldValue(form.policy(), path))
                                .arg(slider->valueAt(position))));
      }
    }
    // Typed beyond the range, a value widens it rather than being clipped.
    auto* aging = qobject_cast<QDoubleSpinBox*>(form.editorFor(QStringLiteral("queue.aging_interval_s")));
    auto* agingSlider = qobject_cast<ParameterSlider*>(form.sliderFor(QStringLiteral("queue.aging_interval_s")));
    aging->setValue(agingSlider->high() * 3);
    QCOMPARE(agingSlider->valueAt(agingSlider->value()), aging->value());
    QCOMPARE(fieldValue(form.policy(), QStringLiteral("queue.aging_interval_s")), aging->value());

    // The weights: a slider per listed weight; moving one rewrites its entry.
    auto* weights = qobject_cast<QLineEdit*>(form.editorFor(QStringLiteral("placement.weights")));
    v1::Policy p = form.policy();
    p.mutable_placement()->add_weights(3);
    p.mutable_placement()->add_weights(1);
    p.mutable_placement()->add_weights(1);
    form.setPolicy(p);
    QVERIFY(form.weightSliders()->slider(2));
    QVERIFY(!form.weightSliders()->slider(3));
    QSignalSpy edited(&form, &PolicyForm::edited);
    form.weightSliders()->slider(1)->setValue(7);
    QCOMPARE(weights->text(), QStringLiteral("3, 7, 1"));
    QCOMPARE(edited.count(), 1);
    QCOMPARE(form.policy().placement().weights(1), 7u);
  }

  void sliderGivesTheNumbersOfARun() {
    Console c;
    const LiveCluster live = liveCluster(3);
    c.pages.setLiveCluster(live.topology, live.jobs);
    // The What-if tab's default workload is now the cluster's cut.
    QCOMPARE(c.pages.whatif()->source().kind, WhatifSource::Kind::Live);
    const v1::Policy inForce = liveDefaultPolicy();
    c.editor()->setBasePolicy(inForce, QStringLiteral("test"));
    c.editor()->setPolicy(inForce);
    QSignalSpy shown(c.strip(), &LiveWhatifStrip::shown);
    c.host.show();
    QVERIFY(shown.wait(120000));
    // Unchanged, the edited policy is the policy in force: no change shown.
    const WhatifMetricsModel* strip = c.strip()->model();
    for (int row = 0; row < strip->rowCount(); ++row) QCOMPARE(strip->value(row, 1), strip->value(row, 0));
    QCOMPARE(strip->results()->facts.kind, WorkloadFacts::Kind::LiveCut);

    // Backfill off: the queue's head now blocks what could start behind it.
    QSlider* backfill = c.editor()->form()->sliderFor(QStringLiteral("queue.backfill_depth"));
    QVERIFY(backfill);
    QCOMPARE(backfill->value(), 1024);
    shown.clear();
    backfill->setValue(0);
    QCOMPARE(c.editor()->policy().queue().backfill_depth(), 0u);
    QVERIFY(shown.wait(120000));
    QVERIFY(c.strip()->statusText().contains(QStringLiteral(" ms")));
    // HETSCHED_SHOTS=DIR keeps a picture of the tab, for looking at.
    if (const QString shots = qEnvironmentVariable("HETSCHED_SHOTS"); !shots.isEmpty())
      QVERIFY(c.host.grab().save(shots + QStringLiteral("/live-whatif-policies.png")));

    // The same comparison run from the What-if tab.
    WhatifView* view = c.pages.whatif();
    view->clearPolicies();
    view->addPolicy(c.editor()->basePolicy(), QStringLiteral("in force"));
    view->addPolicy(c.editor()->policy(), QStringLiteral("edited"));
    // The single run, as the strip runs it: with replicas the table shows
    // medians and intervals once they arrive, which the strip does not.
    view->setReplicas(1);
    QSignalSpy finished(c.pages.runner(), &WhatifRunner::finished);
    QVERIFY(view->run());
    QVERIFY(finished.wait(120000));
    const WhatifMetricsModel* run = view->metricsModel();
    QCOMPARE(run->results()->facts.kind, WorkloadFacts::Kind::LiveCut);
    QCOMPARE(run->rowCount(), strip->rowCount());
    int differing = 0;
    for (int row = 0; row < run->rowCount(); ++row) {
      for (int policy = 0; policy < 2; ++policy) {
        const QString key = run->index(row, 0).data(WhatifMetricsModel::KeyRole).toString();
        QVERIFY2(run->value(row, policy) == strip->value(row, policy),
                 qPrintable(QStringLiteral("%1, policy %2: Run %3, slider %4")
                                .arg(key)
                                .arg(policy)
                                .arg(run->value(row, policy), 0, 'g', 17)
                                .arg(strip->value(row, policy), 0, 'g', 17)));
      }
      differing += run->value(row, 1) != run->value(row, 0);
    }
    // Backfill made a difference, so the comparison above compared
    // something: both sides saw the edited policy, not the one in force.
    QVERIFY2(differing >= 3, qPrintable(QString::number(differing)));
    // The strip shows the model's numbers, change included.
    const QString wait = run->index(run->rowOf(QStringLiteral("wait_avg_s")), 2).data().toString();
    QVERIFY2(c.strip()->cellText(QStringLiteral("wait_avg_s")).contains(wait.toHtmlEscaped()),
             qPrintable(c.strip()->cellText(QStringLiteral("wait_avg_s")) + QStringLiteral(" / ") + wait));

    // Each cell's second line: the cluster during a canary of the edited
    // policy at the editor's share (10 %), as runWhatifCanary runs it on the
    // same cut; the share's slider re-runs it.
    QCOMPARE(strip->results()->runs.size(), std::size_t(3));
    const WhatifWorkload cut = liveCutWorkload(*live.topology, *live.jobs, 3600.0);
    const v1::Policy edited = c.editor()->policy();
    const auto canaryWait = [&](std::uint32_t percent) {
      SimulationOptions options;
      options.seed = view->source().seed;
      auto r = runWhatifCanary(cut, inForce, edited, percent, options);
      return std::get<SimResult>(r).summary.waitAvgS;
    };
    const int waitRow = strip->rowOf(QStringLiteral("wait_avg_s"));
    const double candidateWait = strip->value(waitRow, 1);
    QCOMPARE(strip->value(waitRow, 2), canaryWait(10));
    auto* share = c.editor()->findChild<QSlider*>(QStringLiteral("canary.share.slider"));
    QVERIFY(share);
    shown.clear();
    share->setValue(49);  // 1 + 49 steps
    QCOMPARE(c.editor()->canaryPercent(), 50);
    QVERIFY(shown.wait(120000));
    QCOMPARE(c.strip()->model()->value(waitRow, 2), canaryWait(50));
    QCOMPARE(c.strip()->model()->value(waitRow, 1), candidateWait);
  }

  void newerSliderValueCancelsTheOlderRun() {
    Console c;
    // Long enough a run (a second or so) that a second move lands during it.
    WhatifSource source;
    source.nodes = 60;
    source.jobs = 400000;
    source.load = 0.95;
    source.seed = 5;
    c.pages.whatif()->setSource(source);
    v1::Policy base = liveDefaultPolicy();
    c.editor()->setBasePolicy(base, QStringLiteral("test"));
    c.editor()->setPolicy(base);
    QSignalSpy shown(c.strip(), &LiveWhatifStrip::shown);
    c.host.show();
    QVERIFY(shown.wait(300000));  // the baseline, kept from now on
    const quint64 cancelledBefore = c.live()->cancelledRuns();
    const quint64 completedBefore = c.live()->completedRuns();

    QSlider* factor = c.editor()->form()->sliderFor(QStringLiteral("placement.priority_factor"));
    QSignalSpy finished(c.live(), &LiveWhatifRunner::finished);
    factor->setValue(factor->value() + 40);  // 1 -> 3
    const quint64 older = c.live()->latestRequest();
    QTRY_COMPARE_WITH_TIMEOUT(c.live()->servingRequest(), older, 10000);
    factor->setValue(factor->value() + 40);  // 3 -> 5, while 3 runs
    const quint64 newer = c.live()->latestRequest();
    QVERIFY(newer > older);
    QCOMPARE(c.editor()->policy().placement().priority_factor(), 5.0);
    QVERIFY(finished.wait(300000));
    QTest::qWait(200);  // anything late would land now
    // The older run stopped unfinished; only the newer one's result came.
    QCOMPARE(c.live()->cancelledRuns(), cancelledBefore + 1);
    QCOMPARE(c.live()->completedRuns(), completedBefore + 2);  // the candidate and its canary
    QCOMPARE(finished.count(), 1);
    QCOMPARE(finished.front().front().value<quint64>(), newer);

    // And what it shows is the run of priority factor 5.
    v1::Policy five = base;
    five.mutable_placement()->set_priority_factor(5.0);
    auto workload = syntheticWhatifWorkload(source.nodes, source.jobs, source.seed, source.load);
    SimulationOptions options;
    options.seed = source.seed;
    const auto direct = runWhatifPolicy(workload, five, options);
    QVERIFY(std::holds_alternative<SimResult>(direct));
    const WhatifMetricsModel* strip = c.strip()->model();
    const int row = strip->rowOf(QStringLiteral("wait_avg_s"));
    QCOMPARE(strip->value(row, 1), std::get<SimResult>(direct).summary.waitAvgS);
  }

  void operatorsChoiceOfWorkloadStays() {
    Console c;
    WhatifSource synthetic;
    synthetic.nodes = 10;
    synthetic.jobs = 200;
    c.pages.whatif()->setSource(synthetic);
    const LiveCluster live = liveCluster(4);
    c.pages.setLiveCluster(live.topology, live.jobs);
    QCOMPARE(c.pages.whatif()->source().kind, WhatifSource::Kind::Synthetic);
    // Replay (no live cluster): a run on the cluster now says why not.
    Console d;
    d.pages.setLiveCluster(live.topology, live.jobs);
    d.pages.setLiveCluster(nullptr, nullptr);
    QCOMPARE(d.pages.whatif()->source().kind, WhatifSource::Kind::Live);
    d.pages.whatif()->clearPolicies();
    d.pages.whatif()->addPolicy(liveDefaultPolicy(), QStringLiteral("a"));
    d.pages.whatif()->addPolicy(liveDefaultPolicy(), QStringLiteral("b"));
    QSignalSpy failed(d.pages.runner(), &WhatifRunner::failed);
    QVERIFY(d.pages.whatif()->run());
    QVERIFY(failed.wait(30000));
    QVERIFY2(failed.front().front().toString().contains(QStringLiteral("no live cluster")),
             qPrintable(failed.front().front().toString()));
  }
};

QTEST_MAIN(TestLiveWhatif)
#include "tst_live_whatif.moc"
