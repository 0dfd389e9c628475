#pragma once
// Snapshot data for the store tests: a small simulated cluster run, and the
// field-by-field comparisons the round trip is judged by.

#include "base/model/frame.h"
#include "base/model/job.h"
#include "data/store/snapshot_data.h"
#include "data/store/snapshot_store.h"
#include "data/store/store_error.h"
#include "sources/cluster/sim_options.h"
#include "sources/cluster/simulated_cluster.h"

#include <QByteArray>
#include <QFile>
#include <QTest>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

// QCOMPARE cannot print our enums: compare their names (toString, found by
// ADL, returns a string_view, which QCOMPARE cannot print either).
#define QCOMPARE_CODE(actual, expected) QCOMPARE(hetsched::test::codeName(actual), hetsched::test::codeName(expected))

namespace hetsched::test {

// A string_view is not null-terminated: its size travels with it.
template <class Code>
QByteArray codeName(Code code) {
  const std::string_view name = toString(code);
  return {name.data(), static_cast<qsizetype>(name.size())};
}

inline SnapshotData simSnapshot(std::uint64_t seed, std::size_t frames, std::uint32_t cpuNodes = 4,
                                std::uint32_t gpuNodes = 4, std::uint32_t tpuNodes = 2) {
  SimOptions options;
  options.shape = defaultClusterShape(cpuNodes, gpuNodes, tpuNodes);
  options.seed = seed;
  options.warmupS = 1800;
  options.nodeFailuresPerHour = 60.0;  // so nodeUp changes within the history
  SimulatedCluster cluster(options);
  SnapshotData d;
  d.name = "sim seed " + std::to_string(seed);
  d.takenAtMs = 1'790'000'000'000 + static_cast<std::int64_t>(seed);
  d.topology = cluster.topology();
  d.policy = {"fifo-binpack", seed + 2, R"({"queue":"fifo","placement":{"scorer":"binpack"}})"};
  for (std::size_t i = 0; i < frames; ++i) {
    cluster.step();
    Frame f = cluster.frame();
    f.wallTimeMs = d.takenAtMs - static_cast<std::int64_t>((frames - i) * 3000);
    d.history.push_back(std::move(f));
  }
  d.jobs = cluster.jobs({}, std::size_t(-1), nullptr);
  return d;
}

inline void compareJobs(const std::vector<Job>& got, const std::vector<Job>& want) {
  QCOMPARE(got.size(), want.size());
  for (std::size_t i = 0; i < want.size(); ++i) {
    const Job& a = got[i];
    const Job& b = want[i];
    QCOMPARE(a.id, b.id);
    QCOMPARE(a.spec.name, b.spec.name);
    QVERIFY(a.spec.kind == b.spec.kind);
    QVERIFY(a.spec.priority == b.spec.priority);
    QVERIFY(a.spec.qos == b.spec.qos);
    QVERIFY(a.spec.requests == b.spec.requests);
    QCOMPARE(a.spec.estimatedRuntimeS, b.spec.estimatedRuntimeS);
    QCOMPARE(a.spec.interruptible, b.spec.interruptible);
    QVERIFY(a.state == b.state);
    QCOMPARE(a.submitTimeMs, b.submitTimeMs);
    QCOMPARE(a.startTimeMs, b.startTimeMs);
    QCOMPARE(a.endTimeMs, b.endTimeMs);
    QCOMPARE(a.actualRuntimeS, b.actualRuntimeS);
    QCOMPARE(a.node, b.node);
    QCOMPARE(a.devices, b.devices);
  }
}

// Equal within the stored precision (see store/quantised_frame.h).
inline void compareFrame(const Frame& got, const Frame& want) {
  QCOMPARE(got.sequence, want.sequence);
  QCOMPARE(got.topologyVersion, want.topologyVersion);
  QCOMPARE(got.simTimeMs, want.simTimeMs);
  QCOMPARE(got.wallTimeMs, want.wallTimeMs);
  QCOMPARE(got.framesSkipped, want.framesSkipped);
  // The store's fixed-size queue blob does not keep the live cluster's
  // per-policy-arm counters (QueueSummary::arms); everything else round-trips.
  QueueSummary wantQueue = want.queue;
  wantQueue.arms.clear();
  QVERIFY(got.queue == wantQueue);
  QCOMPARE(got.deviceCount(), want.deviceCount());
  QCOMPARE(got.job, want.job);
  QCOMPARE(got.nodeUp, want.nodeUp);
  for (std::size_t d = 0; d < want.deviceCount(); ++d) {
    const auto near = [&](float a, float b, float step) { return std::fabs(a - b) <= step * 0.5f + 1e-6f; };
    if (!near(got.utilization[d], std::clamp(want.utilization[d], 0.0f, 1.0f), 1.0f / 200) ||
        !near(got.temperatureC[d], want.temperatureC[d], 1.0f) ||
        !near(got.memoryUsed[d], std::clamp(want.memoryUsed[d], 0.0f, 1.0f), 1.0f / 65535) ||
        !near(got.powerWatts[d], want.powerWatts[d], 1.0f))
      QFAIL(qPrintable(QStringLiteral("device %1 of frame %2 differs beyond quantisation").arg(d).arg(want.sequence)));
  }
}

inline SnapshotStore openOrFail(const QString& path, OpenMode mode) {
  auto opened = SnapshotStore::open(path.toStdString(), mode);
  if (auto* e = std::get_if<StoreError>(&opened)) qFatal("open failed: %s", e->message.c_str());
  return std::get<SnapshotStore>(std::move(opened));
}

// The value of a store call that must succeed.
template <typename T>
T value(std::variant<T, StoreError> v) {
  if (auto* e = std::get_if<StoreError>(&v)) qFatal("store error: %s", e->message.c_str());
  return std::get<T>(std::move(v));
}

inline QByteArray fileBytes(const QString& path) {
  QFile f(path);
  if (!f.open(QIODevice::ReadOnly)) return {};
  return f.readAll();
}

}  // namespace hetsched::test
