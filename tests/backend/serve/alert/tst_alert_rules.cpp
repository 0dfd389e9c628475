// The alert evaluator on frames made by hand: each rule kind's condition,
// the hold time (pending, then firing, no flapping), resolving, rules
// replaced; and the rules file's bad input, each error naming its field.
#include "alerts.pb.h"
#include "base/model/device_kind.h"
#include "base/model/frame.h"
#include "base/model/job.h"
#include "base/model/queue_ages.h"
#include "base/model/topology.h"
#include "serve/alert/alert.h"
#include "serve/alert/alert_conditions.h"
#include "serve/alert/alert_evaluator.h"
#include "serve/alert/alert_proto.h"
#include "serve/alert/alert_rule.h"
#include "serve/alert/alert_rules_file.h"
#include "sources/cluster/sim_options.h"
#include "sources/cluster/topology_builder.h"

#include <QTest>
#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <variant>
#include <vector>

using namespace hetsched;

namespace {

Topology smallTopology() {
  auto built = buildTopology(defaultClusterShape(2, 3, 1));
  if (auto* e = std::get_if<std::string>(&built)) qFatal("%s", e->c_str());
  return std::get<Topology>(std::move(built));
}

AlertRule rule(AlertRuleKind kind, double above, double forS = 0) {
  AlertRule r;
  r.name = std::string(toString(kind));
  r.kind = kind;
  r.above = above;
  r.forS = forS;
  return r;
}

struct Cluster {
  Topology topology = smallTopology();
  Frame frame;
  QueueAges ages;
  Cluster() {
    frame.resize(topology.devices.size(), topology.nodes.size());
    std::fill(frame.temperatureC.begin(), frame.temperatureC.end(), 40.0f);
    std::fill(frame.powerWatts.begin(), frame.powerWatts.end(), 100.0f);
    std::fill(frame.job.begin(), frame.job.end(), JobId{7});
  }
  // The next frame, `seconds` of cluster time later.
  bool step(AlertEvaluator& e, double seconds = 3) {
    frame.simTimeMs += static_cast<std::int64_t>(seconds * 1000);
    AlertInputs in{&topology, &frame, ages, 1000};
    return e.evaluate(in);
  }
  std::uint32_t firstNodeOf(DeviceKind kind) const {
    for (std::uint32_t n = 0; n < topology.nodes.size(); ++n)
      if (topology.nodes[n].kind == kind) return n;
    qFatal("no node of that kind");
  }
};

std::vector<Alert> firing(const AlertEvaluator& e) {
  std::vector<Alert> out;
  for (const Alert& a : e.alerts())
    if (a.state == AlertState::Firing) out.push_back(a);
  return out;
}

}  // namespace

