#pragma once

#include "gateway_state.h"
#include "hetsched.pb.h"
#include "stream_slots.h"

#include <cstdint>
#include <grpcpp/support/server_callback.h>

namespace hetsched {

// The server side of one agent's ReportMetrics stream: hands each report to
// the source and reads the next; the first bad report ends the stream with
// INVALID_ARGUMENT naming its field, so a broken agent is told at once.
class ReportReader final : public grpc::ServerReadReactor<v1::ResourceMetrics> {
 public:
  ReportReader(GatewayState& state, v1::ReportAck* ack, StreamSlots::Slot slot);

  void OnReadDone(bool ok) override;
  void OnCancel() override {}
  void OnDone() override { delete this; }

 private:
  GatewayState& m_state;
  v1::ReportAck* m_ack;
  StreamSlots::Slot m_slot;  // given back when gRPC is done with the stream
  v1::ResourceMetrics m_report;
  std::uint64_t m_accepted = 0;
};

}  // namespace hetsched
