// What an operator does to the gateway's alerts is kept: rules set through
// SetAlertRules survive a restart on the same --state file (stored with
// their audit entry; a rules file given at start yields to them, and the
// start summary says so); a state file of schema 1 opens and gains the
// table; AcknowledgeAlerts (operator only, audited) marks an alert for
// every client of the gateway. A real gateway on loopback, a real SQLite file.
#include "alerts.grpc.pb.h"
#include "alerts.pb.h"
#include "policy_service.grpc.pb.h"
#include "policy_service.pb.h"
#include "serve/alert/alert.h"
#include "serve/alert/alert_proto.h"
#include "serve/alert/alert_rule.h"
#include "serve/gateway/gateway.h"
#include "serve/gateway/token_store.h"
#include "sources/cluster/cluster_source.h"
#include "sources/cluster/sim_options.h"
#include "sources/cluster/simulated_cluster.h"

#include <QDeadlineTimer>
#include <QTemporaryDir>
#include <QTest>
#include <chrono>
#include <cstdint>
#include <grpcpp/grpcpp.h>
#include <grpcpp/security/credentials.h>
#include <grpcpp/support/status.h>
#include <memory>
#include <optional>
#include <sqlite3.h>
#include <string>
#include <thread>
#include <utility>
#include <variant>
#include <vector>

using namespace hetsched;

namespace {

const std::string kViewer = "1111111111111111111111111111111111111111111111111111111111111111";
const std::string kOperator = "3333333333333333333333333333333333333333333333333333333333333333";

AlertRule rule(std::string name, AlertRuleKind kind, double above) {
  AlertRule r;
  r.name = std::move(name);
  r.kind = kind;
  r.above = above;
  return r;
}

std::unique_ptr<Gateway> startGateway(const std::string& statePath, std::optional<std::vector<AlertRule>> rules,
                                      std::string* summary = nullptr, std::string* error = nullptr) {
  SimOptions sim;
  sim.shape = defaultClusterShape(2, 2, 1);
  sim.warmupS = 0.0;
  sim.nodeFailuresPerHour = 0.0;
  GatewayOptions options;
  options.speed = 100;
  options.predictionIntervalMs = 0;
  options.statePath = statePath;
  options.alertRules = std::move(rules);
  options.alertRulesOrigin = "file rules.json";
  options.tokens.add(kViewer, Role::Viewer, "vera");
  options.tokens.add(kOperator, Role::Operator, "olga");
  options.anonymousReads = true;
  auto gateway = std::make_unique<Gateway>(std::make_unique<SimulatedCluster>(sim), options);
  std::string failed;
  if (!gateway->start(&failed)) {
    if (error) *error = failed;
    return nullptr;
  }
  if (summary) *summary = gateway->stateSummary();
  return gateway;
}

struct Client {
  std::unique_ptr<v1::AlertService::Stub> stub;

  explicit Client(const Gateway& g)
      : stub(v1::AlertService::NewStub(grpc::CreateChannel(g.address(), grpc::InsecureChannelCredentials()))) {}

  AlertReport report() {
    grpc::ClientContext context;
    v1::GetAlertsResponse wire;
    if (const grpc::Status s = stub->GetAlerts(&context, {}, &wire); !s.ok())
      qFatal("GetAlerts: %s", s.error_message().c_str());
    auto decoded = fromProto(wire);
    if (auto* e = std::get_if<std::string>(&decoded)) qFatal("GetAlerts answer: %s", e->c_str());
    return std::get<AlertReport>(std::move(decoded));
  }
  grpc::Status setRules(const std::vector<AlertRule>& rules, const std::string& token = kOperator) {
    grpc::ClientContext context;
    context.AddMetadata("authorization", "Bearer " + token);
    v1::SetAlertRulesRequest request;
    toProto(rules, request.mutable_rules());
    v1::SetAlertRulesResponse response;
    return stub->SetAlertRules(&context, request, &response);
  }
  grpc::Status acknowledge(const std::vector<std::uint64_t>& ids, const std::string& token,
                           v1::AcknowledgeAlertsResponse* response) {
    grpc::ClientContext context;
    context.AddMetadata("authorization", "Bearer " + token);
    v1::AcknowledgeAlertsRequest request;
    for (const std::uint64_t id : ids) request.add_ids(id);
    return stub->AcknowledgeAlerts(&context, request, response);
  }
};

std::vector<std::string> ruleNames(const AlertReport& r) {
  std::vector<std::string> names;
  names.reserve(r.rules.size());
  for (const AlertRule& rule : r.rules) names.push_back(rule.name);
  return names;
}

long long userVersion(const std::string& path) {
  sqlite3* db = nullptr;
  sqlite3_open(path.c_str(), &db);
  sqlite3_stmt* s = nullptr;
  sqlite3_prepare_v2(db, "PRAGMA user_version", -1, &s, nullptr);
  const long long v = sqlite3_step(s) == SQLITE_ROW ? sqlite3_column_int64(s, 0) : -1;
  sqlite3_finalize(s);
  sqlite3_close(db);
  return v;
}

}  // namespace

