// The Kubernetes source against recorded API responses served from
// loopback: no API server runs here (docs/sources.md says what ran live).
#include "base/model/device_kind.h"
#include "base/model/frame.h"
#include "base/model/job.h"
#include "base/model/topology.h"
#include "checked_value.h"
#include "engine/policy/compiled_policy.h"
#include "fake_api_server.h"
#include "kube_test_data.h"
#include "sources/cluster/live_policies.h"
#include "sources/kube/kube_api.h"
#include "sources/kube/kube_cluster.h"
#include "sources/kube/kube_convert.h"
#include "sources/kube/kube_error.h"
#include "sources/kube/kube_objects.h"
#include "sources/kube/kube_reflector.h"
#include "sources/kube/kube_scheduler.h"

#include <QTest>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

using namespace hetsched;

namespace {

const std::string& kData = test::kKubeData;
const auto readData = test::readKubeData;

KubeOptions optionsFor(const FakeApiServer& server) {
  KubeOptions options;
  options.config.contextName = "fake";
  options.config.server = server.url();
  options.config.token = "test-token";
  options.timeouts.read = std::chrono::milliseconds(3000);
  options.timeouts.watchRead = std::chrono::milliseconds(3000);
  return options;
}

// The live default with batch work routed onto GPU hosts.
CompiledPolicy batchOnGpus() {
  CompiledPolicy p = liveDefaultCompiled();
  p.routing.set(JobKind::Batch, DeviceKind::Gpu);
  p.routeOverrides.emplace_back(JobKind::Batch, DeviceKind::Gpu);
  return p;
}

std::unique_ptr<KubeCluster> startCluster(KubeOptions options) {
  auto cluster = KubeCluster::create(std::move(options));
  if (auto* e = std::get_if<KubeError>(&cluster)) qFatal("create failed: %s", e->message().c_str());
  return std::get<std::unique_ptr<KubeCluster>>(std::move(cluster));
}

// Rows of a device kind (Topology::deviceCount counts by node kind).
std::size_t countKind(const Topology& t, DeviceKind kind) {
  std::size_t n = 0;
  for (std::size_t d = 0; d < t.devices.size(); ++d) n += t.kindOf(d) == kind ? 1 : 0;
  return n;
}

std::int64_t nodeIndex(const Topology& t, const std::string& name) {
  for (std::size_t n = 0; n < t.nodes.size(); ++n) {
    if (t.nodes[n].name == name) return static_cast<std::int64_t>(n);
  }
  return -1;
}

}  // namespace

class TestKubeSource : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void listBuildsCluster();
  void watchAppliesEvents();
  void goneStatusRelists();
  void goneEventRelists();
  void errorsSurface_data();
  void errorsSurface();
  void bindsPendingPods();
  void bindFailureIsReported();
  void policyChangesPlacement();
  void canarySplitsPodsByUid();
  void watchThreadsKeepClusterCurrent();
};

