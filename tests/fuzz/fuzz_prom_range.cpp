// A Prometheus /api/v1/query_range response (a matrix: the history a
// gateway backfills for snapshots and replay), parsed as the gateway does.
#include "sources/prometheus/prom_result.h"
#include "sources/prometheus/prometheus_api.h"
#include "fuzz_input.h"

#include <cstddef>
#include <cstdint>
#include <variant>

using namespace hetsched;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  auto parsed = parseMatrixResponse("DCGM_FI_DEV_GPU_UTIL", std::string(fuzz::text(data, size)));
  if (auto* e = std::get_if<PromError>(&parsed)) (void)e->message();
  return 0;
}
