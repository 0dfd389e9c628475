// The gateway's durable state (gateway/state_file.h): policy versions,
// canary state and the hash-chained audit log survive a restart in a real
// SQLite file; a second gateway on the same file or port is refused; an
// entry changed in the file is found by the chain; the log pages.
#include "builtin_policy.h"
#include "hetsched.grpc.pb.h"
#include "hetsched.pb.h"
#include "policy_service.grpc.pb.h"
#include "policy_service.pb.h"
#include "serve/gateway/audit_chain.h"
#include "serve/gateway/gateway.h"
#include "serve/gateway/token_store.h"
#include "sources/cluster/sim_options.h"
#include "sources/cluster/simulated_cluster.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <cstddef>
#include <cstdint>
#include <grpcpp/grpcpp.h>
#include <grpcpp/security/credentials.h>
#include <grpcpp/support/status.h>
#include <memory>
#include <sqlite3.h>
#include <string>
#include <vector>

using namespace hetsched;

namespace {

const std::string kOperator = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";
const std::string kViewer = "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb";

SimOptions smallCluster() {
  SimOptions options;
  options.shape = defaultClusterShape(2, 2, 1);
  options.warmupS = 0.0;
  return options;
}

// A client of one gateway's PolicyService.
struct Client {
  std::unique_ptr<v1::PolicyService::Stub> stub;

  explicit Client(const std::string& address)
      : stub(v1::PolicyService::NewStub(grpc::CreateChannel(address, grpc::InsecureChannelCredentials()))) {}

  grpc::Status push(const std::string& policy, std::uint32_t canary, const std::string& token = kOperator) {
    grpc::ClientContext context;
    context.AddMetadata("authorization", "Bearer " + token);
    v1::PushPolicyRequest request;
    *request.mutable_spec() = test::builtinPolicy(policy);
    request.set_canary_percent(canary);
    v1::PolicyMutationResponse response;
    return stub->PushPolicy(&context, request, &response);
  }
  grpc::Status promote() {
    grpc::ClientContext context;
    context.AddMetadata("authorization", "Bearer " + kOperator);
    v1::PolicyMutationResponse response;
    return stub->PromotePolicy(&context, {}, &response);
  }
  v1::GetPolicyResponse state() {
    grpc::ClientContext context;
    v1::GetPolicyResponse response;
    if (!stub->GetPolicy(&context, {}, &response).ok()) qFatal("GetPolicy failed");
    return response;
  }
  // The whole log, through every page.
  std::vector<v1::AuditEntry> audit(int* pages = nullptr) {
    std::vector<std::vector<v1::AuditEntry>> chunks;
    std::uint64_t before = 0;
    do {
      grpc::ClientContext context;
      v1::ListAuditLogRequest request;
      request.set_before_sequence(before);
      v1::ListAuditLogResponse page;
      if (!stub->ListAuditLog(&context, request, &page).ok()) qFatal("ListAuditLog failed");
      chunks.emplace_back(page.entries().begin(), page.entries().end());
      before = page.next_before_sequence();
    } while (before != 0);
    if (pages) *pages = static_cast<int>(chunks.size());
    std::vector<v1::AuditEntry> all;
    for (auto it = chunks.rbegin(); it != chunks.rend(); ++it) all.insert(all.end(), it->begin(), it->end());
    return all;
  }
};

}  // namespace

class TestGatewayState : public QObject {
  Q_OBJECT

  QTemporaryDir m_tmp;

  std::string statePath() const { return m_tmp.filePath(QStringLiteral("state.sqlite")).toStdString(); }

  static std::unique_ptr<Gateway> start(const std::string& state, std::string* error = nullptr,
                                        const std::string& listen = "127.0.0.1:0") {
    GatewayOptions options;
    options.listen = listen;
    options.statePath = state;
    options.tokens.add(kOperator, Role::Operator, "alice");
    options.tokens.add(kViewer, Role::Viewer, "bob");
    options.refusalLimits.peerBurst = 100000;
    options.refusalLimits.totalBurst = 100000;
    auto gateway = std::make_unique<Gateway>(std::make_unique<SimulatedCluster>(smallCluster()), options);
    std::string why;
    if (!gateway->start(&why)) {
      if (error) *error = why;
      return nullptr;
    }
    return gateway;
  }

