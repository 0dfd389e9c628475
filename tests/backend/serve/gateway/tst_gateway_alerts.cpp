// Alerts end to end on loopback: a real gateway runs the simulated
// cluster fast, the test acts on it (nodes down and up, a canary pushed and
// rolled back) and every rule kind is seen firing and then resolving
// through GetAlerts and /metrics. SetAlertRules needs
// an operator and is audited, granted or refused.
#include "alerts.grpc.pb.h"
#include "alerts.pb.h"
#include "base/model/device_kind.h"
#include "base/model/job.h"
#include "base/model/topology.h"
#include "checked_value.h"
#include "policy.pb.h"
#include "policy_service.grpc.pb.h"
#include "policy_service.pb.h"
#include "serve/alert/alert.h"
#include "serve/alert/alert_proto.h"
#include "serve/alert/alert_rule.h"
#include "serve/gateway/gateway.h"
#include "serve/gateway/token_store.h"
#include "serve/metrics/metrics_registry.h"
#include "sources/cluster/cluster_source.h"
#include "sources/cluster/live_policies.h"
#include "sources/cluster/sim_options.h"
#include "sources/cluster/simulated_cluster.h"

#include <QDeadlineTimer>
#include <QFile>
#include <QRegularExpression>
#include <QTest>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <grpcpp/grpcpp.h>
#include <grpcpp/security/credentials.h>
#include <grpcpp/support/status.h>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <variant>
#include <vector>

using namespace hetsched;

namespace {

const std::string kViewer = "1111111111111111111111111111111111111111111111111111111111111111";
const std::string kOperator = "3333333333333333333333333333333333333333333333333333333333333333";

AlertRule rule(std::string name, AlertRuleKind kind, double above, double forS = 0) {
  AlertRule r;
  r.name = std::move(name);
  r.kind = kind;
  r.above = above;
  r.forS = forS;
  return r;
}

SimOptions cluster(double load, std::uint32_t gpuNodes = 3) {
  SimOptions sim;
  sim.shape = defaultClusterShape(2, gpuNodes, 1);
  sim.warmupS = 1800;
  sim.targetLoad = load;
  sim.nodeFailuresPerHour = 0.0;  // only the test takes nodes down
  return sim;
}

struct Running {
  std::unique_ptr<Gateway> gateway;
  std::unique_ptr<v1::AlertService::Stub> alerts;

  Running(const SimOptions& sim, std::vector<AlertRule> rules, double speed = 100) {
    GatewayOptions options;
    options.speed = speed;  // 300 s of cluster time per wall second
    options.predictionIntervalMs = 0;
    options.alertRules = std::move(rules);
    options.alertRulesOrigin = "test";
    options.tokens.add(kViewer, Role::Viewer, "vera");
    options.tokens.add(kOperator, Role::Operator, "olga");
    options.anonymousReads = true;
    gateway = std::make_unique<Gateway>(std::make_unique<SimulatedCluster>(sim), options);
    std::string error;
    if (!gateway->start(&error)) qFatal("gateway: %s", error.c_str());
    alerts = v1::AlertService::NewStub(grpc::CreateChannel(gateway->address(), grpc::InsecureChannelCredentials()));
  }

  AlertReport report() {
    grpc::ClientContext context;
    v1::GetAlertsResponse wire;
    const grpc::Status status = alerts->GetAlerts(&context, {}, &wire);
    if (!status.ok()) qFatal("GetAlerts: %s", status.error_message().c_str());
    auto decoded = fromProto(wire);
    if (auto* e = std::get_if<std::string>(&decoded)) qFatal("GetAlerts answer: %s", e->c_str());
    return std::get<AlertReport>(std::move(decoded));
  }

