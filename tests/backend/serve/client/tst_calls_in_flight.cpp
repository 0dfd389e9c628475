// A client waits for its calls in flight before it lets go of the channel:
// its destructor cancels them and returns only once gRPC has finished with
// each (callback run, context destroyed), against a real gateway on
// loopback. Before, the destructor returned at once and a call's context
// could drop the channel's last reference on gRPC's callback thread later,
// which gRPC 1.51 answers with an abort (calls_in_flight.h).
#include "base/model/job.h"
#include "serve/client/cluster_client.h"
#include "serve/gateway/gateway.h"
#include "sources/cluster/sim_options.h"
#include "sources/cluster/simulated_cluster.h"

#include <QTest>
#include <atomic>
#include <chrono>
#include <memory>
#include <string>
#include <thread>
#include <variant>

using namespace hetsched;

class TestCallsInFlight : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void destructorWaitsForCallsInFlight() {
    SimOptions sim;
    sim.warmupS = 600;
    Gateway gateway(std::make_unique<SimulatedCluster>(sim), GatewayOptions{});
    std::string error;
    QVERIFY2(gateway.start(&error), error.c_str());

    constexpr int kCalls = 8;
    std::atomic<int> finished{0};
    {
      ClusterClient client(gateway.address(), {});
      for (int i = 0; i < kCalls; ++i) {
        client.listJobs({JobState::Running, JobState::Queued}, 1000, [&](const std::variant<JobList, RpcError>&) {
          // Long enough that a destructor not waiting would be gone first.
          std::this_thread::sleep_for(std::chrono::milliseconds(50));
          ++finished;
        });
      }
    }
    QCOMPARE(finished.load(), kCalls);

    // A client that had no call in flight goes at once, and one whose calls
    // ended long ago too.
    {
      ClusterClient idle(gateway.address(), {});
    }
    std::atomic<bool> answered{false};
    {
      ClusterClient client(gateway.address(), {});
      client.listJobs({}, 10, [&](const std::variant<JobList, RpcError>& result) {
        answered = std::holds_alternative<JobList>(result);
      });
      QTRY_VERIFY(answered.load());
    }
  }
};

QTEST_GUILESS_MAIN(TestCallsInFlight)
#include "tst_calls_in_flight.moc"
