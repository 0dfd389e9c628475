// The gateway's policy lifecycle over gRPC: optimistic concurrency, refusals
// that leave everything as it was, bearer-token roles on every mutation,
// canary arms in the frame stream, promote / rollback and the audit log.
#include "builtin_policy.h"
#include "hetsched.grpc.pb.h"
#include "hetsched.pb.h"
#include "policy.pb.h"
#include "policy_service.grpc.pb.h"
#include "policy_service.pb.h"
#include "serve/gateway/gateway.h"
#include "serve/gateway/token_store.h"
#include "sources/cluster/sim_options.h"
#include "sources/cluster/simulated_cluster.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <chrono>
#include <cstdint>
#include <grpcpp/grpcpp.h>
#include <grpcpp/security/credentials.h>
#include <grpcpp/support/status.h>
#include <memory>

using namespace hetsched;

namespace {

constexpr const char* kOperator = "operator-token-alice";
constexpr const char* kViewer = "viewer-token-bob";

SimOptions smallCluster() {
  SimOptions options;
  options.shape = defaultClusterShape(4, 4, 2);
  options.warmupS = 0.0;
  options.nodeFailuresPerHour = 0.0;
  return options;
}

}  // namespace

class TestPolicyLifecycle : public QObject {
  Q_OBJECT

  QTemporaryDir m_tmp;
  std::unique_ptr<Gateway> m_gateway;
  std::shared_ptr<grpc::Channel> m_channel;
  std::unique_ptr<v1::PolicyService::Stub> m_policy;

  QString auditPath() const { return m_tmp.filePath(QStringLiteral("audit.log")); }

  static void authorise(grpc::ClientContext& context, const char* token) {
    if (token) context.AddMetadata("authorization", std::string("Bearer ") + token);
  }

  v1::GetPolicyResponse state() {
    grpc::ClientContext context;
    v1::GetPolicyResponse response;
    const grpc::Status status = m_policy->GetPolicy(&context, {}, &response);
    if (!status.ok()) qFatal("GetPolicy: %s", status.error_message().c_str());
    return response;
  }

  grpc::Status push(const v1::Policy& spec, std::uint32_t canary, std::uint64_t expected,
                    const char* token = kOperator) {
    grpc::ClientContext context;
    authorise(context, token);
    v1::PushPolicyRequest request;
    *request.mutable_spec() = spec;
    request.set_canary_percent(canary);
    request.set_expected_version(expected);
    v1::PolicyMutationResponse response;
    return m_policy->PushPolicy(&context, request, &response);
  }

  grpc::Status promote(const char* token = kOperator) {
    grpc::ClientContext context;
    authorise(context, token);
    v1::PolicyMutationResponse response;
    return m_policy->PromotePolicy(&context, {}, &response);
  }

  grpc::Status rollback(std::uint64_t to, const char* token = kOperator) {
    grpc::ClientContext context;
    authorise(context, token);
    v1::RollbackPolicyRequest request;
    request.set_to_version(to);
    v1::PolicyMutationResponse response;
    return m_policy->RollbackPolicy(&context, request, &response);
  }

  grpc::Status submit(const char* token) {
    auto stub = v1::ClusterService::NewStub(m_channel);
    grpc::ClientContext context;
    authorise(context, token);
    v1::SubmitJobRequest request;
    request.mutable_spec()->set_name("lifecycle-job");
    request.mutable_spec()->set_kind(v1::JOB_KIND_BATCH);
    request.mutable_spec()->set_priority(v1::PRIORITY_CLASS_LOW);
    request.mutable_spec()->mutable_requests()->set_cpu_milli(1000);
    request.mutable_spec()->set_estimated_runtime_s(60);
    v1::SubmitJobResponse response;
    return stub->SubmitJob(&context, request, &response);
  }

 private Q_SLOTS:
  void init() {
    QVERIFY(m_tmp.isValid());
    QFile::remove(auditPath());
    GatewayOptions options;
    options.speed = 100.0;  // a frame every 30 ms
    options.tokens.add(kOperator, Role::Operator, "alice");
    options.tokens.add(kViewer, Role::Viewer, "bob");
    options.auditLogPath = auditPath().toStdString();
    m_gateway = std::make_unique<Gateway>(std::make_unique<SimulatedCluster>(smallCluster()), options);
    std::string error;
    QVERIFY2(m_gateway->start(&error), error.c_str());
    m_channel = grpc::CreateChannel(m_gateway->address(), grpc::InsecureChannelCredentials());
    m_policy = v1::PolicyService::NewStub(m_channel);
  }

