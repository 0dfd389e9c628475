#pragma once

#include "serve/client/gateway_channel.h"

#include <cstdint>
#include <string>

namespace hetsched::cli {

struct LoadResult {
  double qps = 0;
  double p50Ms = 0, p99Ms = 0, p999Ms = 0;
  std::uint64_t errors = 0;
  std::uint64_t calls = 0;  // every call completed, the warm-up's too (for CPU per call)
};

// N clients, each keeping one unary call in flight (callback API, through
// grpc::GenericStub), spread over `connections` HTTP/2 connections; measured
// for `seconds` after a 1 s warm-up. GetTopology, or ListJobs (100 jobs).
// The same generator measures the gateway and the bare server it is
// compared with (bench load --compare).
LoadResult runLoad(const std::string& target, const ChannelSecurity& security, long long clients, long long connections,
                   double seconds, bool listJobs);

}  // namespace hetsched::cli
