#include "gateway_state.h"

#include "base/model/topology.h"
#include "policy_book.h"
#include "serve/rpc/proto_convert.h"

#include <grpcpp/support/byte_buffer.h>
#include <grpcpp/support/slice.h>
#include <memory>
#include <stdexcept>
#include <string>

namespace hetsched {

void GatewayState::setTopology(const Topology& t) {
  topology.Clear();
  toProto(t, &topology);
  const std::string bytes = topology.SerializeAsString();
  grpc::Slice slice(bytes);
  topologyBytes = std::make_shared<const grpc::ByteBuffer>(&slice, 1);
}

PolicyBook& GatewayState::book() {
  if (!policies) throw std::logic_error("gateway: the policy book was read before Gateway::start() made it");
  return *policies;
}

}  // namespace hetsched