  void cleanup() {
    m_policy.reset();
    m_channel.reset();
    m_gateway.reset();
  }

  void startsAtVersionOneWithTheLiveDefault() {
    const auto s = state();
    QCOMPARE(s.version(), 1u);
    QCOMPARE(s.active().version(), 1u);
    QCOMPARE(s.active().spec().name(), std::string("live-default"));
    QVERIFY(!s.has_candidate());
  }

  void staleExpectedVersionIsRefused() {
    QVERIFY(push(test::builtinPolicy("first-fit"), 20, 1).ok());
    const auto before = state();
    QCOMPARE(before.version(), 2u);
    const grpc::Status stale = push(test::builtinPolicy("best-fit"), 50, 1);
    QCOMPARE(stale.error_code(), grpc::StatusCode::FAILED_PRECONDITION);
    QVERIFY2(stale.error_message().find("current version is 2") != std::string::npos, stale.error_message().c_str());
    const auto after = state();
    QCOMPARE(after.SerializeAsString(), before.SerializeAsString());  // nothing changed
    QCOMPARE(promote(nullptr).error_code(), grpc::StatusCode::UNAUTHENTICATED);
  }

  void invalidPolicyIsRefusedWithItsFieldPath() {
    v1::Policy bad = test::builtinPolicy("weighted-round-robin");
    bad.mutable_placement()->add_weights(0);  // weights[2]
    const grpc::Status status = push(bad, 30, 0);
    QCOMPARE(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
    QVERIFY2(status.error_message().find("placement.weights[2]: must be > 0") != std::string::npos,
             status.error_message().c_str());
    const auto s = state();
    QCOMPARE(s.version(), 1u);
    QVERIFY(!s.has_candidate());
  }

  void everyMutationNeedsAnOperator_data() {
    QTest::addColumn<QString>("call");
    QTest::addColumn<QString>("token");
    QTest::addColumn<int>("code");
    const QStringList calls{QStringLiteral("SubmitJob"), QStringLiteral("PushPolicy"), QStringLiteral("PromotePolicy"),
                            QStringLiteral("RollbackPolicy")};
    for (const QString& call : calls) {
      QTest::addRow("%s viewer", qPrintable(call)) << call << kViewer << int(grpc::StatusCode::PERMISSION_DENIED);
      QTest::addRow("%s no token", qPrintable(call)) << call << QString() << int(grpc::StatusCode::UNAUTHENTICATED);
      QTest::addRow("%s unknown token", qPrintable(call))
          << call << QStringLiteral("not-a-real-token") << int(grpc::StatusCode::UNAUTHENTICATED);
    }
  }
  void everyMutationNeedsAnOperator() {
    QFETCH(QString, call);
    QFETCH(QString, token);
    QFETCH(int, code);
    // A candidate exists so that promote and rollback could otherwise succeed.
    QVERIFY(push(test::builtinPolicy("first-fit"), 30, 0).ok());
    const auto before = state();
    const QByteArray t = token.toUtf8();
    const char* tok = token.isEmpty() ? nullptr : t.constData();
    grpc::Status status;
    if (call == QLatin1String("SubmitJob")) status = submit(tok);
    else if (call == QLatin1String("PushPolicy")) status = push(test::builtinPolicy("best-fit"), 10, 0, tok);
    else if (call == QLatin1String("PromotePolicy")) status = promote(tok);
    else status = rollback(1, tok);
    QCOMPARE(int(status.error_code()), code);
    QCOMPARE(state().SerializeAsString(), before.SerializeAsString());
    // Operators may; viewers may read.
    QVERIFY(submit(kOperator).ok());
    grpc::ClientContext context;
    authorise(context, kViewer);
    v1::GetPolicyResponse read;
    QVERIFY(m_policy->GetPolicy(&context, {}, &read).ok());
  }

  void canaryArmsStreamInFrames() {
    QVERIFY(push(test::builtinPolicy("first-fit"), 30, 1).ok());
    // Arrivals of our own on top of the generated workload, so both arms
    // surely get some within the test's time.
    for (int i = 0; i < 60; ++i) QVERIFY(submit(kOperator).ok());
    auto stub = v1::ClusterService::NewStub(m_channel);
    grpc::ClientContext context;
    context.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(20));
    auto reader = stub->WatchFrames(&context, {});
    v1::Frame frame;
    bool seen = false;
    std::string last;
    while (!seen && reader->Read(&frame)) {
      last = frame.queue().ShortDebugString();
      const auto& arms = frame.queue().arms();
      seen = arms.size() == 2 && arms[1].policy_version() == 2 && arms[1].policy_name() == "first-fit" &&
             arms[0].policy_version() == 1 && arms[0].arrivals() + arms[1].arrivals() >= 60 && arms[1].arrivals() > 0 &&
             arms[0].started_in_window() > 0 && arms[1].started_in_window() > 0;
    }
    context.TryCancel();
    QVERIFY2(seen, ("no frame carried both arms with arrivals and starts; last: " + last).c_str());
  }