  // Polls until `found` holds for the report (60 s of wall time at most).
  std::optional<AlertReport> until(const std::function<bool(const AlertReport&)>& found) {
    QDeadlineTimer deadline(60000);
    while (!deadline.hasExpired()) {
      AlertReport r = report();
      if (found(r)) return r;
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return std::nullopt;
  }

  void onCluster(const std::function<void(SimulatedCluster&)>& change) {
    gateway->withSource([&](ClusterSource& s) { change(static_cast<SimulatedCluster&>(s)); });
  }

  grpc::Status setRules(const v1::AlertRuleSet& rules, const std::string& token) {
    grpc::ClientContext context;
    context.AddMetadata("authorization", "Bearer " + token);
    v1::SetAlertRulesRequest request;
    *request.mutable_rules() = rules;
    v1::SetAlertRulesResponse response;
    return alerts->SetAlertRules(&context, request, &response);
  }
};

const Alert* find(const AlertReport& r, const std::string& rule, AlertState state, const std::string& subject = {}) {
  for (const Alert& a : r.alerts)
    if (a.rule == rule && a.state == state && (subject.empty() || a.subject == subject)) return &a;
  return nullptr;
}

std::vector<std::uint32_t> nodesOf(const Topology& t, DeviceKind kind) {
  std::vector<std::uint32_t> out;
  for (std::uint32_t n = 0; n < t.nodes.size(); ++n)
    if (t.nodes[n].kind == kind) out.push_back(n);
  return out;
}

}  // namespace

class TestGatewayAlerts : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void nodeDownFiresAndClears() {
    Running g(cluster(0.3), {rule("down", AlertRuleKind::NodeDown, 0, 30)});
    std::string name;
    g.onCluster([&](SimulatedCluster& c) {
      name = c.topology().nodes[1].name;
      c.setNodeUp(1, false);
    });
    // Pending for its 30 s of hold time, then firing.
    const auto fired = g.until([&](const AlertReport& r) { return find(r, "down", AlertState::Firing, name); });
    VERIFY_HAS_VALUE(fired);
    const Alert* a = find(*fired, "down", AlertState::Firing, name);
    QVERIFY(a->firedMs - a->sinceMs >= 30000);
    QVERIFY(a->firedWallMs > 0);
    QCOMPARE(fired->rulesOrigin, std::string("test"));
    // On /metrics, as Prometheus' ALERTS would have it.
    const std::string metrics = g.gateway->metrics().exposition();
    QVERIFY2(metrics.find("hetsched_alert_firing{rule=\"down\",kind=\"node_down\",severity=\"warning\",subject=\"" +
                          name + "\"} 1") != std::string::npos,
             metrics.c_str());
    QVERIFY(metrics.find("hetsched_node_up{node=\"" + name + "\"} 0") != std::string::npos);
    g.onCluster([](SimulatedCluster& c) { c.setNodeUp(1, true); });
    const auto resolved = g.until([&](const AlertReport& r) { return find(r, "down", AlertState::Resolved, name); });
    VERIFY_HAS_VALUE(resolved);
    QCOMPARE(resolved->firingCount(), std::size_t{0});
    QVERIFY(resolved->revision > fired->revision);
    QVERIFY(g.gateway->metrics().exposition().find("hetsched_alert_firing{") == std::string::npos);
  }

  // Thresholds every up GPU node passes; a node taken down resolves its own.
  void temperatureAndPowerFireAndClearPerNode() {
    AlertRule hot = rule("hot", AlertRuleKind::DeviceTemperature, 1);
    hot.deviceKind = DeviceKind::Gpu;
    AlertRule power = rule("power", AlertRuleKind::DevicePower, 1);
    power.deviceKind = DeviceKind::Gpu;
    power.severity = AlertSeverity::Critical;
    Running g(cluster(0.3), {hot, power});
    std::vector<std::uint32_t> gpus;
    std::string name;
    g.onCluster([&](SimulatedCluster& c) {
      gpus = nodesOf(c.topology(), DeviceKind::Gpu);
      name = c.topology().nodes[gpus.front()].name;
    });
    const auto fired = g.until([&](const AlertReport& r) { return r.firingCount() == 2 * gpus.size(); });
    VERIFY_HAS_VALUE(fired);
    QVERIFY(find(*fired, "hot", AlertState::Firing, name));
    QVERIFY(find(*fired, "power", AlertState::Firing, name)->value > 1.0);
    QVERIFY(fired->alerts.front().severity == AlertSeverity::Critical);  // critical first
    g.onCluster([&](SimulatedCluster& c) { c.setNodeUp(gpus.front(), false); });
    const auto cleared = g.until([&](const AlertReport& r) {
      return find(r, "hot", AlertState::Resolved, name) && find(r, "power", AlertState::Resolved, name);
    });
    VERIFY_HAS_VALUE(cleared);
    QCOMPARE(cleared->firingCount(), 2 * (gpus.size() - 1));
  }

