// What a node agent sends a `--source agents` gateway: a stream of
// ResourceMetrics, converted and validated (rpc/report_convert) and taken
// into the gateway's agent cluster, whose topology and frame then change.
#include "hetsched.pb.h"
#include "serve/rpc/report_convert.h"
#include "sources/cluster/agent_cluster.h"
#include "sources/cluster/node_report.h"
#include "fuzz_input.h"

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <variant>

#include <google/protobuf/stubs/logging.h>

using namespace hetsched;

// Protobuf logs every string field that is not UTF-8; the fuzzer makes
// millions of them.
extern "C" int LLVMFuzzerInitialize(int*, char***) {
  google::protobuf::SetLogHandler(nullptr);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  AgentCluster::Clock::time_point now{};
  AgentCluster cluster(3000, "fuzz", [&] { return now; });
  for (const auto part : fuzz::parts(data, size, 16)) {
    v1::ResourceMetrics message;
    if (!message.ParseFromArray(part.data(), static_cast<int>(part.size()))) continue;
    auto report = fromProto(message);
    if (auto* r = std::get_if<NodeReport>(&report)) {
      (void)cluster.report(*r);
      v1::ResourceMetrics back;
      toProto(*r, &back);
    }
    now += std::chrono::seconds(4);
    cluster.step();
    (void)cluster.topology();
    (void)cluster.frame();
  }
  return 0;
}
