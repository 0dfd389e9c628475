#pragma once

#include "histogram.h"
#include "metrics_registry.h"

#include <chrono>
#include <grpcpp/support/interceptor.h>
#include <grpcpp/support/server_interceptor.h>

namespace hetsched {

// Times every RPC from its arrival to the moment its status is sent and
// records it in the registry's per-method histogram.
class RequestTimingInterceptor final : public grpc::experimental::Interceptor {
 public:
  RequestTimingInterceptor(MetricsRegistry& registry, const char* method);
  void Intercept(grpc::experimental::InterceptorBatchMethods* methods) override;

 private:
  Histogram& m_histogram;
  std::chrono::steady_clock::time_point m_start;
};

class RequestTimingInterceptorFactory final : public grpc::experimental::ServerInterceptorFactoryInterface {
 public:
  explicit RequestTimingInterceptorFactory(MetricsRegistry& registry) : m_registry(registry) {}
  grpc::experimental::Interceptor* CreateServerInterceptor(grpc::experimental::ServerRpcInfo* info) override;

 private:
  MetricsRegistry& m_registry;
};

}  // namespace hetsched
