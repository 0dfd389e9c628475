#pragma once

#include "alert_rule.h"
#include "base/model/frame.h"
#include "base/model/queue_ages.h"
#include "base/model/topology.h"

#include <cstdint>
#include <string>
#include <vector>

namespace hetsched {

// Everything one evaluation looks at.
struct AlertInputs {
  const Topology* topology = nullptr;
  const Frame* frame = nullptr;
  QueueAges ages;
  std::int64_t wallMs = 0;
};

// A rule's condition holding for one subject: a node index, a priority
// class, 0 for the cluster's GPUs, the candidate's version for a canary.
struct AlertHit {
  std::uint32_t subject = 0;
  double value = 0.0;
};

// Where `rule`'s condition holds in one frame, into `hits` (cleared
// first). One pass over the nodes or the devices, no allocation once `hits`
// has grown: at 100,000 devices a frame's rules take about a millisecond
// (hetsched bench alerts).
void alertHits(const AlertRule& rule, const AlertInputs& in, std::vector<AlertHit>& hits);

// The subject's name as alerts show it: a node's name, a class, "gpu", "v7".
std::string alertSubjectName(const AlertRule& rule, std::uint32_t subject, const Topology& topology);

}  // namespace hetsched
