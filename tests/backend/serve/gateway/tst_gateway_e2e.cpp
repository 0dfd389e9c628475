// gRPC end to end on loopback: a real gateway (in process, and hetschedd as a
// child process), the console's client and adapter, and a raw stub for the
// requests the console would never send.
#include "base/model/connection_state.h"
#include "base/model/device_kind.h"
#include "base/model/frame.h"
#include "base/model/job.h"
#include "base/model/topology.h"
#include "cluster_connection.h"
#include "gateway_control.h"
#include "hetsched.grpc.pb.h"
#include "hetsched.pb.h"
#include "serve/client/cluster_client.h"
#include "serve/gateway/gateway.h"
#include "serve/gateway/token_store.h"
#include "serve/rpc/frame_codec.h"
#include "sources/cluster/sim_options.h"
#include "sources/cluster/simulated_cluster.h"

#include <QDeadlineTimer>
#include <QProcess>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>
#include <chrono>
#include <csignal>
#include <cstddef>
#include <cstdint>
#include <future>
#include <grpcpp/generic/generic_stub.h>
#include <grpcpp/grpcpp.h>
#include <grpcpp/security/credentials.h>
#include <grpcpp/support/byte_buffer.h>
#include <grpcpp/support/channel_arguments.h>
#include <grpcpp/support/slice.h>
#include <grpcpp/support/status.h>
#include <memory>
#include <optional>
#include <signal.h>
#include <string>
#include <sys/types.h>
#include <thread>
#include <vector>

using namespace hetsched;

Q_DECLARE_METATYPE(hetsched::DeviceKind)

namespace {

// The operator token every mutation in these tests carries.
const std::string kOperatorToken = "e2e-operator-token";

SimOptions quietCluster() {
  SimOptions options;
  options.shape = defaultClusterShape(4, 4, 2);
  options.targetLoad = 0.0;  // no background work: placements are ours alone
  options.warmupS = 0.0;
  options.nodeFailuresPerHour = 0.0;
  return options;
}

quint16 freePort() {
  QTcpServer probe;
  probe.listen(QHostAddress::LocalHost, 0);
  return probe.serverPort();
}

std::unique_ptr<v1::ClusterService::Stub> rawStub(const std::string& address) {
  return v1::ClusterService::NewStub(grpc::CreateChannel(address, grpc::InsecureChannelCredentials()));
}

// QTRY_VERIFY evaluates its expression once more at the end, so it cannot
// be used with takeFrame(), which consumes.
std::shared_ptr<const Frame> waitForFrame(ClusterConnection& connection, int timeoutMs = 5000) {
  QDeadlineTimer deadline(timeoutMs);
  while (!deadline.hasExpired()) {
    if (auto frame = connection.takeFrame()) return frame;
    QTest::qWait(20);
  }
  return nullptr;
}

std::optional<Job> findJob(const JobList& list, JobId id) {
  for (const Job& j : list.jobs) {
    if (j.id == id) return j;
  }
  return std::nullopt;
}

}  // namespace

class TestGatewayE2e : public QObject {
  Q_OBJECT
 private:
  std::unique_ptr<Gateway> m_gateway;
  QString m_address;
  QTemporaryDir m_tmp;