void TestKubeSource::listBuildsCluster() {
  FakeApiServer server(kData);
  KubeOptions options = optionsFor(server);
  options.schedule = false;
  auto cluster = startCluster(options);
  QCOMPARE(server.lastAuthorization(), std::string("Bearer test-token"));
  const Topology& t = cluster->topology();
  QCOMPARE(t.source, std::string("kubernetes"));
  QCOMPARE(t.nodes.size(), std::size_t(3));
  QCOMPARE(countKind(t, DeviceKind::Cpu), std::size_t(3));  // one CPU row per node
  QCOMPARE(countKind(t, DeviceKind::Gpu), std::size_t(4));
  QCOMPARE(countKind(t, DeviceKind::Tpu), std::size_t(4));
  const auto gpuNode = nodeIndex(t, "gpu-node-1");
  QVERIFY(gpuNode >= 0);
  QVERIFY(t.nodes[gpuNode].kind == DeviceKind::Gpu);
  QCOMPARE(t.nodes[gpuNode].cpuMilli, 31000u);  // 31850m: whole cores
  QCOMPARE(t.modelOf(t.nodes[gpuNode].firstDevice + 1).name, std::string("NVIDIA-A100-SXM4-80GB"));
  QCOMPARE(t.modelOf(t.nodes[gpuNode].firstDevice + 1).memoryMib, std::uint64_t(81920));

  // Allocation-based use: resnet-train-0 holds 2 of 4 GPUs and 8 of 31.85 cores.
  const Frame& f = cluster->frame();
  const std::uint32_t first = t.nodes[gpuNode].firstDevice;
  QCOMPARE(f.utilization[first + 1], 1.0f);
  QCOMPARE(f.utilization[first + 2], 1.0f);
  QCOMPARE(f.utilization[first + 3], 0.0f);
  QVERIFY(f.job[first + 1] != 0 && f.job[first + 1] == f.job[first + 2]);
  QVERIFY(qAbs(f.utilization[first] - 8000.0f / 31850.0f) < 1e-4f);

  std::size_t total = 0;
  const auto queued = cluster->jobs(std::vector<JobState>{JobState::Queued}, 100, &total);
  QCOMPARE(total, std::size_t(5));  // four for hetsched, one for the default scheduler
  const auto running = cluster->jobs(std::vector<JobState>{JobState::Running}, 100, &total);
  QCOMPARE(total, std::size_t(2));
  const auto done = cluster->jobs(std::vector<JobState>{JobState::Completed}, 100, &total);
  QCOMPARE(total, std::size_t(1));
  QCOMPARE(f.queue.kinds[index(DeviceKind::Gpu)].running, 1u);
  QCOMPARE(f.queue.kinds[index(DeviceKind::Tpu)].queued, 1u);
  const auto web = std::ranges::find_if(queued, [](const Job& j) { return j.spec.name == "web/api-6c5b"; });
  QVERIFY(web != queued.end());
  QCOMPARE(web->spec.requests.cpuMilli, 1000u);  // the init container's 1 core beats the 750m sum
  QVERIFY(web->spec.kind == JobKind::Service);
  // The namespace is the team; the owner label, where a pod has one, the owner.
  QCOMPARE(web->spec.team, std::string("web"));
  QVERIFY(web->spec.owner.empty());
  const auto train = std::ranges::find_if(running, [](const Job& j) { return j.spec.name == "ml/resnet-train-0"; });
  QVERIFY(train != running.end());
  QCOMPARE(train->spec.owner, std::string("mina"));
  QCOMPARE(train->spec.team, std::string("ml"));
}

void TestKubeSource::watchAppliesEvents() {
  FakeApiServer server(kData);
  auto api = std::get<std::unique_ptr<KubeApi>>(KubeApi::create(optionsFor(server).config));
  std::mutex mutex;
  KubeStore store;
  KubeReflector nodes(*api, KubeReflector::Resource::Nodes, mutex, store);
  QVERIFY(!nodes.list());
  QCOMPARE(nodes.stats().resourceVersion, std::string("5000"));
  server.queueWatch("nodes", {200, "nodes-watch.jsonl"});
  QVERIFY(!nodes.watchOnce());
  QCOMPARE(server.watchQueries("nodes").front(),
           std::string("/api/v1/nodes?resourceVersion=5000&allowWatchBookmarks=true"));
  const auto stats = nodes.stats();
  QCOMPARE(stats.events, std::uint64_t(3));
  QCOMPARE(stats.bookmarks, std::uint64_t(1));
  QCOMPARE(stats.resourceVersion, std::string("5020"));  // the bookmark's
  QCOMPARE(store.nodes.size(), std::size_t(3));
  QVERIFY(store.nodes.contains("gpu-node-2"));
  QCOMPARE(store.nodes.at("gpu-node-2").allocatable.gpus, std::uint64_t(8));
  QVERIFY(!store.nodes.at("cpu-node-1").ready);
  QVERIFY(!store.nodes.contains("tpu-node-1"));
  // The next watch resumes from the bookmark.
  QVERIFY(!nodes.watchOnce());
  QCOMPARE(server.watchQueries("nodes").back(),
           std::string("/api/v1/nodes?resourceVersion=5020&allowWatchBookmarks=true"));

  KubeReflector pods(*api, KubeReflector::Resource::Pods, mutex, store);
  QVERIFY(!pods.list());
  server.queueWatch("pods", {200, "pods-watch.jsonl"});
  QVERIFY(!pods.watchOnce());
  QVERIFY(store.pods.contains("ml/vit-train-1"));
  QCOMPARE(store.pods.at("ml/bert-serve-7d9f").phase, std::string("Running"));
  QCOMPARE(store.pods.at("ml/bert-serve-7d9f").nodeName, std::string("tpu-node-1"));
  QVERIFY(!store.pods.contains("web/other-sched"));
  QCOMPARE(pods.stats().resourceVersion, std::string("5040"));
}