  void promoteAndRollbackChangeTheActiveVersion() {
    QVERIFY(push(test::builtinPolicy("first-fit"), 30, 1).ok());
    QVERIFY(promote().ok());
    auto s = state();
    QCOMPARE(s.version(), 3u);
    QCOMPARE(s.active().version(), 3u);
    QCOMPARE(s.active().spec().name(), std::string("first-fit"));
    QCOMPARE(s.active().source_version(), 2u);
    QVERIFY(!s.has_candidate());
    QCOMPARE(promote().error_code(), grpc::StatusCode::FAILED_PRECONDITION);  // no candidate left

    QVERIFY(rollback(1).ok());
    s = state();
    QCOMPARE(s.active().version(), 4u);
    QCOMPARE(s.active().spec().name(), std::string("live-default"));
    QCOMPARE(s.active().action(), std::string("rollback"));
    QCOMPARE(rollback(99).error_code(), grpc::StatusCode::NOT_FOUND);

    grpc::ClientContext context;
    v1::ListPolicyHistoryResponse history;
    QVERIFY(m_policy->ListPolicyHistory(&context, {}, &history).ok());
    QCOMPARE(history.versions_size(), 4);
    const char* actions[] = {"initial", "push", "promote", "rollback"};
    for (int i = 0; i < 4; ++i) {
      QCOMPARE(history.versions(i).version(), std::uint64_t(i + 1));
      QCOMPARE(history.versions(i).action(), std::string(actions[i]));
      QVERIFY(history.versions(i).created_ms() > 0);
    }
    QCOMPARE(history.versions(1).author(), std::string("alice"));
  }

  void auditLogRecordsWhoWhatAndVersions() {
    QVERIFY(push(test::builtinPolicy("first-fit"), 30, 1).ok());
    QVERIFY(promote().ok());
    QCOMPARE(push(test::builtinPolicy("best-fit"), 30, 0, kViewer).error_code(), grpc::StatusCode::PERMISSION_DENIED);
    QVERIFY(rollback(1).ok());

    grpc::ClientContext context;
    v1::ListAuditLogResponse log;
    QVERIFY(m_policy->ListAuditLog(&context, {}, &log).ok());
    QCOMPARE(log.entries_size(), 4);
    const auto& pushed = log.entries(0);
    QCOMPARE(pushed.who(), std::string("alice"));
    QCOMPARE(pushed.action(), std::string("PushPolicy"));
    QVERIFY(pushed.ok());
    QCOMPARE(pushed.old_version(), 1u);
    QCOMPARE(pushed.new_version(), 2u);
    QVERIFY2(pushed.detail().find("first-fit") != std::string::npos, pushed.detail().c_str());
    QCOMPARE(log.entries(1).action(), std::string("PromotePolicy"));
    QCOMPARE(log.entries(1).old_version(), 1u);
    QCOMPARE(log.entries(1).new_version(), 3u);
    QVERIFY(!log.entries(2).ok());
    QCOMPARE(log.entries(2).who(), std::string("bob"));  // refusals name the viewer
    QCOMPARE(log.entries(3).action(), std::string("RollbackPolicy"));
    QCOMPARE(log.entries(3).old_version(), 3u);
    QCOMPARE(log.entries(3).new_version(), 4u);
    QVERIFY(log.entries(3).time_ms() >= log.entries(0).time_ms());

    QFile file(auditPath());
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QStringList lines = QString::fromUtf8(file.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 4);
    QVERIFY2(lines[0].contains(QStringLiteral("\talice\tPushPolicy\tok\t1->2\t")), qPrintable(lines[0]));
    QVERIFY2(lines[1].contains(QStringLiteral("\talice\tPromotePolicy\tok\t1->3\t")), qPrintable(lines[1]));
    QVERIFY2(lines[2].contains(QStringLiteral("PushPolicy\trefused")), qPrintable(lines[2]));
    QVERIFY2(lines[3].contains(QStringLiteral("\talice\tRollbackPolicy\tok\t3->4\t")), qPrintable(lines[3]));
  }
};

QTEST_GUILESS_MAIN(TestPolicyLifecycle)
#include "tst_policy_lifecycle.moc"