  bool startHetschedd(QProcess& process, quint16 port) {
    process.setProgram(QStringLiteral(HETSCHEDD_PATH));
    process.setArguments({QStringLiteral("--listen"), QStringLiteral("127.0.0.1:%1").arg(port),
                          QStringLiteral("--speed"), QStringLiteral("30"), QStringLiteral("--warmup"),
                          QStringLiteral("60"), QStringLiteral("--cpu-nodes"), QStringLiteral("2"),
                          QStringLiteral("--gpu-nodes"), QStringLiteral("2"), QStringLiteral("--tpu-nodes"),
                          QStringLiteral("1"), QStringLiteral("--metrics-listen"), QStringLiteral("127.0.0.1:0")});
    // The generated token goes to $XDG_RUNTIME_DIR/hetsched/token-ADDRESS;
    // a restart after SIGKILL replaces the one the dead gateway left.
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("XDG_RUNTIME_DIR"), m_tmp.path());
    env.insert(QStringLiteral("XDG_STATE_HOME"), m_tmp.path());  // its --state default, not the user's
    process.setProcessEnvironment(env);
    process.start();
    if (!process.waitForStarted(5000)) return false;
    while (process.waitForReadyRead(10000)) {
      if (process.readAllStandardOutput().contains("listening on")) return true;
    }
    qWarning() << "hetschedd did not start:" << process.readAllStandardError();
    return false;
  }

 private Q_SLOTS:
  void initTestCase() {
    GatewayOptions options;
    options.speed = 30.0;  // a frame every 100 ms
    options.tokens.add(kOperatorToken, Role::Operator, "e2e");
    m_gateway = std::make_unique<Gateway>(std::make_unique<SimulatedCluster>(quietCluster()), options);
    std::string error;
    QVERIFY2(m_gateway->start(&error), error.c_str());
    m_address = QString::fromStdString(m_gateway->address());
  }

  void cleanupTestCase() { m_gateway.reset(); }

  // The standard grpc.health.v1 service, spoken without generated code: an
  // empty HealthCheckRequest in, `status: SERVING` (field 1 = 1) out.
  void healthServiceAnswersServing_data() {
    QTest::addColumn<QString>("service");
    QTest::newRow("server") << QString();
    QTest::newRow("ClusterService") << QStringLiteral("hetsched.v1.ClusterService");
  }
  void healthServiceAnswersServing() {
    QFETCH(QString, service);
    grpc::GenericStub stub(grpc::CreateChannel(m_address.toStdString(), grpc::InsecureChannelCredentials()));
    std::string request;
    if (!service.isEmpty()) {
      request.push_back(0x0a);  // field 1, length-delimited
      request.push_back(static_cast<char>(service.size()));
      request += service.toStdString();
    }
    grpc::Slice slice(request);
    grpc::ByteBuffer in(&slice, 1);
    grpc::ByteBuffer out;
    grpc::ClientContext context;
    std::promise<grpc::Status> done;
    stub.UnaryCall(&context, "/grpc.health.v1.Health/Check", grpc::StubOptions(), &in, &out,
                   [&done](const grpc::Status& status) { done.set_value(status); });
    const grpc::Status status = done.get_future().get();
    QVERIFY2(status.ok(), status.error_message().c_str());
    std::vector<grpc::Slice> slices;
    QVERIFY(out.Dump(&slices).ok());
    std::string response;
    for (const auto& s : slices) response.append(reinterpret_cast<const char*>(s.begin()), s.size());
    QCOMPARE(QByteArray::fromStdString(response), QByteArray("\x08\x01", 2));
  }

  void framesArrive() {
    ClusterConnection connection(m_address);
    QSignalSpy topology(&connection, &ClusterConnection::topologyChanged);
    connection.start();
    QTRY_COMPARE_WITH_TIMEOUT(topology.count(), 1, 5000);
    QTRY_COMPARE_WITH_TIMEOUT(static_cast<int>(connection.status().state), static_cast<int>(ConnectionState::Live),
                              5000);
    const auto frame = waitForFrame(connection);
    QVERIFY(frame);
    QCOMPARE(frame->deviceCount(), connection.topology()->devices.size());
    QCOMPARE(frame->nodeUp.size(), connection.topology()->nodes.size());
    QCOMPARE(connection.topology()->deviceCount(DeviceKind::Gpu), std::size_t{32});
    const auto later = waitForFrame(connection);
    QVERIFY(later);
    QVERIFY(later->sequence > frame->sequence);
    QVERIFY(later->simTimeMs > frame->simTimeMs);
  }

  void submittedJobLandsOnRoutedKind_data() {
    QTest::addColumn<int>("kind");
    QTest::addColumn<DeviceKind>("expected");
    QTest::newRow("training → GPU") << static_cast<int>(JobKind::Training) << DeviceKind::Gpu;
    QTest::newRow("inference → TPU") << static_cast<int>(JobKind::Inference) << DeviceKind::Tpu;
    QTest::newRow("service → CPU") << static_cast<int>(JobKind::Service) << DeviceKind::Cpu;
  }
  void submittedJobLandsOnRoutedKind() {
    QFETCH(int, kind);
    QFETCH(DeviceKind, expected);
    ClientOptions clientOptions;
    clientOptions.bearerToken = kOperatorToken;
    ClusterConnection connection(m_address, clientOptions);
    GatewayControl control(connection);
    QSignalSpy topology(&connection, &ClusterConnection::topologyChanged);
    QSignalSpy submitted(&control, &GatewayControl::jobSubmitted);
    QSignalSpy listed(&connection, &ClusterConnection::jobsListed);
    connection.start();
    QTRY_COMPARE_WITH_TIMEOUT(topology.count(), 1, 5000);

    JobSpec spec;
    spec.name = "e2e-job";
    spec.kind = static_cast<JobKind>(kind);
    spec.priority = PriorityClass::High;
    spec.estimatedRuntimeS = 3600;
    spec.requests = {2000, 4096, 2, 0, 1};
    control.submitJob(spec);
    QTRY_COMPARE_WITH_TIMEOUT(submitted.count(), 1, 5000);
    const JobId id = submitted.takeFirst().at(0).value<quint64>();
    QVERIFY(id > 0);

    std::optional<Job> job;
    for (int attempt = 0; attempt < 50 && !(job && job->state == JobState::Running); ++attempt) {
      listed.clear();
      connection.refreshJobs({JobState::Running, JobState::Queued}, 1000);
      QTRY_COMPARE_WITH_TIMEOUT(listed.count(), 1, 5000);
      job = findJob(*listed.at(0).at(0).value<std::shared_ptr<const JobList>>(), id);
      if (!job || job->state != JobState::Running) QTest::qWait(100);
    }
    QVERIFY2(job && job->state == JobState::Running, "the job never started");
    QCOMPARE(job->spec.name, std::string("e2e-job"));
    const Topology& t = *connection.topology();
    QCOMPARE(static_cast<int>(t.nodes[job->node].kind), static_cast<int>(expected));
    QVERIFY(!job->devices.empty());
    for (const std::uint32_t d : job->devices) QCOMPARE(static_cast<int>(t.kindOf(d)), static_cast<int>(expected));
    // The frames name the job on its device.
    bool seen = false;
    for (int i = 0; i < 20 && !seen; ++i) {
      if (auto frame = waitForFrame(connection)) seen = frame->job[job->devices.front()] == id;
    }
    QVERIFY2(seen, "no frame showed the job on its device");
  }

  void badRequestsNameTheField_data() {
    QTest::addColumn<int>("variant");
    QTest::addColumn<QString>("field");
    QTest::newRow("no spec") << 0 << "spec:";
    QTest::newRow("empty name") << 1 << "spec.name:";
    QTest::newRow("unknown kind") << 2 << "spec.kind:";
    QTest::newRow("absurd cpu") << 3 << "spec.requests.cpu_milli:";
    QTest::newRow("negative runtime") << 4 << "spec.estimated_runtime_s:";
    QTest::newRow("GPU share above one GPU") << 5 << "spec.requests.gpu_milli:";
    QTest::newRow("unknown priority") << 6 << "spec.priority:";
    QTest::newRow("training without GPUs") << 7 << "spec.requests.gpu_count:";
  }
  void badRequestsNameTheField() {
    QFETCH(int, variant);
    QFETCH(QString, field);
    auto stub = rawStub(m_address.toStdString());
    const auto countJobs = [&] {
      grpc::ClientContext context;
      v1::ListJobsRequest request;
      for (int s = v1::JOB_STATE_QUEUED; s <= v1::JOB_STATE_UNSCHEDULABLE; ++s)
        request.add_states(static_cast<v1::JobState>(s));
      v1::ListJobsResponse response;
      [&] { QVERIFY(stub->ListJobs(&context, request, &response).ok()); }();
      return response.total_matching();
    };
    const auto before = countJobs();

    v1::SubmitJobRequest request;
    v1::JobSpec* spec = request.mutable_spec();
    spec->set_name("bad");
    spec->set_kind(v1::JOB_KIND_TRAINING);
    spec->mutable_requests()->set_gpu_count(1);
    switch (variant) {
      case 0: request.clear_spec(); break;
      case 1: spec->set_name(""); break;
      case 2: spec->set_kind(static_cast<v1::JobKind>(42)); break;
      case 3: spec->mutable_requests()->set_cpu_milli(4'000'000'000u); break;
      case 4: spec->set_estimated_runtime_s(-5); break;
      case 5:
        spec->mutable_requests()->set_gpu_count(0);
        spec->mutable_requests()->set_gpu_milli(5000);
        break;
      case 6: spec->set_priority(static_cast<v1::PriorityClass>(9)); break;
      case 7: spec->mutable_requests()->set_gpu_count(0); break;
      default: QFAIL(qPrintable(QStringLiteral("no bad request for row %1").arg(variant)));
    }
    grpc::ClientContext context;
    context.AddMetadata("authorization", "Bearer " + kOperatorToken);
    v1::SubmitJobResponse response;
    const grpc::Status status = stub->SubmitJob(&context, request, &response);
    QCOMPARE(static_cast<int>(status.error_code()), static_cast<int>(grpc::StatusCode::INVALID_ARGUMENT));
    QVERIFY2(QString::fromStdString(status.error_message()).startsWith(field), status.error_message().c_str());
    QCOMPARE(countJobs(), before);  // nothing half-applied
  }

  // A watcher that asks for packed frames gets them; one that does not (an
  // older client) gets the plain columns, unpacked by the gateway: the same
  // frame decodes to the same values either way.
  void packedAndPlainWatchersSeeTheSameFrame() {
    auto stub = rawStub(m_address.toStdString());
    v1::Topology topology;
    {
      grpc::ClientContext context;
      QVERIFY(stub->GetTopology(&context, {}, &topology).ok());
    }
    const auto devices = static_cast<std::size_t>(topology.devices_size());
    const auto nodes = static_cast<std::size_t>(topology.nodes_size());
    grpc::ClientContext plainContext;
    grpc::ClientContext packedContext;
    v1::WatchFramesRequest plainRequest;
    v1::WatchFramesRequest packedRequest;
    packedRequest.set_accept_packed(true);
    auto plainReader = stub->WatchFrames(&plainContext, plainRequest);
    auto packedReader = stub->WatchFrames(&packedContext, packedRequest);
    v1::Frame plain;
    v1::Frame packed;
    QVERIFY(plainReader->Read(&plain));
    QVERIFY(packedReader->Read(&packed));
    for (int i = 0; i < 50 && plain.sequence() != packed.sequence(); ++i) {
      if (plain.sequence() < packed.sequence()) QVERIFY(plainReader->Read(&plain));
      else QVERIFY(packedReader->Read(&packed));
    }
    QCOMPARE(plain.sequence(), packed.sequence());
    QVERIFY(plain.packed().empty());
    QCOMPARE(plain.utilization().size(), devices);
    QVERIFY(!packed.packed().empty());
    QVERIFY(packed.utilization().empty());
    Frame a;
    Frame b;
    QVERIFY(!decodeFrame(plain, devices, nodes, &a));
    QVERIFY(!decodeFrame(packed, devices, nodes, &b));
    QCOMPARE(b.utilization, a.utilization);
    QCOMPARE(b.memoryUsed, a.memoryUsed);
    QCOMPARE(b.powerWatts, a.powerWatts);
    QCOMPARE(b.temperatureC, a.temperatureC);
    QCOMPARE(b.job, a.job);
    QCOMPARE(b.nodeUp, a.nodeUp);
    plainContext.TryCancel();
    packedContext.TryCancel();
  }

  // GetTopology answers from bytes encoded once per topology version: they
  // are the topology the source has, and a request that is not a
  // GetTopologyRequest is refused rather than answered.
  void topologyBytesMatchTheSource() {
    auto stub = rawStub(m_address.toStdString());
    grpc::ClientContext context;
    v1::Topology topology;
    QVERIFY(stub->GetTopology(&context, {}, &topology).ok());
    const SimulatedCluster reference(quietCluster());
    QCOMPARE(static_cast<std::size_t>(topology.nodes_size()), reference.topology().nodes.size());
    QCOMPARE(topology.topology_version(), reference.topology().version);
    QCOMPARE(topology.cluster_name(), reference.topology().clusterName);

    grpc::GenericStub generic(grpc::CreateChannel(m_address.toStdString(), grpc::InsecureChannelCredentials()));
    const std::string garbage("\xff\xff\xff\x0f", 4);  // a truncated varint: no message parses
    grpc::Slice slice(garbage);
    const grpc::ByteBuffer request(&slice, 1);
    grpc::ByteBuffer response;
    grpc::ClientContext raw;
    std::promise<grpc::Status> done;
    generic.UnaryCall(&raw, "/hetsched.v1.ClusterService/GetTopology", grpc::StubOptions(), &request, &response,
                      [&](const grpc::Status& status) { done.set_value(status); });
    const grpc::Status status = done.get_future().get();
    QCOMPARE(static_cast<int>(status.error_code()), static_cast<int>(grpc::StatusCode::INVALID_ARGUMENT));
  }

  // Latest wins: a watcher that stops reading misses frames instead of
  // having them queued for it, and is told how many it missed. Frames of
  // 24,000 devices (~170 KB) outgrow the HTTP/2 window at once, so the
  // gateway's writes block as they would for a slow console.
  void slowWatcherSkipsFrames() {
    SimOptions big = quietCluster();
    big.shape = defaultClusterShape(0, 3000, 0);
    GatewayOptions options;
    options.speed = 30.0;
    Gateway gateway(std::make_unique<SimulatedCluster>(big), options);
    std::string error;
    QVERIFY2(gateway.start(&error), error.c_str());
    grpc::ChannelArguments args;
    args.SetInt(GRPC_ARG_HTTP2_BDP_PROBE, 0);
    auto stub = v1::ClusterService::NewStub(
        grpc::CreateCustomChannel(gateway.address(), grpc::InsecureChannelCredentials(), args));
    grpc::ClientContext context;
    v1::WatchFramesRequest request;
    auto reader = stub->WatchFrames(&context, request);
    v1::Frame first;
    QVERIFY(reader->Read(&first));
    std::this_thread::sleep_for(std::chrono::milliseconds(2000));  // ~20 frames published
    v1::Frame frame;
    std::uint64_t skipped = 0;
    int reads = 0;
    while (reads < 5 && reader->Read(&frame)) {
      skipped += frame.frames_skipped();
      ++reads;
    }
    QCOMPARE(reads, 5);
    QVERIFY2(frame.sequence() - first.sequence() >= 12,
             qPrintable(QStringLiteral("%1 → %2").arg(first.sequence()).arg(frame.sequence())));
    QVERIFY2(skipped >= 5, qPrintable(QString::number(skipped)));
    context.TryCancel();
  }

  void killedGatewayIsDetectedAndRejoined() {
    const quint16 port = freePort();
    QProcess gateway;
    QVERIFY(startHetschedd(gateway, port));
    ClusterConnection connection(QStringLiteral("127.0.0.1:%1").arg(port));
    connection.start();
    const auto state = [&] { return static_cast<int>(connection.status().state); };
    QTRY_COMPARE_WITH_TIMEOUT(state(), static_cast<int>(ConnectionState::Live), 10000);

    gateway.kill();  // SIGKILL: no goodbye
    gateway.waitForFinished(5000);
    QTRY_COMPARE_WITH_TIMEOUT(state(), static_cast<int>(ConnectionState::Stale), 10000);
    QVERIFY(!connection.status().detail.empty());

    QProcess restarted;
    QVERIFY(startHetschedd(restarted, port));
    QTRY_COMPARE_WITH_TIMEOUT(state(), static_cast<int>(ConnectionState::Live), 15000);
    connection.takeFrame();
    QVERIFY(waitForFrame(connection));
    ::kill(static_cast<pid_t>(restarted.processId()), SIGTERM);
    QVERIFY(restarted.waitForFinished(10000));
    QCOMPARE(restarted.exitStatus(), QProcess::NormalExit);
    QCOMPARE(restarted.exitCode(), 0);
  }
};

QTEST_GUILESS_MAIN(TestGatewayE2e)
#include "tst_gateway_e2e.moc"