class TestAlertState : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void pushedRulesSurviveARestart() {
    QTemporaryDir dir;
    const std::string path = dir.filePath(QStringLiteral("state.db")).toStdString();
    {
      auto g = startGateway(path, std::nullopt);
      QVERIFY(g);
      Client c(*g);
      QCOMPARE(c.report().rulesOrigin, std::string("built-in"));
      QVERIFY(c.setRules({rule("hot", AlertRuleKind::DeviceTemperature, 80), rule("down", AlertRuleKind::NodeDown, 0)})
                  .ok());
      // A refused set changes nothing, here or in the file.
      QCOMPARE(c.setRules({rule("x", AlertRuleKind::DeviceTemperature, 1)}, kViewer).error_code(),
               grpc::StatusCode::PERMISSION_DENIED);
    }
    // The file given at start yields to what an operator set, and the
    // summary says so.
    std::string summary;
    auto g = startGateway(path, std::vector<AlertRule>{rule("file", AlertRuleKind::NodeDown, 0)}, &summary);
    QVERIFY(g);
    const AlertReport r = Client(*g).report();
    QCOMPARE(ruleNames(r), (std::vector<std::string>{"hot", "down"}));
    QCOMPARE(r.rulesOrigin, std::string("pushed by olga"));
    QCOMPARE(r.rules[0].above, 80.0);
    QVERIFY2(summary.find("alert rules as stored, not the file given (pushed by olga") != std::string::npos,
             summary.c_str());
  }

  void aNewStateTakesTheFile() {
    QTemporaryDir dir;
    std::string summary;
    auto g = startGateway(dir.filePath(QStringLiteral("state.db")).toStdString(),
                          std::vector<AlertRule>{rule("file", AlertRuleKind::NodeDown, 0)}, &summary);
    QVERIFY(g);
    const AlertReport r = Client(*g).report();
    QCOMPARE(ruleNames(r), std::vector<std::string>{"file"});
    QCOMPARE(r.rulesOrigin, std::string("file rules.json"));
    QVERIFY2(summary.find("alert rules") == std::string::npos, summary.c_str());
  }

  // A state file written before alert rules were kept (schema 1) opens,
  // keeps its policy book, and takes rules from then on.
  void aSchemaOneFileIsUpgraded() {
    QTemporaryDir dir;
    const std::string path = dir.filePath(QStringLiteral("state.db")).toStdString();
    {
      QVERIFY(startGateway(path, std::nullopt));
    }
    sqlite3* db = nullptr;
    QCOMPARE(sqlite3_open(path.c_str(), &db), SQLITE_OK);
    QCOMPARE(sqlite3_exec(db, "DROP TABLE alert_rules; PRAGMA user_version=1;", nullptr, nullptr, nullptr), SQLITE_OK);
    sqlite3_close(db);
    QCOMPARE(userVersion(path), 1LL);
    std::string summary;
    {
      auto g = startGateway(path, std::nullopt, &summary);
      QVERIFY(g);
      QVERIFY2(summary.find("resumed at policy v1") != std::string::npos, summary.c_str());
      QVERIFY(Client(*g).setRules({rule("kept", AlertRuleKind::NodeDown, 0)}).ok());
    }
    QCOMPARE(userVersion(path), 2LL);
    auto g = startGateway(path, std::nullopt);
    QVERIFY(g);
    QCOMPARE(ruleNames(Client(*g).report()), std::vector<std::string>{"kept"});
  }

  // A newer schema than this gateway reads is refused by name, not written.
  void aNewerSchemaIsRefused() {
    QTemporaryDir dir;
    const std::string path = dir.filePath(QStringLiteral("state.db")).toStdString();
    {
      QVERIFY(startGateway(path, std::nullopt));
    }
    sqlite3* db = nullptr;
    sqlite3_open(path.c_str(), &db);
    sqlite3_exec(db, "PRAGMA user_version=9;", nullptr, nullptr, nullptr);
    sqlite3_close(db);
    std::string error;
    QVERIFY(!startGateway(path, std::nullopt, nullptr, &error));
    QVERIFY2(error.find("schema version 9") != std::string::npos, error.c_str());
    QCOMPARE(userVersion(path), 9LL);
  }

  void acknowledgementsAreTheGatewaysAndAudited() {
    QTemporaryDir dir;
    auto g = startGateway(dir.filePath(QStringLiteral("state.db")).toStdString(),
                          std::vector<AlertRule>{rule("down", AlertRuleKind::NodeDown, 0)});
    QVERIFY(g);
    g->withSource([](ClusterSource& s) { static_cast<SimulatedCluster&>(s).setNodeUp(0, false); });
    Client first(*g), second(*g);
    QDeadlineTimer deadline(60000);
    AlertReport r;
    while (!deadline.hasExpired()) {
      r = first.report();
      if (r.firingCount() > 0) break;
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    QVERIFY(r.firingCount() > 0);
    const std::uint64_t id = r.alerts.front().id;
    QVERIFY(!r.alerts.front().acknowledged());

    v1::AcknowledgeAlertsResponse answer;
    QCOMPARE(first.acknowledge({id}, kViewer, &answer).error_code(), grpc::StatusCode::PERMISSION_DENIED);
    QVERIFY(first.acknowledge({id, 999999}, kOperator, &answer).ok());
    QCOMPARE(answer.acknowledged(), 1u);
    QCOMPARE(answer.unknown_size(), 1);
    QCOMPARE(answer.unknown(0), std::uint64_t{999999});
    QVERIFY(answer.revision() > r.revision);
    // Another client sees who acknowledged it.
    const AlertReport seen = second.report();
    const auto it = std::find_if(seen.alerts.begin(), seen.alerts.end(), [id](const Alert& a) { return a.id == id; });
    QVERIFY(it != seen.alerts.end());
    QCOMPARE(it->acknowledgedBy, std::string("olga"));
    QVERIFY(it->acknowledgedWallMs > 0);
    // Again: nothing new, the first acknowledgement stands.
    QVERIFY(first.acknowledge({id}, kOperator, &answer).ok());
    QCOMPARE(answer.acknowledged(), 0u);
    // Too many ids at once are refused by name.
    std::vector<std::uint64_t> many(kMaxAcknowledgedAlerts + 1, id);
    const grpc::Status tooMany = first.acknowledge(many, kOperator, &answer);
    QCOMPARE(tooMany.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
    QVERIFY2(tooMany.error_message().find("at most 10000") != std::string::npos, tooMany.error_message().c_str());

    auto policies = v1::PolicyService::NewStub(grpc::CreateChannel(g->address(), grpc::InsecureChannelCredentials()));
    grpc::ClientContext context;
    v1::ListAuditLogResponse log;
    QVERIFY(policies->ListAuditLog(&context, {}, &log).ok());
    int granted = 0, refused = 0;
    for (const v1::AuditEntry& e : log.entries()) {
      if (e.action() != "AcknowledgeAlerts") continue;
      if (e.ok() && e.who() == "olga") {
        ++granted;
        if (granted == 1)
          QVERIFY2(e.detail().find("1 newly acknowledged, 1 unknown") != std::string::npos, e.detail().c_str());
      }
      if (!e.ok() && e.who() == "vera") ++refused;
    }
    QCOMPARE(granted, 2);
    QCOMPARE(refused, 1);
  }
};

QTEST_GUILESS_MAIN(TestAlertState)
#include "tst_alert_state.moc"
