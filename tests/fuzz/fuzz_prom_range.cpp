// A Prometheus /api/v1/query_range response (a matrix: the history a
// gateway backfills for snapshots and replay), parsed as the gateway does.
#include "fuzz_input.h"
#include "sources/prometheus/prometheus_api.h"

using namespace hetsched;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  auto parsed = parseMatrixResponse("DCGM_FI_DEV_GPU_UTIL", std::string(fuzz::text(data, size)));
  if (auto* e = std::get_if<PromError>(&parsed)) (void)e->message();
  return 0;
}
