// The load generator of `hetsched bench load`: N clients each keeping one
// unary call in flight (callback API), spread over several channels so that
// the load is not one HTTP/2 connection's.
#include "load_generator.h"

#include "hetsched.pb.h"
#include "serve/client/gateway_channel.h"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <grpcpp/generic/generic_stub.h>
#include <grpcpp/grpcpp.h>
#include <grpcpp/impl/codegen/proto_utils.h>
#include <grpcpp/support/byte_buffer.h>
#include <grpcpp/support/channel_arguments.h>
#include <grpcpp/support/slice.h>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

namespace hetsched::cli {

namespace {

using Clock = std::chrono::steady_clock;

// What one client sends: the method's full name and its request, encoded
// once. Responses are checked by parsing each client's first one; the rest
// are taken as bytes, so that the generator, which shares the machine with
// the gateway, spends its CPU on calls rather than on decoding 30 KB
// topologies (a console fetches the topology once, not per frame).
struct LoadMethod {
  std::string name;
  grpc::ByteBuffer request;
  std::function<bool(grpc::ByteBuffer&)> valid;
};

LoadMethod loadMethod(bool listJobs) {
  LoadMethod m;
  std::string bytes;
  if (listJobs) {
    m.name = "/hetsched.v1.ClusterService/ListJobs";
    v1::ListJobsRequest request;
    request.set_limit(100);
    bytes = request.SerializeAsString();
    m.valid = [](grpc::ByteBuffer& b) {
      v1::ListJobsResponse r;
      return grpc::SerializationTraits<v1::ListJobsResponse>::Deserialize(&b, &r).ok();
    };
  } else {
    m.name = "/hetsched.v1.ClusterService/GetTopology";
    bytes = v1::GetTopologyRequest().SerializeAsString();
    m.valid = [](grpc::ByteBuffer& b) {
      v1::Topology t;
      return grpc::SerializationTraits<v1::Topology>::Deserialize(&b, &t).ok() && t.nodes_size() > 0;
    };
  }
  grpc::Slice slice(bytes);
  m.request = grpc::ByteBuffer(&slice, 1);
  return m;
}

// One client: a chain of calls, each started when the last one finishes.
class LoadClient {
 public:
  LoadClient(grpc::GenericStub* stub, const LoadMethod& method, const ChannelSecurity& security,
             Clock::time_point measureFrom, Clock::time_point until, std::function<void()> finished)
      : m_stub(stub),
        m_method(method),
        m_security(security),
        m_measureFrom(measureFrom),
        m_until(until),
        m_finished(std::move(finished)) {
    m_latenciesUs.reserve(1 << 14);
  }

  void start() { issue(); }
  const std::vector<std::uint32_t>& latenciesUs() const { return m_latenciesUs; }
  std::uint64_t errors() const { return m_errors; }
  std::uint64_t calls() const { return m_calls; }

 private:
  struct Call {
    grpc::ClientContext context;
    grpc::ByteBuffer response;
  };

  void issue() {
    m_call = std::make_unique<Call>();
    m_call->context.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(10));
    addBearerToken(m_call->context, m_security);
    const Clock::time_point start = Clock::now();
    m_stub->UnaryCall(&m_call->context, m_method.name, grpc::StubOptions(), &m_method.request, &m_call->response,
                      [this, start](const grpc::Status& status) { completed(start, status); });
  }

  void completed(Clock::time_point start, const grpc::Status& status) {
    const Clock::time_point end = Clock::now();
    ++m_calls;
    bool ok = status.ok();
    if (ok && !m_checked) {
      m_checked = true;
      ok = m_method.valid(m_call->response);
    }
    if (!ok) ++m_errors;
    else if (start >= m_measureFrom && end <= m_until)
      m_latenciesUs.push_back(
          static_cast<std::uint32_t>(std::chrono::duration_cast<std::chrono::microseconds>(end - start).count()));
    if (end >= m_until) {
      m_finished();
      return;
    }
    issue();
  }

  grpc::GenericStub* m_stub;
  const LoadMethod& m_method;
  const ChannelSecurity& m_security;
  Clock::time_point m_measureFrom, m_until;
  std::function<void()> m_finished;
  std::unique_ptr<Call> m_call;
  std::vector<std::uint32_t> m_latenciesUs;
  std::uint64_t m_errors = 0;
  std::uint64_t m_calls = 0;
  bool m_checked = false;
};

double percentileMs(std::vector<std::uint32_t>& sorted, double q) {
  if (sorted.empty()) return 0;
  const auto i = std::min(sorted.size() - 1, static_cast<std::size_t>(q * static_cast<double>(sorted.size())));
  return sorted[i] / 1000.0;
}

}  // namespace

LoadResult runLoad(const std::string& target, const ChannelSecurity& security, long long clients, long long connections,
                   double seconds, bool listJobs) {
  const LoadMethod method = loadMethod(listJobs);
  std::vector<std::unique_ptr<grpc::GenericStub>> stubs;
  for (long long c = 0; c < connections; ++c) {
    grpc::ChannelArguments args;
    // A distinct argument per channel keeps gRPC from sharing one subchannel.
    args.SetInt("hetsched.bench.channel", static_cast<int>(c));
    args.SetInt(GRPC_ARG_USE_LOCAL_SUBCHANNEL_POOL, 1);
    args.SetMaxReceiveMessageSize(64 << 20);
    auto channel = makeGatewayChannel(target, security, args);
    channel->WaitForConnected(std::chrono::system_clock::now() + std::chrono::seconds(5));
    stubs.push_back(std::make_unique<grpc::GenericStub>(channel));
  }
  const double warmup = 1.0;
  const Clock::time_point start = Clock::now();
  const auto measureFrom = start + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(warmup));
  const auto until = measureFrom + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
  std::mutex mutex;
  std::condition_variable cv;
  long long finished = 0;
  std::vector<std::unique_ptr<LoadClient>> all;
  all.reserve(clients);
  for (long long i = 0; i < clients; ++i) {
    all.push_back(std::make_unique<LoadClient>(stubs[static_cast<std::size_t>(i % connections)].get(), method, security,
                                               measureFrom, until, [&] {
                                                 std::lock_guard lock(mutex);
                                                 ++finished;
                                                 cv.notify_all();
                                               }));
  }
  for (auto& c : all) c->start();
  {
    std::unique_lock lock(mutex);
    cv.wait(lock, [&] { return finished == clients; });
  }
  LoadResult r;
  std::vector<std::uint32_t> latencies;
  for (const auto& c : all) {
    latencies.insert(latencies.end(), c->latenciesUs().begin(), c->latenciesUs().end());
    r.errors += c->errors();
    r.calls += c->calls();
  }
  std::ranges::sort(latencies);
  r.qps = static_cast<double>(latencies.size()) / seconds;
  r.p50Ms = percentileMs(latencies, 0.50);
  r.p99Ms = percentileMs(latencies, 0.99);
  r.p999Ms = percentileMs(latencies, 0.999);
  return r;
}

}  // namespace hetsched::cli
