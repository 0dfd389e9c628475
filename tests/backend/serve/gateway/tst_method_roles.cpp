// The gateway's one table of roles (gateway/method_access.h), walked over
// every RPC of the three services as their descriptors list them, with no token,
// a wrong token, and viewer, agent and operator tokens: a method missing
// from the table, or a handler that skips the gate, fails here.
#include "alerts.grpc.pb.h"
#include "checked_value.h"
#include "hetsched.grpc.pb.h"
#include "policy_service.grpc.pb.h"
#include "serve/gateway/gateway.h"
#include "serve/gateway/listen_address.h"
#include "serve/gateway/method_access.h"
#include "serve/gateway/token_store.h"
#include "sources/cluster/sim_options.h"
#include "sources/cluster/simulated_cluster.h"

#include <QTest>
#include <chrono>
#include <cstdint>
#include <google/protobuf/descriptor.h>
#include <grpcpp/generic/generic_stub.h>
#include <grpcpp/grpcpp.h>
#include <grpcpp/security/credentials.h>
#include <grpcpp/support/byte_buffer.h>
#include <grpcpp/support/slice.h>
#include <grpcpp/support/status.h>
#include <memory>
#include <optional>
#include <string>
#include <vector>

using namespace hetsched;

namespace {

const std::string kViewer = "1111111111111111111111111111111111111111111111111111111111111111";
const std::string kAgent = "2222222222222222222222222222222222222222222222222222222222222222";
const std::string kOperator = "3333333333333333333333333333333333333333333333333333333333333333";
const std::string kWrong = "4444444444444444444444444444444444444444444444444444444444444444";

struct Outcome {
  grpc::Status status;
  int messages = 0;
};

// Any RPC without generated code: one empty request message, then the
// first response (a stream is cancelled after it), then the status.
Outcome call(const std::shared_ptr<grpc::Channel>& channel, const std::string& method, bool serverStreams,
             const std::string& token) {
  grpc::GenericStub stub(channel);
  grpc::CompletionQueue cq;
  grpc::ClientContext context;
  context.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(10));
  if (!token.empty()) context.AddMetadata("authorization", "Bearer " + token);
  auto rw = stub.PrepareCall(&context, method, &cq);
  void* tag = nullptr;
  bool ok = false;
  const auto step = [&](std::intptr_t id) {
    cq.Next(&tag, &ok);
    if (reinterpret_cast<std::intptr_t>(tag) != id) qFatal("unexpected completion %ld", static_cast<long>(id));
    return ok;
  };
  Outcome out;
  rw->StartCall(reinterpret_cast<void*>(1));
  step(1);
  grpc::Slice empty;
  grpc::ByteBuffer request(&empty, 1);
  rw->Write(request, reinterpret_cast<void*>(2));
  step(2);
  rw->WritesDone(reinterpret_cast<void*>(3));
  step(3);
  grpc::ByteBuffer response;
  rw->Read(&response, reinterpret_cast<void*>(4));
  if (step(4)) {
    out.messages = 1;
    if (serverStreams) context.TryCancel();
  }
  rw->Finish(&out.status, reinterpret_cast<void*>(5));
  step(5);
  cq.Shutdown();
  while (cq.Next(&tag, &ok)) {
  }
  return out;
}

std::vector<const google::protobuf::MethodDescriptor*> everyMethod() {
  std::vector<const google::protobuf::MethodDescriptor*> out;
  for (const auto* service : {v1::ClusterService::service_full_name(), v1::PolicyService::service_full_name(),
                              v1::AlertService::service_full_name()}) {
    const auto* descriptor = google::protobuf::DescriptorPool::generated_pool()->FindServiceByName(service);
    if (!descriptor) qFatal("no descriptor for %s", service);
    for (int i = 0; i < descriptor->method_count(); ++i) out.push_back(descriptor->method(i));
  }
  return out;
}

SimOptions smallCluster() {
  SimOptions options;
  options.shape = defaultClusterShape(2, 2, 1);
  options.warmupS = 0.0;
  return options;
}

}  // namespace

class TestMethodRoles : public QObject {
  Q_OBJECT

  std::unique_ptr<Gateway> start(bool anonymousReads) {
    GatewayOptions options;
    options.tokens.add(kViewer, Role::Viewer, "vera");
    options.tokens.add(kAgent, Role::Agent, "agent-7");
    options.tokens.add(kOperator, Role::Operator, "olga");
    options.anonymousReads = anonymousReads;
    // This walk refuses dozens of calls from one address on purpose.
    options.refusalLimits.peerBurst = 1000;
    auto gateway = std::make_unique<Gateway>(std::make_unique<SimulatedCluster>(smallCluster()), options);
    std::string error;
    if (!gateway->start(&error)) qFatal("gateway: %s", error.c_str());
    return gateway;
  }

 private Q_SLOTS:
  // Every method of the three services has exactly one row, and no row names a
  // method the services do not have.
  void theTableCoversEveryMethod() {
    const auto methods = everyMethod();
    QCOMPARE(methods.size(), kMethodRules.size());
    for (const auto* m : methods) {
      const auto rule = findRule(m->service()->full_name(), m->name());
      QVERIFY2(rule, qPrintable(QString::fromStdString(m->full_name()) + QStringLiteral(" has no role")));
    }
    // Reads for viewers, ReportMetrics for agents, the rest for operators.
    QVERIFY(ruleOf(Method::ReportMetrics).access == Access::Report);
    for (Method m : {Method::SubmitJob, Method::PushPolicy, Method::PromotePolicy, Method::RollbackPolicy,
                     Method::SetAlertRules, Method::AcknowledgeAlerts})
      QVERIFY(ruleOf(m).access == Access::Mutate);
    for (Method m : {Method::GetTopology, Method::WatchFrames, Method::ListJobs, Method::GetSnapshot, Method::GetPolicy,
                     Method::ListPolicyHistory, Method::ListAuditLog, Method::GetPredictions, Method::GetDeviceHistory,
                     Method::GetAlerts})
      QVERIFY(ruleOf(m).access == Access::Read);
  }

