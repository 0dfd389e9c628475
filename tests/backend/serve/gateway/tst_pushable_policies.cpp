// Push what you proved: every family a what-if runs is pushed to the live
// simulated cluster over gRPC (the ATC'23 scorers, SRTF, preemption,
// migration, the hybrid with its weights carried in the policy), and what
// cannot run is refused at push with the field named, exactly as a what-if
// on the same cluster refuses it: one validation for both.
#include "base/model/topology.h"
#include "builtin_policy.h"
#include "engine/hybrid/hybrid_registration.h"
#include "engine/hybrid/weights_file.h"
#include "engine/sim/split_mix.h"
#include "hetsched.pb.h"
#include "policy.pb.h"
#include "policy_service.grpc.pb.h"
#include "policy_service.pb.h"
#include "serve/gateway/gateway.h"
#include "serve/gateway/token_store.h"
#include "sources/cluster/sim_options.h"
#include "sources/cluster/simulated_cluster.h"
#include "usecases/whatif/whatif_run.h"

#include <QTemporaryDir>
#include <QTest>
#include <cstdint>
#include <fstream>
#include <grpcpp/grpcpp.h>
#include <grpcpp/security/credentials.h>
#include <grpcpp/support/status.h>
#include <memory>
#include <sstream>
#include <string>
#include <utility>
#include <variant>

using namespace hetsched;