 private Q_SLOTS:
  void init() { QFile::remove(QString::fromStdString(statePath())); }

  void restartResumesVersionsCanaryAndAudit() {
    std::vector<v1::AuditEntry> before;
    v1::GetPolicyResponse stateBefore;
    {
      auto gateway = start(statePath());
      QVERIFY(gateway);
      QVERIFY(gateway->stateSummary().find(" new:") != std::string::npos);
      Client client(gateway->address());
      QVERIFY(client.push("first-fit", 30).ok());                                          // v2
      QVERIFY(client.promote().ok());                                                      // v3
      QVERIFY(client.push("best-fit", 20).ok());                                           // v4, a canary
      QCOMPARE(client.push("sjf", 10, kViewer).error_code(), grpc::StatusCode::PERMISSION_DENIED);  // audited
      stateBefore = client.state();
      before = client.audit();
    }
    QCOMPARE(stateBefore.version(), 4u);
    QCOMPARE(before.size(), std::size_t(4));

    auto gateway = start(statePath());
    QVERIFY(gateway);
    QVERIFY2(gateway->stateSummary().find("resumed at policy v3 with candidate v4 at 20%, audit entry 4") !=
                 std::string::npos,
             gateway->stateSummary().c_str());
    Client client(gateway->address());
    const auto after = client.state();
    QCOMPARE(after.SerializeAsString(), stateBefore.SerializeAsString());
    QCOMPARE(after.active().spec().name(), std::string("first-fit"));
    QCOMPARE(after.candidate().spec().name(), std::string("best-fit"));
    QCOMPARE(after.canary_percent(), 20u);
    auto audit = client.audit();
    QCOMPARE(audit.size(), before.size());
    for (std::size_t i = 0; i < audit.size(); ++i)
      QCOMPARE(audit[i].SerializeAsString(), before[i].SerializeAsString());

    // The next change continues both sequences.
    QVERIFY(client.promote().ok());
    QCOMPARE(client.state().version(), 5u);
    audit = client.audit();
    QCOMPARE(audit.size(), std::size_t(5));
    QCOMPARE(audit.back().sequence(), 5u);
    QCOMPARE(audit.back().new_version(), 5u);
    QCOMPARE(audit.back().prev_hash(), before.back().hash());
    const ChainCheck check = verifyAuditChain(audit);
    QVERIFY2(check.ok(), check.problem.c_str());
  }

  void secondGatewayOnTheSameStateFileIsRefused() {
    auto first = start(statePath());
    QVERIFY(first);
    std::string error;
    QVERIFY(!start(statePath(), &error));
    QVERIFY2(error.find("in use by another hetschedd") != std::string::npos, error.c_str());
    Client client(first->address());  // the first keeps working
    QVERIFY(client.push("first-fit", 10).ok());
  }

  void secondGatewayOnTheSamePortIsRefused() {
    auto first = start("");
    QVERIFY(first);
    std::string error;
    QVERIFY(!start("", &error, first->address()));
    QVERIFY2(error.find("cannot listen on " + first->address()) != std::string::npos, error.c_str());
  }

  void foreignFilesAreRefusedUntouched_data() {
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("message");
    QTest::newRow("text") << QByteArray("not a database\n") << "not a hetschedd state file";
    QTest::newRow("other database") << QByteArray() << "a database of another program";
  }
  void foreignFilesAreRefusedUntouched() {
    QFETCH(QByteArray, content);
    QFETCH(QString, message);
    const std::string path = m_tmp.filePath(QStringLiteral("foreign")).toStdString();
    QFile::remove(QString::fromStdString(path));
    if (content.isEmpty()) {
      sqlite3* db = nullptr;
      QCOMPARE(sqlite3_open(path.c_str(), &db), SQLITE_OK);
      QCOMPARE(sqlite3_exec(db, "CREATE TABLE snapshots(id INTEGER)", nullptr, nullptr, nullptr), SQLITE_OK);
      sqlite3_close(db);
    } else {
      QFile file(QString::fromStdString(path));
      QVERIFY(file.open(QIODevice::WriteOnly));
      file.write(content);
    }
    QFile before(QString::fromStdString(path));
    QVERIFY(before.open(QIODevice::ReadOnly));
    const QByteArray bytes = before.readAll();
    std::string error;
    QVERIFY(!start(path, &error));
    QVERIFY2(error.find(message.toStdString()) != std::string::npos, error.c_str());
    QFile after(QString::fromStdString(path));
    QVERIFY(after.open(QIODevice::ReadOnly));
    QCOMPARE(after.readAll(), bytes);
  }

