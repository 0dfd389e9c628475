#pragma once

#include "base/model/device_kind.h"
#include "base/model/frame.h"
#include "base/model/gpu_allocation.h"
#include "base/model/job.h"
#include "base/model/mig_layout.h"
#include "base/model/topology.h"
#include "metric.h"

#include <QString>
#include <cstddef>
#include <unordered_map>

namespace hetsched {

// Display names of jobs the console knows about (e.g. "resnet50-train ·
// Training"); ids not in the map are shown by number only.
using JobNames = std::unordered_map<JobId, QString>;

QString kindName(DeviceKind kind);
QString jobText(JobId job, const JobNames& names);
QString nodeStateText(bool up);

// "90 % held by 3 jobs", "idle" or "whole, by 1 job".
QString allocationText(const GpuAllocation& allocation, std::size_t device);
// One line per job holding the device, largest share first: "#12 name · 30 %".
QStringList shareLines(const GpuAllocation& allocation, std::size_t device, const JobNames& names);

// What a MIG partition is: for an instance "MIG 3g.20gb of the GPU in slot
// 1, 3/7 of its compute"; for a GPU in MIG mode
// "MIG on: 3g.20gb, 2g.10gb, 2g.10gb (7 of 7 slices)"; empty for any other
// device.
QString partitionText(const Topology& topology, const MigLayout& mig, std::size_t device);

// Multi-line description of one device, used by the heatmap tooltip. The
// frame may be null before the first frame arrives, the allocation before
// the first job list; the MIG layout is the topology's, if it has any.
QString deviceSummary(const Topology& topology, const Frame* frame, std::size_t device, const JobNames& names,
                      const GpuAllocation* allocation = nullptr, const MigLayout* mig = nullptr);

}  // namespace hetsched
