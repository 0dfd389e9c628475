// An anonymous client floods a real hetschedd (the attack of issue 12):
// huge and big unauthenticated pushes, thousands of calls with a wrong
// token, hundreds of frame watchers. The gateway's RSS and its audit log
// stay bounded, an operator is still served, and `hetsched policy audit`
// still reads (and verifies) the whole log.
#include "hetsched.grpc.pb.h"
#include "hetsched.pb.h"
#include "policy_service.grpc.pb.h"
#include "policy_service.pb.h"

#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>
#include <chrono>
#include <csignal>
#include <cstddef>
#include <grpcpp/grpcpp.h>
#include <grpcpp/security/credentials.h>
#include <grpcpp/support/status.h>
#include <memory>
#include <signal.h>
#include <string>
#include <sys/stat.h>
#include <sys/types.h>
#include <utility>
#include <vector>

using namespace hetsched;

namespace {

const std::string kOperator = "ffffffffffffffffffffffffffffffff00000000000000000000000000000000";
const std::string kWrong = "0000000000000000000000000000000000000000000000000000000000000000";

double rssMib(qint64 pid) {
  QFile status(QStringLiteral("/proc/%1/status").arg(pid));
  if (!status.open(QIODevice::ReadOnly)) return -1;
  for (const QByteArray& line : status.readAll().split('\n'))
    if (line.startsWith("VmRSS:")) return line.mid(6).trimmed().split(' ').front().toDouble() / 1024.0;
  return -1;
}

grpc::Status push(v1::PolicyService::Stub& stub, std::size_t descriptionBytes, const std::string& token) {
  grpc::ClientContext context;
  context.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(10));
  if (!token.empty()) context.AddMetadata("authorization", "Bearer " + token);
  v1::PushPolicyRequest request;
  request.mutable_spec()->set_name("flood");
  request.mutable_spec()->set_description(std::string(descriptionBytes, 'x'));
  request.mutable_spec()->mutable_queue()->set_kind(v1::QueueDiscipline::FCFS);
  request.mutable_spec()->mutable_placement()->set_kind(v1::PlacementRule::FIRST_FIT);
  request.set_canary_percent(10);
  v1::PolicyMutationResponse response;
  return stub.PushPolicy(&context, request, &response);
}

}  // namespace

class TestGatewayFlood : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void floodStaysBounded() {
    QTemporaryDir dir;
    const QString tokens = dir.filePath(QStringLiteral("tokens"));
    QFile file(tokens);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(QByteArray::fromStdString(kOperator + " operator alice\n"));
    file.close();
    ::chmod(tokens.toLocal8Bit().constData(), 0600);
    const QString tokenFile = dir.filePath(QStringLiteral("operator-token"));
    QFile op(tokenFile);
    QVERIFY(op.open(QIODevice::WriteOnly));
    op.write(QByteArray::fromStdString(kOperator));
    op.close();

    QTcpServer probe;
    probe.listen(QHostAddress::LocalHost, 0);
    const QString address = QStringLiteral("127.0.0.1:%1").arg(probe.serverPort());
    probe.close();
    const QString audit = dir.filePath(QStringLiteral("audit.log"));
    QProcess gateway;
    gateway.setProgram(QStringLiteral(HETSCHEDD_PATH));
    gateway.setArguments(
        {QStringLiteral("--listen"), address, QStringLiteral("--state"), dir.filePath(QStringLiteral("state.sqlite")),
         QStringLiteral("--audit-log"), audit, QStringLiteral("--tokens"), tokens, QStringLiteral("--metrics-listen"),
         QStringLiteral("none"), QStringLiteral("--cpu-nodes"), QStringLiteral("2"), QStringLiteral("--gpu-nodes"),
         QStringLiteral("2"), QStringLiteral("--tpu-nodes"), QStringLiteral("1")});
    gateway.start();
    QVERIFY(gateway.waitForStarted(5000));
    QString out;
    while (!out.contains(QLatin1String("listening on")) && gateway.waitForReadyRead(10000))
      out += QString::fromUtf8(gateway.readAllStandardOutput());
    QVERIFY2(out.contains(QLatin1String("listening on")), qPrintable(gateway.readAllStandardError()));

