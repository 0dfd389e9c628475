// The Kubernetes secondary scheduler on the one scheduling core, against
// the recorded-API test server (tests/data/kubernetes/scheduling): a
// high-priority pod preempts an interruptible one through the Eviction API
// and is bound once the victim is gone; a completion lets the core move an
// interruptible pod (evicted, and its controller's replacement bound to
// the freed node); GPU shares from the gpushare and open-gpu-share
// conventions are placed on the GPU the pods already share, and the
// binding carries the annotations their device plugins read.
#include "base/model/device_kind.h"
#include "base/model/job.h"
#include "checked_value.h"
#include "engine/policy/builtin_policies.h"
#include "engine/policy/compiled_policy.h"
#include "engine/policy/policy_loader.h"
#include "fake_api_server.h"
#include "policy.pb.h"
#include "sources/cluster/live_policies.h"
#include "sources/kube/kube_cluster.h"
#include "sources/kube/kube_error.h"
#include "sources/kube/kube_scheduler.h"

#include <QTest>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <variant>
#include <vector>

using namespace hetsched;

namespace {

const std::string kData = HETSCHED_TEST_DATA "/kubernetes/scheduling";

// The seed's classes with ShouldPreempt, and §2.4 moves when a node frees.
CompiledPolicy preemptAndMigrate() {
  v1::Policy p;
  for (const v1::Policy& b : builtinPolicies())
    if (b.name() == "priority-aging") p = b;
  v1::MigrationRule* m = p.mutable_migration();
  m->set_enabled(true);
  m->set_utilization_threshold(0.9);
  m->set_max_per_event(1);
  return std::get<CompiledPolicy>(compilePolicy(p));
}

std::unique_ptr<KubeCluster> start(const FakeApiServer& server) {
  KubeOptions options;
  options.config.contextName = "fake";
  options.config.server = server.url();
  options.config.token = "test-token";
  options.timeouts.read = std::chrono::milliseconds(3000);
  options.timeouts.watchRead = std::chrono::milliseconds(3000);
  auto created = KubeCluster::create(std::move(options));
  if (auto* e = std::get_if<KubeError>(&created)) qFatal("create failed: %s", e->message().c_str());
  return std::get<std::unique_ptr<KubeCluster>>(std::move(created));
}

std::vector<std::string> names(const std::vector<std::pair<std::string, std::string>>& calls) {
  std::vector<std::string> out;
  out.reserve(calls.size());
  for (const auto& [pod, body] : calls) out.push_back(pod);
  return out;
}

nlohmann::json bodyOf(const std::vector<std::pair<std::string, std::string>>& calls, const std::string& pod) {
  for (const auto& [name, body] : calls)
    if (name == pod) return nlohmann::json::parse(body);
  return {};
}

// Applies one recorded watch file and runs a round.
void next(FakeApiServer& server, KubeCluster& cluster, const char* file, std::uint64_t events) {
  server.queueWatch("pods", {200, file});
  QTRY_COMPARE_WITH_TIMEOUT(cluster.podStats().events, events, 5000);
  cluster.refresh();
}

const KubeBinding* decisionFor(const std::vector<KubeBinding>& decisions, const std::string& pod) {
  for (const KubeBinding& d : decisions)
    if (d.pod == pod) return &d;
  return nullptr;
}

}  // namespace

class TestKubeScheduler : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void evictsPreemptsMovesAndShares() {
    FakeApiServer server(kData);
    auto cluster = start(server);

    // Round 1, the live default (no preemption): the two GPU shares go to
    // the GPU that already holds a share (best fit within the node), with
    // the annotations their device plugins read; the urgent pod waits.
    auto bindings = server.bindings();
    QCOMPARE(names(bindings), (std::vector<std::string>{"infer/share-2", "infer/open-share"}));
    const auto gpushare = bodyOf(bindings, "infer/share-2");
    QCOMPARE(gpushare["target"]["name"].get<std::string>(), std::string("share-node"));
    const auto& a = gpushare["metadata"]["annotations"];
    QCOMPARE(a["ALIYUN_COM_GPU_MEM_IDX"].get<std::string>(), std::string("2"));
    QCOMPARE(a["ALIYUN_COM_GPU_MEM_POD"].get<std::string>(), std::string("4"));
    QCOMPARE(a["ALIYUN_COM_GPU_MEM_DEV"].get<std::string>(), std::string("16"));
    QCOMPARE(a["ALIYUN_COM_GPU_MEM_ASSIGNED"].get<std::string>(), std::string("false"));
    QVERIFY(!a["ALIYUN_COM_GPU_MEM_ASSUME_TIME"].get<std::string>().empty());
    const auto open = bodyOf(bindings, "infer/open-share");
    QCOMPARE(open["metadata"]["annotations"]["alibabacloud.com/gpu-index"].get<std::string>(), std::string("2"));
    QVERIFY(server.evictions().empty());
    const auto round1 = cluster->lastBindings();
    const KubeBinding* urgent = decisionFor(round1, "web/urgent");
    QVERIFY(urgent);
    QVERIFY(urgent->node.empty());
    QCOMPARE(urgent->reason, std::string("no cpu node has room now"));