  void everyMethodEveryToken_data() {
    QTest::addColumn<bool>("anonymousReads");
    QTest::newRow("reads need a token (beyond loopback)") << false;
    QTest::newRow("anonymous reads (loopback)") << true;
  }
  void everyMethodEveryToken() {
    QFETCH(bool, anonymousReads);
    const auto gateway = start(anonymousReads);
    const auto channel = grpc::CreateChannel(gateway->address(), grpc::InsecureChannelCredentials());
    struct Holder {
      const char* label;
      const std::string* token;
      std::optional<Role> role;
    };
    const std::string none;
    const Holder holders[] = {{"no token", &none, std::nullopt},
                              {"wrong token", &kWrong, std::nullopt},
                              {"viewer", &kViewer, Role::Viewer},
                              {"agent", &kAgent, Role::Agent},
                              {"operator", &kOperator, Role::Operator}};
    int granted = 0;
    for (const auto* m : everyMethod()) {
      const std::optional<MethodRule> found = findRule(m->service()->full_name(), m->name());
      VERIFY_HAS_VALUE(found);
      const MethodRule rule = *found;
      const std::string path = "/" + m->service()->full_name() + "/" + m->name();
      for (const Holder& h : holders) {
        const Outcome out = call(channel, path, m->server_streaming(), *h.token);
        const int code = out.status.error_code();
        const QString where = QStringLiteral("%1 with %2: code %3 '%4'")
                                  .arg(QString::fromStdString(m->name()), QLatin1String(h.label))
                                  .arg(code)
                                  .arg(QString::fromStdString(out.status.error_message()));
        const bool open = h.token->empty() && anonymousReads && rule.access == Access::Read;
        if (open || (h.role && permits(*h.role, rule.access))) {
          // Past the gate: whatever the handler says of an empty request,
          // never a refusal of the caller.
          QVERIFY2(code != grpc::UNAUTHENTICATED && code != grpc::PERMISSION_DENIED && code != grpc::RESOURCE_EXHAUSTED,
                   qPrintable(where));
          if (m->server_streaming()) QVERIFY2(out.messages == 1, qPrintable(where));
          ++granted;
        } else if (!h.role) {
          QVERIFY2(code == grpc::UNAUTHENTICATED, qPrintable(where));
        } else {
          QVERIFY2(code == grpc::PERMISSION_DENIED, qPrintable(where));
          QVERIFY2(out.status.error_message().find(std::string(neededRoles(rule.access))) != std::string::npos,
                   qPrintable(where));
        }
      }
    }
    // 10 reads x (viewer, operator) + 1 report x (agent, operator) + 6 mutations x operator
    QCOMPARE(granted, 10 * 2 + 2 + 6 + (anonymousReads ? 10 : 0));
  }

  void loopbackAddresses_data() {
    QTest::addColumn<QString>("address");
    QTest::addColumn<bool>("loopback");
    QTest::newRow("127.0.0.1") << "127.0.0.1:50051" << true;
    QTest::newRow("127.1.2.3") << "127.1.2.3:0" << true;
    QTest::newRow("localhost") << "localhost:50051" << true;
    QTest::newRow("[::1]") << "[::1]:50051" << true;
    QTest::newRow("unix") << "unix:/run/hetsched.sock" << true;
    QTest::newRow("0.0.0.0") << "0.0.0.0:50051" << false;
    QTest::newRow("[::]") << "[::]:50051" << false;
    QTest::newRow("host name") << "gateway.example:50051" << false;
    QTest::newRow("LAN") << "10.0.0.5:50051" << false;
    QTest::newRow("127 prefix of a name") << "127.example.com:1" << false;
  }
  void loopbackAddresses() {
    QFETCH(QString, address);
    QFETCH(bool, loopback);
    QCOMPARE(isLoopbackListen(address.toStdString()), loopback);
  }

  // Beyond loopback, plaintext needs --insecure, and says why.
  void plaintextBeyondLoopbackIsRefused() {
    GatewayOptions options;
    options.listen = "0.0.0.0:0";
    Gateway gateway(std::make_unique<SimulatedCluster>(smallCluster()), options);
    std::string error;
    QVERIFY(!gateway.start(&error));
    QVERIFY2(error.find("without TLS") != std::string::npos && error.find("--insecure") != std::string::npos,
             error.c_str());
  }

  // Beyond loopback, anonymous reads cannot be turned on.
  void anonymousReadsOnlyOnLoopback() {
    GatewayOptions options;
    options.listen = "0.0.0.0:0";
    options.anonymousReads = true;
    options.insecure = true;
    Gateway gateway(std::make_unique<SimulatedCluster>(smallCluster()), options);
    std::string error;
    QVERIFY(!gateway.start(&error));
    QVERIFY2(error.find("beyond loopback") != std::string::npos, error.c_str());
  }
};

QTEST_GUILESS_MAIN(TestMethodRoles)
#include "tst_method_roles.moc"