namespace {

constexpr const char* kOperator = "operator-token-alice";

SimOptions noTpus() {
  SimOptions options;
  options.shape = defaultClusterShape(4, 4, 0);
  options.warmupS = 0.0;
  options.nodeFailuresPerHour = 0.0;
  return options;
}

// Weights of the hybrid's shape, untrained: what matters here is that they
// travel intact.
std::string writeWeights(const QString& path) {
  SplitMix rng(3);
  HybridModel model;
  for (double& w : model.weights) w = rng.uniform() - 0.5;
  if (saveWeights(path.toStdString(), model)) qFatal("cannot write weights");
  std::ifstream in(path.toStdString());
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace

class TestPushablePolicies : public QObject {
  Q_OBJECT

  QTemporaryDir m_tmp;
  std::unique_ptr<Gateway> m_gateway;
  std::unique_ptr<v1::PolicyService::Stub> m_policy;
  Topology m_topology;

  grpc::Status push(const v1::Policy& spec, std::uint32_t canary = 50) {
    grpc::ClientContext context;
    context.AddMetadata("authorization", std::string("Bearer ") + kOperator);
    v1::PushPolicyRequest request;
    *request.mutable_spec() = spec;
    request.set_canary_percent(canary);
    v1::PolicyMutationResponse response;
    return m_policy->PushPolicy(&context, request, &response);
  }

  v1::GetPolicyResponse state() {
    grpc::ClientContext context;
    v1::GetPolicyResponse response;
    if (!m_policy->GetPolicy(&context, {}, &response).ok()) qFatal("GetPolicy failed");
    return response;
  }

  // What a what-if on this cluster says about the same policy.
  std::string whatifRefusal(const v1::Policy& policy) {
    WhatifWorkload workload;
    workload.topology = m_topology;
    const auto result = runWhatifPolicy(workload, policy, {});
    return std::holds_alternative<WhatifError>(result) ? std::get<WhatifError>(result).message : std::string();
  }

 private Q_SLOTS:
  void init() {
    QVERIFY(m_tmp.isValid());
    GatewayOptions options;
    options.speed = 100.0;
    options.tokens.add(kOperator, Role::Operator, "alice");
    auto cluster = std::make_unique<SimulatedCluster>(noTpus());
    m_topology = cluster->topology();
    m_gateway = std::make_unique<Gateway>(std::move(cluster), options);
    std::string error;
    QVERIFY2(m_gateway->start(&error), error.c_str());
    m_policy =
        v1::PolicyService::NewStub(grpc::CreateChannel(m_gateway->address(), grpc::InsecureChannelCredentials()));
  }

  void cleanup() {
    m_policy.reset();
    m_gateway.reset();
  }

  void everyFamilyIsPushed_data() {
    QTest::addColumn<QString>("policy");
    for (const char* name : {"fgd", "gpu-packing", "gpu-random", "srtf", "priority-aging", "opportunistic"})
      QTest::newRow(name) << name;
  }
  void everyFamilyIsPushed() {
    QFETCH(QString, policy);
    const grpc::Status status = push(test::builtinPolicy(policy.toStdString()));
    QVERIFY2(status.ok(), status.error_message().c_str());
    QCOMPARE(QString::fromStdString(state().candidate().spec().name()), policy);
  }

  // The hybrid travels with its weights: the file it names is read into
  // the policy, which the gateway runs without reading any path; a damaged
  // copy is refused by its checksum, naming the field.
  void hybridCarriesItsWeights() {
    const QString path = m_tmp.filePath(QStringLiteral("hybrid.qnet"));
    const std::string text = writeWeights(path);
    v1::Policy hybrid = test::builtinPolicy("seed-score");
    hybrid.set_name("hybrid");
    hybrid.mutable_placement()->set_kind(v1::PlacementRule::EXTERNAL);
    hybrid.mutable_placement()->set_external_scorer("hybrid:" + path.toStdString());
    QVERIFY(!embedHybridWeights(hybrid));
    QCOMPARE(hybrid.placement().external_scorer(), std::string("hybrid"));
    QCOMPARE(hybrid.placement().hybrid_weights(), text);
    QVERIFY(QFile::remove(path));  // the gateway must not need it
    const grpc::Status status = push(hybrid);
    QVERIFY2(status.ok(), status.error_message().c_str());
    QCOMPARE(state().candidate().spec().placement().hybrid_weights(), text);

    v1::Policy damaged = hybrid;
    std::string changed = text;
    changed[changed.find("0x") + 2] = changed[changed.find("0x") + 2] == '1' ? '2' : '1';
    damaged.mutable_placement()->set_hybrid_weights(changed);
    const grpc::Status refused = push(damaged);
    QCOMPARE(refused.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
    QVERIFY2(refused.error_message().starts_with("placement.hybrid_weights: "), refused.error_message().c_str());
  }

  // What cannot run is refused at push with the field named, and a what-if
  // refuses it with the same words.
  void refusedAtPushAsInAWhatif_data() {
    QTest::addColumn<QString>("change");
    QTest::addColumn<QString>("field");
    QTest::newRow("unknown scorer") << "unknown" << "placement.external_scorer";
    QTest::newRow("hybrid without weights") << "hybrid" << "placement.hybrid_weights";
    QTest::newRow("route to a kind the cluster lacks") << "tpu" << "placement.routes[0].device_kind";
    QTest::newRow("device kind out of range") << "77" << "placement.routes[0].device_kind";
  }
  void refusedAtPushAsInAWhatif() {
    QFETCH(QString, change);
    QFETCH(QString, field);
    v1::Policy bad = test::builtinPolicy("fgd");
    if (change == "unknown") bad.mutable_placement()->set_external_scorer("no-such-scorer");
    if (change == "hybrid") bad.mutable_placement()->set_external_scorer("hybrid");
    if (change == "tpu" || change == "77") {
      v1::RouteOverride* route = bad.mutable_placement()->add_routes();
      route->set_job_kind(v1::JOB_KIND_INFERENCE);
      route->set_device_kind(change == "tpu" ? v1::DEVICE_KIND_TPU : static_cast<v1::DeviceKind>(77));
    }
    const grpc::Status status = push(bad);
    QCOMPARE(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
    QVERIFY2(status.error_message().starts_with(field.toStdString() + ": "), status.error_message().c_str());
    QCOMPARE(QString::fromStdString(whatifRefusal(bad)), QString::fromStdString(status.error_message()));
    QVERIFY(!state().has_candidate());
  }
};

QTEST_GUILESS_MAIN(TestPushablePolicies)
#include "tst_pushable_policies.moc"