  // Every node down: jobs wait past the threshold; back up, they start.
  void jobWaitFiresAndClears() {
    std::vector<AlertRule> rules;
    for (const PriorityClass c : {PriorityClass::High, PriorityClass::Middle, PriorityClass::Low}) {
      AlertRule r = rule("wait-" + std::string(toString(c)), AlertRuleKind::JobWait, 120);
      r.priorityClass = c;
      rules.push_back(r);
    }
    Running g(cluster(0.2), rules);
    std::size_t nodes = 0;
    g.onCluster([&](SimulatedCluster& c) {
      nodes = c.topology().nodes.size();
      for (std::uint32_t n = 0; n < nodes; ++n) c.setNodeUp(n, false);
    });
    const auto fired = g.until([](const AlertReport& r) { return r.firingCount() > 0; });
    VERIFY_HAS_VALUE(fired);
    const Alert& a = fired->alerts.front();
    QVERIFY(a.kind == AlertRuleKind::JobWait);
    QVERIFY(a.value > 120.0);
    QCOMPARE(a.rule, "wait-" + a.subject);
    g.onCluster([&](SimulatedCluster& c) {
      for (std::uint32_t n = 0; n < nodes; ++n) c.setNodeUp(n, true);
    });
    const auto cleared =
        g.until([&](const AlertReport& r) { return r.firingCount() == 0 && find(r, a.rule, AlertState::Resolved); });
    QVERIFY(cleared);
  }

  // One GPU node up with one GPU taken; an 8-GPU job waits for a whole node
  // while 7 GPUs idle there (stranded capacity). The other nodes back up,
  // it starts, and nothing GPU waits.
  void gpusIdleWhileWaitingFiresAndClears() {
    AlertRule idle = rule("idle", AlertRuleKind::GpusIdleWhileWaiting, 4, 6);
    idle.minWaiting = 1;
    Running g(cluster(0.01), {idle});
    std::vector<std::uint32_t> gpus;
    bool submitted = false;
    g.onCluster([&](SimulatedCluster& c) {
      gpus = nodesOf(c.topology(), DeviceKind::Gpu);
      for (std::size_t i = 1; i < gpus.size(); ++i) c.setNodeUp(gpus[i], false);
      JobSpec one;
      one.name = "holds-one-gpu";
      one.kind = JobKind::Training;
      one.requests = {8000, 65536, 1, 0, 0};
      one.estimatedRuntimeS = 6 * 3600;
      JobSpec eight = one;
      eight.name = "needs-a-whole-node";
      eight.requests.gpuCount = 8;
      submitted = std::holds_alternative<JobId>(c.submit(one)) && std::holds_alternative<JobId>(c.submit(eight));
    });
    QVERIFY(submitted);
    const auto fired = g.until([](const AlertReport& r) { return find(r, "idle", AlertState::Firing); });
    VERIFY_HAS_VALUE(fired);
    QVERIFY(find(*fired, "idle", AlertState::Firing)->value > 4.0);
    QCOMPARE(find(*fired, "idle", AlertState::Firing)->subject, std::string("gpu"));
    g.onCluster([&](SimulatedCluster& c) {
      for (const std::uint32_t n : gpus) c.setNodeUp(n, true);
    });
    QVERIFY(g.until([](const AlertReport& r) { return find(r, "idle", AlertState::Resolved); }));
  }

  // A candidate that serves its queue strictly in arrival order (no
  // backfill) waits longer than the active policy's backfilling priority
  // queue; rolling it back ends the canary and the alert.
  void canaryWorseFiresAndClears() {
    AlertRule canary = rule("canary", AlertRuleKind::CanaryWorse, 0, 0);
    canary.minStarted = 3;
    canary.marginRatio = 0.2;
    Running g(cluster(1.6), {canary});
    auto policies =
        v1::PolicyService::NewStub(grpc::CreateChannel(g.gateway->address(), grpc::InsecureChannelCredentials()));
    v1::Policy fifo = liveDefaultPolicy();
    fifo.set_name("strict-fifo");
    fifo.mutable_queue()->set_kind(v1::QueueDiscipline::FCFS);
    fifo.mutable_queue()->set_backfill_depth(0);
    {
      grpc::ClientContext context;
      context.AddMetadata("authorization", "Bearer " + kOperator);
      v1::PushPolicyRequest push;
      *push.mutable_spec() = fifo;
      push.set_canary_percent(50);
      v1::PolicyMutationResponse response;
      const grpc::Status s = policies->PushPolicy(&context, push, &response);
      QVERIFY2(s.ok(), s.error_message().c_str());
    }
    const auto fired = g.until([](const AlertReport& r) { return find(r, "canary", AlertState::Firing); });
    VERIFY_HAS_VALUE(fired);
    QCOMPARE(find(*fired, "canary", AlertState::Firing)->subject, std::string("v2"));
    QVERIFY(find(*fired, "canary", AlertState::Firing)->value > 0.0);
    {
      grpc::ClientContext context;
      context.AddMetadata("authorization", "Bearer " + kOperator);
      v1::RollbackPolicyRequest rollback;
      rollback.set_to_version(1);
      v1::PolicyMutationResponse response;
      const grpc::Status s = policies->RollbackPolicy(&context, rollback, &response);
      QVERIFY2(s.ok(), s.error_message().c_str());
    }
    QVERIFY(g.until([](const AlertReport& r) { return find(r, "canary", AlertState::Resolved); }));
  }

