#include "report_reader.h"

#include "call_gate.h"
#include "engine/sched/job_validation.h"
#include "gateway_state.h"
#include "hetsched.pb.h"
#include "method_access.h"
#include "serve/rpc/report_convert.h"
#include "sources/cluster/node_report.h"
#include "stream_slots.h"

#include <grpcpp/support/status.h>
#include <mutex>
#include <optional>
#include <utility>
#include <variant>

namespace hetsched {

ReportReader::ReportReader(GatewayState& state, v1::ReportAck* ack, StreamSlots::Slot slot)
    : m_state(state), m_ack(ack), m_slot(std::move(slot)) {
  bool takes = false;
  {
    std::lock_guard lock(m_state.mutex);
    takes = m_state.source->takesReports();
  }
  if (!takes) {
    Finish({grpc::StatusCode::FAILED_PRECONDITION,
            "this gateway's source does not take agent reports (start it with --source agents)"});
    return;
  }
  StartRead(&m_report);
}

void ReportReader::OnReadDone(bool ok) {
  if (!ok) {  // the agent closed its side: every report so far was taken
    m_ack->set_reports_accepted(m_accepted);
    Finish(grpc::Status::OK);
    return;
  }
  if (auto tooBig = CallGate::checkSize(Method::ReportMetrics, m_report.ByteSizeLong())) {
    Finish(*tooBig);
    return;
  }
  auto report = fromProto(m_report);
  if (auto* e = std::get_if<FieldError>(&report)) {
    Finish({grpc::StatusCode::INVALID_ARGUMENT, e->message()});
    return;
  }
  std::optional<FieldError> rejected;
  {
    std::lock_guard lock(m_state.mutex);
    rejected = m_state.source->report(std::get<NodeReport>(report));
  }
  if (rejected) {
    Finish({grpc::StatusCode::INVALID_ARGUMENT, rejected->message()});
    return;
  }
  ++m_accepted;
  StartRead(&m_report);
}

}  // namespace hetsched