  // Someone with the file edits an entry, or deletes one: the chain says where.
  void tamperedEntriesAreFound_data() {
    QTest::addColumn<QString>("sql");
    QTest::addColumn<QString>("problem");
    QTest::newRow("edited detail") << "UPDATE audit SET detail = 'nothing to see' WHERE sequence = 2"
                                   << "entry 2: its hash does not match";
    QTest::newRow("edited who") << "UPDATE audit SET who = 'mallory' WHERE sequence = 2"
                                << "entry 2: its hash does not match";
    // Rewriting an entry's own hash only moves the break to the next one.
    QTest::newRow("edited and rehashed") << "REHASH" << "entry 3: prev_hash does not match";
    QTest::newRow("deleted") << "DELETE FROM audit WHERE sequence = 2" << "entry 3: expected sequence 2";
  }
  void tamperedEntriesAreFound() {
    QFETCH(QString, sql);
    QFETCH(QString, problem);
    {
      auto gateway = start(statePath());
      QVERIFY(gateway);
      Client client(gateway->address());
      QVERIFY(client.push("first-fit", 30).ok());
      QVERIFY(client.promote().ok());
      QVERIFY(client.push("best-fit", 10).ok());
      QVERIFY(verifyAuditChain(client.audit()).ok());
    }
    sqlite3* db = nullptr;
    QCOMPARE(sqlite3_open(statePath().c_str(), &db), SQLITE_OK);
    if (sql == QLatin1String("REHASH")) {
      // Entry 2 as the gateway served it, changed and sealed again.
      v1::AuditEntry forged;
      {
        auto gateway = start(statePath());
        forged = Client(gateway->address()).audit()[1];
      }
      forged.set_who("mallory");
      forged.set_hash(auditHash(forged));
      const std::string update = "UPDATE audit SET who = 'mallory', hash = '" + forged.hash() + "' WHERE sequence = 2";
      QCOMPARE(sqlite3_exec(db, update.c_str(), nullptr, nullptr, nullptr), SQLITE_OK);
    } else {
      QCOMPARE(sqlite3_exec(db, sql.toUtf8().constData(), nullptr, nullptr, nullptr), SQLITE_OK);
    }
    sqlite3_close(db);
    auto gateway = start(statePath());
    QVERIFY(gateway);
    Client client(gateway->address());
    const ChainCheck check = verifyAuditChain(client.audit());
    QVERIFY(!check.ok());
    QVERIFY2(QString::fromStdString(check.problem).startsWith(problem), check.problem.c_str());
  }

  // Thousands of entries come back page by page, the chain unbroken (in
  // memory: a durable entry costs an fsync, which is not what is tested).
  void auditPagesWalkTheWholeLog() {
    auto gateway = start("");
    QVERIFY(gateway);
    auto stub =
        v1::ClusterService::NewStub(grpc::CreateChannel(gateway->address(), grpc::InsecureChannelCredentials()));
    for (int i = 0; i < 2500; ++i) {  // refused submissions, each one audited line
      grpc::ClientContext context;
      v1::SubmitJobResponse response;
      QCOMPARE(stub->SubmitJob(&context, {}, &response).error_code(), grpc::StatusCode::UNAUTHENTICATED);
    }
    Client client(gateway->address());
    int pages = 0;
    const auto audit = client.audit(&pages);
    QCOMPARE(audit.size(), std::size_t(2500));
    QCOMPARE(pages, 3);
    QCOMPARE(audit.front().sequence(), 1u);
    QVERIFY(audit.front().detail().size() < 200);
    QVERIFY(verifyAuditChain(audit).ok());
  }
};

QTEST_GUILESS_MAIN(TestGatewayState)
#include "tst_gateway_state.moc"
