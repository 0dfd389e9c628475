#pragma once

#include "base/model/job_prediction.h"

#include <QString>

namespace hetsched {

// The console's wording of why a job waits (translated: context
// "WaitReasonText"), for the queue panel, the timeline's tooltips and the
// job and device details: "No GPU node has room: GPU short on 20 of 20
// nodes · 12 jobs ahead (3 by priority class)".
QString waitReasonText(const WaitReason& reason);
// One short word per cause, for a narrow column: "no room", "queue", ...
QString waitCauseName(WaitCause cause);
// "12:41:03 on gpu-011", or "not foreseen".
QString predictedStartText(std::int64_t startMs, const QString& nodeName);

}  // namespace hetsched
