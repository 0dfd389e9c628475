// A cluster description file (hetschedd --cluster FILE): Protobuf's JSON
// mapping of hetsched.v1.ClusterDescription, then the topology built from it.
#include "serve/rpc/cluster_description.h"
#include "sources/cluster/sim_options.h"
#include "sources/cluster/topology_builder.h"
#include "fuzz_input.h"

#include <cstddef>
#include <cstdint>
#include <string>
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
  auto shape = parseClusterDescription(std::string(fuzz::text(data, size)), "cluster.json");
  if (auto* s = std::get_if<ClusterShape>(&shape)) (void)buildTopology(*s);
  return 0;
}
