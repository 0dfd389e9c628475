#pragma once

#include "metric.h"
#include "model/job.h"

#include <QString>

#include <unordered_map>

namespace hetsched {

// Display names of jobs the console knows about (e.g. "resnet50-train ·
// Training"); ids not in the map are shown by number only.
using JobNames = std::unordered_map<JobId, QString>;

QString kindName(DeviceKind kind);
QString jobText(JobId job, const JobNames& names);
QString nodeStateText(bool up);

// Multi-line description of one device, used by the heatmap tooltip. The
// frame may be null before the first frame arrives.
QString deviceSummary(const Topology& topology, const Frame* frame, std::size_t device,
                      const JobNames& names);

}  // namespace hetsched