void TestKubeSource::goneStatusRelists() {
  FakeApiServer server(kData);
  auto api = std::get<std::unique_ptr<KubeApi>>(KubeApi::create(optionsFor(server).config));
  std::mutex mutex;
  KubeStore store;
  KubeReflector nodes(*api, KubeReflector::Resource::Nodes, mutex, store);
  QVERIFY(!nodes.list());
  server.queueWatch("nodes", {410, "status-410.json"});
  QVERIFY(!nodes.watchOnce());  // not an error: a reason to list again
  QVERIFY(nodes.needsList());
  QCOMPARE(nodes.stats().relists, std::uint64_t(1));
  QVERIFY(!nodes.list());
  QCOMPARE(server.lists("nodes"), 2);
  QVERIFY(!nodes.needsList());
}

void TestKubeSource::goneEventRelists() {
  FakeApiServer server(kData);
  KubeOptions options = optionsFor(server);
  options.schedule = false;
  server.queueWatch("pods", {200, "watch-error-410.jsonl"});
  auto cluster = startCluster(options);
  // The reflector thread sees the ERROR event and lists again by itself.
  QTRY_COMPARE_WITH_TIMEOUT(server.lists("pods"), 2, 5000);
  QCOMPARE(cluster->podStats().relists, std::uint64_t(1));
  QVERIFY(!cluster->lastError());
}

void TestKubeSource::errorsSurface_data() {
  QTest::addColumn<int>("status");
  QTest::addColumn<QString>("expected");
  QTest::newRow("401") << 401
                       << "401 Unauthorized (the token or client certificate was not accepted): GET "
                          "/api/v1/nodes?limit=500: Unauthorized";
  QTest::newRow("403") << 403
                       << "403 Forbidden (the account lacks an RBAC permission; see "
                          "packaging/kubernetes/rbac.yaml): GET /api/v1/nodes?limit=500: nodes is forbidden";
  QTest::newRow("500") << 500 << "HTTP 500: GET /api/v1/nodes?limit=500: Internal error occurred: etcdserver";
}

void TestKubeSource::errorsSurface() {
  QFETCH(int, status);
  QFETCH(QString, expected);
  FakeApiServer server(kData);
  server.setListStatus(status);
  auto cluster = KubeCluster::create(optionsFor(server));
  QVERIFY(std::holds_alternative<KubeError>(cluster));
  const KubeError& e = std::get<KubeError>(cluster);
  QCOMPARE(e.status, status);
  QVERIFY2(e.message().find(expected.toStdString()) != std::string::npos, e.message().c_str());

  KubeConfig unreachable;
  unreachable.server = "http://127.0.0.1:1";
  KubeOptions options;
  options.config = unreachable;
  auto none = KubeCluster::create(options);
  QVERIFY(std::get<KubeError>(none).message().find("cannot reach the API server") != std::string::npos);
}