  void setRulesNeedsAnOperatorAndIsAudited() {
    Running g(cluster(0.3), {rule("down", AlertRuleKind::NodeDown, 0)});
    v1::AlertRuleSet set;
    toProto({rule("hot", AlertRuleKind::DeviceTemperature, 1)}, &set);
    grpc::Status s = g.setRules(set, kViewer);
    QCOMPARE(s.error_code(), grpc::PERMISSION_DENIED);
    QVERIFY(s.error_message().find("an operator token") != std::string::npos);
    {
      grpc::ClientContext context;  // no token: reads are open on loopback, this is not
      v1::SetAlertRulesRequest request;
      *request.mutable_rules() = set;
      v1::SetAlertRulesResponse response;
      QCOMPARE(g.alerts->SetAlertRules(&context, request, &response).error_code(), grpc::UNAUTHENTICATED);
    }
    QCOMPARE(g.report().rules.size(), std::size_t{1});
    v1::AlertRuleSet bad = set;
    bad.mutable_rules(0)->set_kind("hotness");
    s = g.setRules(bad, kOperator);
    QCOMPARE(s.error_code(), grpc::INVALID_ARGUMENT);
    QVERIFY2(s.error_message().find("rules[0].kind: 'hotness'") != std::string::npos, s.error_message().c_str());
    QVERIFY(g.setRules(set, kOperator).ok());
    const AlertReport after = g.report();
    QCOMPARE(after.rules.size(), std::size_t{1});
    QCOMPARE(after.rules[0].name, std::string("hot"));
    QCOMPARE(after.rulesOrigin, std::string("pushed by olga"));
    QVERIFY(g.until([](const AlertReport& r) { return find(r, "hot", AlertState::Firing); }));

    auto policies =
        v1::PolicyService::NewStub(grpc::CreateChannel(g.gateway->address(), grpc::InsecureChannelCredentials()));
    grpc::ClientContext context;
    v1::ListAuditLogResponse log;
    QVERIFY(policies->ListAuditLog(&context, {}, &log).ok());
    int granted = 0, refusedBad = 0, refusedRole = 0;
    for (const v1::AuditEntry& e : log.entries()) {
      if (e.action() != "SetAlertRules") continue;
      if (e.ok() && e.who() == "olga" && e.detail().find("hot (1 rule)") != std::string::npos) ++granted;
      if (!e.ok() && e.detail().find("'hotness'") != std::string::npos) ++refusedBad;
      if (!e.ok() && e.who() == "vera") ++refusedRole;
    }
    QCOMPARE(granted, 1);
    QCOMPARE(refusedBad, 1);
    QCOMPARE(refusedRole, 1);
  }

  // The series the shipped Prometheus rules read all exist on /metrics.
  void prometheusRulesReadSeriesTheGatewayExports() {
    QFile file(QStringLiteral(PROMETHEUS_RULES));
    QVERIFY2(file.open(QIODevice::ReadOnly), PROMETHEUS_RULES);
    const QString rules = QString::fromUtf8(file.readAll());
    Running g(cluster(0.3), {});
    const QString metrics = QString::fromStdString(g.gateway->metrics().exposition());
    QSet<QString> names;
    const QRegularExpression series(QStringLiteral("\\b(hetsched_[a-z_]+)"));
    for (auto it = series.globalMatch(rules); it.hasNext();) names.insert(it.next().captured(1));
    QVERIFY(names.size() >= 8);
    for (const QString& name : names)
      QVERIFY2(metrics.contains(QStringLiteral("# TYPE ") + name + QLatin1Char(' ')), qPrintable(name));
  }
};

QTEST_GUILESS_MAIN(TestGatewayAlerts)
#include "tst_gateway_alerts.moc"
