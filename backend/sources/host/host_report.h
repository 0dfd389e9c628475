#pragma once

#include "host_sample.h"
#include "sources/cluster/node_report.h"

#include <cstdint>
#include <string>

namespace hetsched {

// A host sample as the node report an agent sends: one CPU row per package
// (host memory split evenly across packages), one row per GPU (a GPU in MIG
// mode followed by a row per MIG instance, as model/mig_layout.h reads
// them), and one TPU-kind row per kernel accelerator (load unknown: 0).
NodeReport toNodeReport(const HostSample& sample, const std::string& nodeId, std::int64_t wallTimeMs,
                        std::uint32_t periodMs);

}  // namespace hetsched
