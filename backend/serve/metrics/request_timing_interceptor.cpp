#include "request_timing_interceptor.h"

#include "metrics_registry.h"

#include <chrono>
#include <grpcpp/support/interceptor.h>
#include <grpcpp/support/server_interceptor.h>

namespace hetsched {

RequestTimingInterceptor::RequestTimingInterceptor(MetricsRegistry& registry, const char* method)
    : m_histogram(registry.requestDuration(method ? method : "unknown")), m_start(std::chrono::steady_clock::now()) {}

void RequestTimingInterceptor::Intercept(grpc::experimental::InterceptorBatchMethods* methods) {
  if (methods->QueryInterceptionHookPoint(grpc::experimental::InterceptionHookPoints::PRE_SEND_STATUS)) {
    m_histogram.observe(std::chrono::duration<double>(std::chrono::steady_clock::now() - m_start).count());
  }
  methods->Proceed();
}

grpc::experimental::Interceptor* RequestTimingInterceptorFactory::CreateServerInterceptor(
    grpc::experimental::ServerRpcInfo* info) {
  return new RequestTimingInterceptor(m_registry, info->method());
}

}  // namespace hetsched