    // A policy with ShouldPreempt and §2.4 moves. Round 2: the urgent pod
    // preempts the interruptible low one, which is evicted; the urgent one
    // is nominated and not bound while its victim still holds the node.
    LivePolicies policies;
    policies.active = preemptAndMigrate();
    policies.activeVersion = 2;
    QVERIFY(!cluster->setPolicies(policies));
    cluster->refresh();
    QCOMPARE(names(server.evictions()), std::vector<std::string>{"batch/batch-low"});
    const auto eviction = nlohmann::json::parse(server.evictions().front().second);
    QCOMPARE(eviction["kind"].get<std::string>(), std::string("Eviction"));
    QCOMPARE(eviction["apiVersion"].get<std::string>(), std::string("policy/v1"));
    QCOMPARE(server.bindings().size(), std::size_t{2});
    const auto round2 = cluster->lastBindings();
    const KubeBinding* waiting = decisionFor(round2, "web/urgent");
    QVERIFY(waiting);
    QVERIFY(waiting->action == KubeBinding::Action::Wait);
    QCOMPARE(waiting->node, std::string("cpu-node-1"));

    // Round 3: the victim is gone; the urgent pod is bound where it was nominated.
    next(server, *cluster, "pods-watch-evicted.jsonl", 1);
    QCOMPARE(server.bindings().size(), std::size_t{3});
    QCOMPARE(server.bindings().back().first, std::string("web/urgent"));
    QCOMPARE(bodyOf(server.bindings(), "web/urgent")["target"]["name"].get<std::string>(), std::string("cpu-node-1"));
    QCOMPARE(server.evictions().size(), std::size_t{1});  // the non-interruptible pods stay

    // Round 4: gpu-b's only pod finishes; gpu-a runs above the threshold, so
    // the core moves its interruptible pod there: evicted, room reserved.
    next(server, *cluster, "pods-watch-finished.jsonl", 2);
    QCOMPARE(names(server.evictions()), (std::vector<std::string>{"batch/batch-low", "ml/trainer-a"}));
    const auto round4 = cluster->lastBindings();
    const KubeBinding* move = decisionFor(round4, "ml/trainer-a");
    QVERIFY(move);
    QVERIFY(move->action == KubeBinding::Action::Evict);
    QCOMPARE(move->node, std::string("gpu-b"));

    // Round 5: its controller's new pod is bound to the reserved node.
    next(server, *cluster, "pods-watch-replaced.jsonl", 4);
    QCOMPARE(server.bindings().back().first, std::string("ml/trainer-a-x7k2q"));
    QCOMPARE(bodyOf(server.bindings(), "ml/trainer-a-x7k2q")["target"]["name"].get<std::string>(),
             std::string("gpu-b"));
    QCOMPARE(server.bindings().size(), std::size_t{4});
  }

  // A policy that cannot run on this cluster is refused at push, naming
  // the field: here a route to TPUs, which it has none of.
  void refusesARouteToAMissingKind() {
    FakeApiServer server(kData);
    auto cluster = start(server);
    LivePolicies policies;
    policies.active = preemptAndMigrate();
    policies.active.routing.set(JobKind::Inference, DeviceKind::Tpu);
    policies.active.routeOverrides.emplace_back(JobKind::Inference, DeviceKind::Tpu);
    const auto refused = cluster->setPolicies(policies);
    VERIFY_HAS_VALUE(refused);
    QCOMPARE(refused->field, std::string("placement.routes[0].device_kind"));
  }
};

QTEST_GUILESS_MAIN(TestKubeScheduler)
#include "tst_kube_scheduler.moc"