void TestKubeSource::bindsPendingPods() {
  FakeApiServer server(kData);
  auto cluster = startCluster(optionsFor(server));
  // create() ran one round. Order: high class first, then the oldest.
  const auto bindings = server.bindings();
  QCOMPARE(bindings.size(), std::size_t(4));
  const std::vector<std::pair<std::string, std::string>> expected = {
      {"ml/llm-finetune-0", "gpu-node-1"},    // training (GPU request) → GPU node, high priority first
      {"ml/bert-serve-7d9f", "tpu-node-1"},   // inference label → TPU node
      {"web/api-6c5b", "cpu-node-1"},         // service → CPU node
      {"web/nightly-report", "cpu-node-1"}};  // batch → CPU node
  for (std::size_t i = 0; i < expected.size(); ++i) {
    QCOMPARE(bindings[i].first, expected[i].first);
    const auto body = nlohmann::json::parse(bindings[i].second);
    QCOMPARE(body["kind"].get<std::string>(), std::string("Binding"));
    QCOMPARE(body["target"]["kind"].get<std::string>(), std::string("Node"));
    QCOMPARE(body["target"]["name"].get<std::string>(), expected[i].second);
    QCOMPARE(body["metadata"]["namespace"].get<std::string>() + "/" + body["metadata"]["name"].get<std::string>(),
             expected[i].first);
  }
  // Bound pods show as running at once; the default scheduler's pod is not ours.
  std::size_t total = 0;
  const auto queued = cluster->jobs(std::vector<JobState>{JobState::Queued}, 100, &total);
  QCOMPARE(total, std::size_t(1));
  QCOMPARE(queued.front().spec.name, std::string("web/other-sched"));
  // A second round before the watch shows the bindings does not bind twice.
  cluster->refresh();
  QCOMPARE(server.bindings().size(), std::size_t(4));
}

void TestKubeSource::bindFailureIsReported() {
  FakeApiServer server(kData);
  server.setBindStatus(403);
  auto cluster = startCluster(optionsFor(server));
  const auto decisions = cluster->lastBindings();
  QCOMPARE(decisions.size(), std::size_t(4));
  for (const KubeBinding& b : decisions) {
    VERIFY_HAS_VALUE(b.error);
    QCOMPARE(b.error->status, 403);
  }
  std::size_t total = 0;
  cluster->jobs(std::vector<JobState>{JobState::Queued}, 100, &total);
  QCOMPARE(total, std::size_t(5));  // nothing was bound
}

void TestKubeSource::policyChangesPlacement() {
  FakeApiServer server(kData);
  KubeOptions options = optionsFor(server);
  options.schedule = false;  // no round in create(): the policy comes first
  auto cluster = startCluster(options);
  KubeScheduler scheduler;
  LivePolicies pushed;
  pushed.active = batchOnGpus();  // a pushed policy: batch work onto GPU hosts
  scheduler.setPolicies(pushed);
  KubeStore store;
  const std::optional<KubeNode> cpuNode = nodeFromJson(nlohmann::json::parse(readData("nodes-list.json"))["items"][0]);
  const std::optional<KubeNode> gpuNode = nodeFromJson(nlohmann::json::parse(readData("nodes-list.json"))["items"][1]);
  VERIFY_HAS_VALUE(cpuNode);
  VERIFY_HAS_VALUE(gpuNode);
  store.nodes.emplace("cpu-node-1", *cpuNode);
  store.nodes.emplace("gpu-node-1", *gpuNode);
  const auto pods = nlohmann::json::parse(readData("pods-list.json"))["items"];
  for (const auto& item : pods) {
    const std::optional<KubePod> pod = podFromJson(item);
    VERIFY_HAS_VALUE(pod);
    if (pod->name == "nightly-report") store.pods.emplace(pod->key(), *pod);
  }
  std::vector<std::string> bound;
  scheduler.schedule(store, [&](const KubePod& pod, const std::string& node) -> std::optional<KubeError> {
    bound.push_back(pod.name + "@" + node);
    return std::nullopt;
  });
  QCOMPARE(bound, std::vector<std::string>{"nightly-report@gpu-node-1"});
}

