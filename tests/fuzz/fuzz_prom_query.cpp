// A Prometheus /api/v1/query response (an instant vector: what the
// --source prometheus gateway reads every period), parsed as the gateway
// does; the expression only names the query in errors.
#include "sources/prometheus/prom_result.h"
#include "sources/prometheus/prometheus_api.h"
#include "fuzz_input.h"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <variant>

using namespace hetsched;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  auto parsed = parseVectorResponse("up", std::string(fuzz::text(data, size)));
  if (auto* e = std::get_if<PromError>(&parsed)) (void)e->message();
  return 0;
}
