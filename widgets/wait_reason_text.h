#pragma once

#include "base/model/job_prediction.h"

#include <QString>

namespace hetsched {

// The console's wording of why a job waits (translated: context
// "WaitReasonText"), for the queue panel, the timeline's tooltips and the
// job and device details: "No GPU node has room: GPU short on 20 of 20
// nodes · 12 jobs ahead (3 by priority class)".
QString waitReasonText(const WaitReason& reason);

}  // namespace hetsched
