// GetPredictions end to end on loopback: the gateway's predictor thread
// forecasts the queue off the frame path; every waiting job is predicted,
// with a reason, and a source that does not schedule says so.
#include "base/model/job.h"
#include "base/model/job_prediction.h"
#include "hetsched.grpc.pb.h"
#include "hetsched.pb.h"
#include "serve/gateway/gateway.h"
#include "serve/rpc/prediction_convert.h"
#include "sources/cluster/agent_cluster.h"
#include "sources/cluster/sim_options.h"
#include "sources/cluster/simulated_cluster.h"

#include <QDeadlineTimer>
#include <QTest>
#include <chrono>
#include <cstdint>
#include <grpcpp/grpcpp.h>
#include <grpcpp/security/credentials.h>
#include <grpcpp/support/status.h>
#include <memory>
#include <set>
#include <thread>
#include <variant>

using namespace hetsched;

namespace {

v1::GetPredictionsResponse predictions(v1::ClusterService::Stub& stub) {
  QDeadlineTimer deadline(60000);
  for (;;) {
    grpc::ClientContext context;
    v1::GetPredictionsResponse out;
    const grpc::Status status = stub.GetPredictions(&context, {}, &out);
    if (!status.ok()) qFatal("GetPredictions: %s", status.error_message().c_str());
    if (out.availability() != v1::GetPredictionsResponse::AVAILABILITY_NOT_YET || deadline.hasExpired()) return out;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
}

}  // namespace

class TestGatewayPredictions : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void everyWaitingJobPredicted() {
    SimOptions sim;
    sim.shape = defaultClusterShape(4, 4, 2);
    sim.warmupS = 1800;
    sim.targetLoad = 2.0;  // a queue forms
    sim.nodeFailuresPerHour = 0.0;
    GatewayOptions options;
    options.speed = 0.001;  // no step during the test: the forecast and the job list see one state
    options.predictionIntervalMs = 50;
    Gateway gateway(std::make_unique<SimulatedCluster>(sim), options);
    std::string error;
    QVERIFY2(gateway.start(&error), error.c_str());
    auto stub = v1::ClusterService::NewStub(grpc::CreateChannel(gateway.address(), grpc::InsecureChannelCredentials()));
    const v1::GetPredictionsResponse wire = predictions(*stub);
    QCOMPARE(wire.availability(), v1::GetPredictionsResponse::AVAILABILITY_AVAILABLE);
    auto decoded = fromProto(wire);
    QVERIFY(std::holds_alternative<QueuePredictions>(decoded));
    const QueuePredictions& p = std::get<QueuePredictions>(decoded);

    grpc::ClientContext context;
    v1::ListJobsRequest request;
    request.add_states(v1::JOB_STATE_QUEUED);
    request.set_limit(100000);
    v1::ListJobsResponse queued;
    QVERIFY(stub->ListJobs(&context, request, &queued).ok());
    QVERIFY(queued.jobs_size() > 0);
    std::set<JobId> waiting, predicted;
    for (const auto& j : queued.jobs()) waiting.insert(j.id());
    for (const JobPrediction& j : p.jobs) predicted.insert(j.job);
    QCOMPARE(predicted, waiting);
    std::int64_t last = 0;
    for (const JobPrediction& j : p.jobs) {
      QVERIFY(j.reason.cause != WaitCause::Unknown);
      if (j.startMs < 0) continue;
      QVERIFY(j.startMs >= p.atMs);
      QVERIFY(j.startMs >= last);  // in order of predicted start
      QVERIFY(j.node >= 0 && !j.devices.empty());
      QVERIFY(j.endMs > j.startMs);
      last = j.startMs;
    }
  }

  void observingSourceHasNone() {
    GatewayOptions options;
    options.predictionIntervalMs = 50;
    Gateway gateway(std::make_unique<AgentCluster>(3000), options);
    std::string error;
    QVERIFY2(gateway.start(&error), error.c_str());
    auto stub = v1::ClusterService::NewStub(grpc::CreateChannel(gateway.address(), grpc::InsecureChannelCredentials()));
    QCOMPARE(predictions(*stub).availability(), v1::GetPredictionsResponse::AVAILABILITY_NOT_SCHEDULING);
  }
};

QTEST_GUILESS_MAIN(TestGatewayPredictions)
#include "tst_gateway_predictions.moc"