// A candidate pushed with a canary share places the pods whose uid hashes
// into it; the rest keep the active policy. An observing source refuses.
void TestKubeSource::canarySplitsPodsByUid() {
  FakeApiServer server(kData);
  KubeOptions options = optionsFor(server);
  options.schedule = false;
  auto cluster = startCluster(options);
  LivePolicies live;
  live.active = liveDefaultCompiled();
  QVERIFY(cluster->setPolicies(live).has_value());  // not scheduling: refused

  KubeStore store;
  const auto nodes = nlohmann::json::parse(readData("nodes-list.json"))["items"];
  const std::optional<KubeNode> cpuNode = nodeFromJson(nodes[0]);
  const std::optional<KubeNode> gpuNode = nodeFromJson(nodes[1]);
  VERIFY_HAS_VALUE(cpuNode);
  VERIFY_HAS_VALUE(gpuNode);
  store.nodes.emplace("cpu-node-1", *cpuNode);
  store.nodes.emplace("gpu-node-1", *gpuNode);
  const auto pods = nlohmann::json::parse(readData("pods-list.json"));
  for (const auto& item : pods["items"]) {
    const std::optional<KubePod> pod = podFromJson(item);
    VERIFY_HAS_VALUE(pod);
    if (pod->name == "nightly-report") store.pods.emplace(pod->key(), *pod);
  }
  QCOMPARE(store.pods.size(), std::size_t(1));
  const auto placeWith = [&](std::uint32_t canaryPercent) {
    KubeScheduler scheduler;
    LivePolicies split;
    split.active = liveDefaultCompiled();
    split.candidate = batchOnGpus();
    split.canaryPercent = canaryPercent;
    scheduler.setPolicies(split);
    std::vector<std::string> bound;
    for (const auto& b : scheduler.schedule(store, [](const KubePod&, const std::string&) { return std::nullopt; }))
      bound.push_back(b.node + (b.canary ? "/canary" : ""));
    return bound;
  };
  QCOMPARE(placeWith(0), std::vector<std::string>{"cpu-node-1"});
  QCOMPARE(placeWith(100), std::vector<std::string>{"gpu-node-1/canary"});

  int inCanary = 0;
  for (int i = 0; i < 10000; ++i) inCanary += KubeScheduler::inCanary("uid-" + std::to_string(i), 30);
  QVERIFY2(inCanary > 2800 && inCanary < 3200, std::to_string(inCanary).c_str());
}

void TestKubeSource::watchThreadsKeepClusterCurrent() {
  FakeApiServer server(kData);
  KubeOptions options = optionsFor(server);
  options.schedule = false;
  auto cluster = startCluster(options);
  // Queued after the first round, so the deleted node was seen before.
  server.queueWatch("nodes", {200, "nodes-watch.jsonl"});
  QTRY_COMPARE_WITH_TIMEOUT(cluster->nodeStats().events, std::uint64_t(3), 5000);
  cluster->refresh();
  cluster->step();
  const Topology& t = cluster->topology();
  QCOMPARE(t.nodes.size(), std::size_t(4));  // a deleted node stays, marked down
  const Frame& f = cluster->frame();
  QCOMPARE(f.nodeUp[nodeIndex(t, "gpu-node-2")], std::uint8_t(1));
  QCOMPARE(f.nodeUp[nodeIndex(t, "cpu-node-1")], std::uint8_t(0));  // NotReady
  QCOMPARE(f.nodeUp[nodeIndex(t, "tpu-node-1")], std::uint8_t(0));  // deleted
  QCOMPARE(countKind(t, DeviceKind::Gpu), std::size_t(12));
}

QTEST_GUILESS_MAIN(TestKubeSource)
#include "tst_kube_source.moc"
