#include "gateway_state.h"

#include "serve/rpc/proto_convert.h"

namespace hetsched {

void GatewayState::setTopology(const Topology& t) {
  topology.Clear();
  toProto(t, &topology);
  const std::string bytes = topology.SerializeAsString();
  grpc::Slice slice(bytes);
  topologyBytes = std::make_shared<const grpc::ByteBuffer>(&slice, 1);
}

}  // namespace hetsched