    auto channel = grpc::CreateChannel(address.toStdString(), grpc::InsecureChannelCredentials());
    auto policy = v1::PolicyService::NewStub(channel);
    auto cluster = v1::ClusterService::NewStub(channel);
    // Warm up: the gateway's steady memory before the flood.
    for (int i = 0; i < 200; ++i) {
      grpc::ClientContext context;
      v1::Topology topology;
      QVERIFY(cluster->GetTopology(&context, {}, &topology).ok());
    }
    QTest::qWait(500);
    const double rssBefore = rssMib(gateway.processId());
    QVERIFY(rssBefore > 0);
    QElapsedTimer flood;
    flood.start();

    // 25 anonymous 3.9 MB pushes (133 MB of RSS before the fix): refused
    // at the transport, the receive limit being the largest method cap.
    for (int i = 0; i < 25; ++i)
      QCOMPARE(push(*policy, 3'900'000, "").error_code(), grpc::StatusCode::RESOURCE_EXHAUSTED);
    // 300 anonymous pushes under the transport limit: refused by the gate.
    int throttled = 0;
    for (int i = 0; i < 300; ++i) {
      const auto code = push(*policy, 200'000, "").error_code();
      QVERIFY(code == grpc::StatusCode::UNAUTHENTICATED || code == grpc::StatusCode::RESOURCE_EXHAUSTED);
      throttled += code == grpc::StatusCode::RESOURCE_EXHAUSTED;
    }
    QVERIFY2(throttled > 200, qPrintable(QString::number(throttled)));  // the peer's budget ran out
    // 3,000 submissions with a wrong token.
    for (int i = 0; i < 3000; ++i) {
      grpc::ClientContext context;
      context.AddMetadata("authorization", "Bearer " + kWrong);
      v1::SubmitJobResponse response;
      const auto code = cluster->SubmitJob(&context, {}, &response).error_code();
      QVERIFY(code == grpc::StatusCode::UNAUTHENTICATED || code == grpc::StatusCode::RESOURCE_EXHAUSTED);
    }
    // 600 watchers held open at once: 256 get a stream, the rest are told.
    {
      grpc::CompletionQueue cq;
      struct Watch;
      enum class Step { Start, Read, Finish };
      // A completion-queue tag: its address says which call, and which step
      // of it, completed.
      struct Tag {
        Watch* watch;
        Step step;
      };
      struct Watch {
        grpc::ClientContext context;
        v1::Frame frame;
        grpc::Status status;
        bool refused = false;
        std::unique_ptr<grpc::ClientAsyncReader<v1::Frame>> reader;
        Tag start{this, Step::Start};
        Tag read{this, Step::Read};
        Tag finish{this, Step::Finish};
      };
      std::vector<std::unique_ptr<Watch>> watches;
      for (int i = 0; i < 600; ++i) {
        auto w = std::make_unique<Watch>();
        w->reader = cluster->AsyncWatchFrames(&w->context, {}, &cq, &w->start);
        watches.push_back(std::move(w));
      }
      int started = 0, streaming = 0, refused = 0;
      void* tag = nullptr;
      bool ok = false;
      while (started + streaming + refused < 1200 && cq.Next(&tag, &ok)) {
        const Tag& done = *static_cast<const Tag*>(tag);
        Watch& w = *done.watch;
        if (done.step == Step::Start) {  // call started: read the first frame
          ++started;
          w.reader->Read(&w.frame, &w.read);
        } else if (ok) {
          ++streaming;
        } else {
          ++refused;
          w.refused = true;
        }
      }
      QCOMPARE(streaming, 256);
      QCOMPARE(refused, 600 - 256);
      // The refused ones say why; then the held ones are let go.
      for (std::size_t i = 0; i < watches.size(); ++i)
        if (watches[i]->refused) watches[i]->reader->Finish(&watches[i]->status, &watches[i]->finish);
      for (int n = 0; n < refused && cq.Next(&tag, &ok); ++n) {
      }
      int exhausted = 0;
      for (const auto& w : watches)
        exhausted += w->refused && w->status.error_code() == grpc::StatusCode::RESOURCE_EXHAUSTED;
      QCOMPARE(exhausted, 600 - 256);
      for (std::size_t i = 0; i < watches.size(); ++i) {
        if (watches[i]->refused) continue;
        watches[i]->context.TryCancel();
        watches[i]->reader->Finish(&watches[i]->status, &watches[i]->finish);
      }
      for (int n = 0; n < streaming && cq.Next(&tag, &ok); ++n) {
      }
      cq.Shutdown();
      while (cq.Next(&tag, &ok)) {
      }
    }
    const double seconds = static_cast<double>(flood.elapsed()) / 1000.0;
    QTest::qWait(1000);
    const double rssAfter = rssMib(gateway.processId());
    qInfo("flood of %.1f s: gateway RSS %.1f -> %.1f MiB", seconds, rssBefore, rssAfter);
#if defined(__SANITIZE_ADDRESS__)
    // AddressSanitizer keeps freed memory in its quarantine (256 MB by
    // default), so the gateway's RSS says nothing about what it retains;
    // the dev build checks the bound.
    qInfo("RSS bound not checked under AddressSanitizer");
#else
    QVERIFY2(rssAfter - rssBefore < 64, qPrintable(QStringLiteral("%1 -> %2 MiB").arg(rssBefore).arg(rssAfter)));
#endif

    // The operator is still served, and audited.
    QVERIFY(push(*policy, 100, kOperator).ok());
    // Once the budget refills, the next refusal is audited again, with a
    // count of those that were not.
    QTest::qWait(2500);
    QCOMPARE(push(*policy, 100, "").error_code(), grpc::StatusCode::UNAUTHENTICATED);

    // The audit log grew by the refusal budget, not by the flood.
    QFile log(audit);
    QVERIFY(log.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = log.readAll().split('\n');
    const qsizetype entries = lines.size() - 1;
    const double budget = 30 + 0.5 * (seconds + 4) + 2;  // peer burst + refill + the operator's push
    qInfo("audit: %lld entries, %lld bytes", static_cast<long long>(entries),
          static_cast<long long>(QFileInfo(audit).size()));
    QVERIFY2(entries <= budget, qPrintable(QStringLiteral("%1 entries, budget %2").arg(entries).arg(budget)));
    for (const QByteArray& line : lines) QVERIFY2(line.size() < 400, line.left(120).constData());
    QVERIFY2(lines[entries - 1].contains("unaudited before"), lines[entries - 1].constData());

    // `hetsched policy audit` reads it all, and the chain holds.
    QProcess cli;
    cli.setProcessChannelMode(QProcess::MergedChannels);
    cli.start(QStringLiteral(HETSCHED_CLI),
              {QStringLiteral("policy"), QStringLiteral("audit"), QStringLiteral("--verify"),
               QStringLiteral("--connect"), address, QStringLiteral("--token-file"), tokenFile});
    QVERIFY(cli.waitForFinished(30000));
    const QString verified = QString::fromUtf8(cli.readAll());
    QVERIFY2(cli.exitCode() == 0 && verified.contains(QLatin1String("sound")), qPrintable(verified));

    ::kill(static_cast<pid_t>(gateway.processId()), SIGTERM);
    QVERIFY(gateway.waitForFinished(10000));
  }
};

QTEST_GUILESS_MAIN(TestGatewayFlood)
#include "tst_gateway_flood.moc"