class TestAlertRules : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void nodeDownHoldsThenFiresThenResolves() {
    Cluster c;
    AlertEvaluator e({rule(AlertRuleKind::NodeDown, 0, 10)});
    QVERIFY(!c.step(e));
    c.frame.nodeUp[1] = 0;
    const std::uint64_t before = e.revision();
    QVERIFY(!c.step(e));  // pending: held 0 s of 10
    QCOMPARE(e.alerts().size(), std::size_t{1});
    QVERIFY(e.alerts()[0].state == AlertState::Pending);
    QVERIFY(!c.step(e, 6));
    QVERIFY(c.step(e, 4));  // 10 s: fires
    QCOMPARE(e.revision(), before + 1);
    const auto f = firing(e);
    QCOMPARE(f.size(), std::size_t{1});
    QCOMPARE(f[0].subject, c.topology.nodes[1].name);
    QCOMPARE(f[0].firedMs - f[0].sinceMs, std::int64_t{10000});
    QCOMPARE(f[0].firedWallMs, std::int64_t{1000});
    c.frame.nodeUp[1] = 1;
    QVERIFY(c.step(e));
    QCOMPARE(e.firingCount(), std::size_t{0});
    QCOMPARE(e.alerts().size(), std::size_t{1});
    QVERIFY(e.alerts()[0].state == AlertState::Resolved);
    QVERIFY(e.alerts()[0].resolvedMs > e.alerts()[0].firedMs);
  }

  // A condition that comes and goes inside the hold time never fires.
  void aFlappingConditionDoesNotFire() {
    Cluster c;
    AlertEvaluator e({rule(AlertRuleKind::NodeDown, 0, 9)});
    for (int i = 0; i < 20; ++i) {
      c.frame.nodeUp[0] = i % 3 == 2 ? 1 : 0;  // down 6 s, up 3 s
      QVERIFY(!c.step(e));
    }
    QCOMPARE(e.firingCount(), std::size_t{0});
  }

  void temperatureAndPowerPerNodeAndKind() {
    Cluster c;
    AlertRule hot = rule(AlertRuleKind::DeviceTemperature, 80);
    hot.deviceKind = DeviceKind::Gpu;
    AlertRule power = rule(AlertRuleKind::DevicePower, 500);
    AlertEvaluator e({hot, power});
    const std::uint32_t gpuNode = c.firstNodeOf(DeviceKind::Gpu);
    const std::uint32_t cpuNode = c.firstNodeOf(DeviceKind::Cpu);
    const NodeInfo& g = c.topology.nodes[gpuNode];
    c.frame.temperatureC[g.firstDevice + 1] = 91;
    c.frame.temperatureC[c.topology.nodes[cpuNode].firstDevice] = 95;  // a CPU: not this rule's kind
    c.frame.powerWatts[g.firstDevice] = 650;
    QVERIFY(c.step(e));
    const auto f = firing(e);
    QCOMPARE(f.size(), std::size_t{2});
    for (const Alert& a : f) {
      QCOMPARE(a.subject, g.name);
      QCOMPARE(a.value, a.kind == AlertRuleKind::DeviceTemperature ? 91.0 : 650.0);
    }
    // A down node's stale sensors raise nothing (node_down speaks for it).
    c.frame.nodeUp[gpuNode] = 0;
    QVERIFY(c.step(e));
    QCOMPARE(e.firingCount(), std::size_t{0});
  }

  void jobWaitPerClass() {
    Cluster c;
    AlertRule wait = rule(AlertRuleKind::JobWait, 300);
    wait.priorityClass = PriorityClass::Middle;
    AlertEvaluator e({wait});
    c.ages.known = true;
    c.ages.longestWaitS = {900, 200, 9000};  // only middle is this rule's
    QVERIFY(!c.step(e));
    c.ages.longestWaitS[1] = 301;
    QVERIFY(c.step(e));
    QCOMPARE(firing(e).at(0).subject, std::string("middle"));
    c.ages.known = false;  // a source that does not know its queue
    QVERIFY(c.step(e));
  }

  void gpusIdleWhileGpuJobsWait() {
    Cluster c;
    AlertRule idle = rule(AlertRuleKind::GpusIdleWhileWaiting, 2);
    idle.minWaiting = 3;
    AlertEvaluator e({idle});
    const NodeInfo& g = c.topology.nodes[c.firstNodeOf(DeviceKind::Gpu)];
    for (std::uint32_t d = g.firstDevice; d < g.firstDevice + 3; ++d) c.frame.job[d] = 0;
    c.frame.queue.kinds[index(DeviceKind::Gpu)].queued = 2;  // fewer waiting than min_waiting
    QVERIFY(!c.step(e));
    c.frame.queue.kinds[index(DeviceKind::Gpu)].queued = 3;
    QVERIFY(c.step(e));
    QCOMPARE(firing(e).at(0).value, 3.0);
    c.frame.job[g.firstDevice] = 9;  // 2 idle: not above 2
    QVERIFY(c.step(e));
  }

  void canaryWorseByMargin() {
    Cluster c;
    AlertRule canary = rule(AlertRuleKind::CanaryWorse, 30);
    canary.marginRatio = 0.5;
    canary.minStarted = 5;
    AlertEvaluator e({canary});
    c.frame.queue.arms = {ArmSummary{}, ArmSummary{}};
    c.frame.queue.arms[0].meanWaitS = 100;
    c.frame.queue.arms[0].startedInWindow = 10;
    c.frame.queue.arms[1].policyVersion = 4;
    c.frame.queue.arms[1].meanWaitS = 179;  // below 100 * 1.5 + 30
    c.frame.queue.arms[1].startedInWindow = 10;
    QVERIFY(!c.step(e));
    c.frame.queue.arms[1].meanWaitS = 181;
    c.frame.queue.arms[1].startedInWindow = 4;  // too few starts to judge
    QVERIFY(!c.step(e));
    c.frame.queue.arms[1].startedInWindow = 5;
    QVERIFY(c.step(e));
    QCOMPARE(firing(e).at(0).subject, std::string("v4"));
    QCOMPARE(firing(e).at(0).value, 81.0);
    c.frame.queue.arms.resize(1);  // promoted or rolled back
    QVERIFY(c.step(e));
  }

  // Unchanged rules keep their alerts; a changed or removed one resolves.
  void replacingRules() {
    Cluster c;
    AlertRule down = rule(AlertRuleKind::NodeDown, 0);
    AlertRule hot = rule(AlertRuleKind::DeviceTemperature, 30);
    AlertEvaluator e({down, hot});
    c.frame.nodeUp[0] = 0;
    QVERIFY(c.step(e));
    const std::size_t hotNodes = c.topology.nodes.size() - 1;
    QCOMPARE(e.firingCount(), 1 + hotNodes);
    const std::uint64_t downId = firing(e).front().id;
    hot.above = 60;
    e.setRules({down, hot}, c.frame.simTimeMs);
    QCOMPARE(e.firingCount(), std::size_t{1});
    QCOMPARE(firing(e).front().id, downId);
    QVERIFY(!c.step(e));
    QCOMPARE(e.firingCount(), std::size_t{1});
  }

  void defaultsRoundTripThroughJson() {
    const auto json = alertRulesToJson(defaultAlertRules());
    auto parsed = parseAlertRulesJson(json, "defaults");
    QVERIFY2(std::holds_alternative<std::vector<AlertRule>>(parsed),
             std::get_if<std::string>(&parsed) ? std::get<std::string>(parsed).c_str() : "");
    QVERIFY(std::get<std::vector<AlertRule>>(parsed) == defaultAlertRules());
  }

  void badRulesFiles_data() {
    QTest::addColumn<QString>("json");
    QTest::addColumn<QString>("error");
    QTest::newRow("not JSON") << "{rules: [" << "f.json: not an alert rule set";
    QTest::newRow("misspelt field") << R"({"rules": [{"name": "a", "kind": "node_down", "fors": 3}]})"
                                    << "f.json: not an alert rule set";
    QTest::newRow("unknown kind") << R"({"rules": [{"name": "a", "kind": "nod_down"}]})"
                                  << "f.json: rules[0].kind: 'nod_down' is not one of node_down";
    QTest::newRow("no name") << R"({"rules": [{"kind": "node_down"}]})" << "f.json: rules[0].name: '' must be";
    QTest::newRow("bad name") << R"({"rules": [{"name": "a b", "kind": "node_down"}]})" << "rules[0].name: 'a b'";
    QTest::newRow("duplicate name")
        << R"({"rules": [{"name": "a", "kind": "node_down"}, {"name": "a", "kind": "node_down"}]})"
        << "rules[1].name: 'a' is also the name of rules[0]";
    QTest::newRow("negative for") << R"({"rules": [{"name": "a", "kind": "node_down", "for_s": -1}]})"
                                  << "rules[0].for_s: must be 0 to 604800 seconds";
    QTest::newRow("negative threshold") << R"({"rules": [{"name": "a", "kind": "device_power", "above": -5}]})"
                                        << "rules[0].above: must be 0 to 1e9";
    QTest::newRow("bad severity") << R"({"rules": [{"name": "a", "kind": "node_down", "severity": "page"}]})"
                                  << "rules[0].severity: 'page' is not warning or critical";
    QTest::newRow("bad device kind")
        << R"({"rules": [{"name": "a", "kind": "device_temperature", "above": 80, "device_kind": "fpga"}]})"
        << "rules[0].device_kind: 'fpga' is not cpu, gpu or tpu";
    QTest::newRow("device kind on a wait rule")
        << R"({"rules": [{"name": "a", "kind": "job_wait", "priority_class": "low", "device_kind": "gpu"}]})"
        << "rules[0].device_kind: only device_temperature and device_power rules";
    QTest::newRow("wait without class") << R"({"rules": [{"name": "a", "kind": "job_wait", "above": 60}]})"
                                        << "rules[0].priority_class: '' is not high, middle or low";
    QTest::newRow("class on node_down")
        << R"({"rules": [{"name": "a", "kind": "node_down", "priority_class": "high"}]})"
        << "rules[0].priority_class: only job_wait rules";
    QTest::newRow("margin on a power rule")
        << R"({"rules": [{"name": "x", "kind": "node_down"}, {"name": "a", "kind": "device_power", "margin_ratio": 1}]})"
        << "rules[1].margin_ratio: only canary_worse rules take it";
    QTest::newRow("too hot") << R"({"rules": [{"name": "a", "kind": "device_temperature", "above": 900}]})"
                             << "rules[0].above: degrees C, at most 200";
  }
  void badRulesFiles() {
    QFETCH(QString, json);
    QFETCH(QString, error);
    auto parsed = parseAlertRulesJson(json.toStdString(), "f.json");
    QVERIFY(std::holds_alternative<std::string>(parsed));
    const QString got = QString::fromStdString(std::get<std::string>(parsed));
    QVERIFY2(got.contains(error), qPrintable(got));
  }

  void missingFileNamesIt() {
    auto loaded = loadAlertRulesFile("/nonexistent/rules.json");
    QVERIFY(std::holds_alternative<std::string>(loaded));
    QVERIFY(std::get<std::string>(loaded).find("/nonexistent/rules.json") != std::string::npos);
  }

  void reportRoundTripsOnTheWire() {
    Cluster c;
    AlertEvaluator e;
    c.frame.nodeUp[2] = 0;
    for (int i = 0; i < 30; ++i) c.step(e);
    AlertReport report;
    report.revision = e.revision();
    report.alerts = e.alerts();
    report.rules = e.rules();
    report.rulesOrigin = "built-in";
    QCOMPARE(report.firingCount(), std::size_t{1});
    v1::GetAlertsResponse wire;
    toProto(report, &wire);
    auto back = fromProto(wire);
    QVERIFY(std::holds_alternative<AlertReport>(back));
    QVERIFY(std::get<AlertReport>(back).alerts == report.alerts);
    QVERIFY(std::get<AlertReport>(back).rules == report.rules);
  }
};

QTEST_GUILESS_MAIN(TestAlertRules)
#include "tst_alert_rules.moc"
