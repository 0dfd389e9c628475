#pragma once

#include "engine/sched/job_validation.h"
#include "hetsched.pb.h"
#include "sources/cluster/node_report.h"

#include <variant>

namespace hetsched {

// ResourceMetrics (an agent's report on the wire) to and from NodeReport.
// The parsing direction rejects what the wire allows but the engine cannot
// use (unknown device kinds) and then validates the report's values.
void toProto(const NodeReport& report, v1::ResourceMetrics* out);
std::variant<NodeReport, FieldError> fromProto(const v1::ResourceMetrics& in, const ReportLimits& limits = {});

}  // namespace hetsched
