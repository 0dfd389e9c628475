#include "job_prediction.h"

#include <algorithm>
#include <cstddef>
#include <string_view>

namespace hetsched {

ShortResource WaitReason::mostShort() const {
  // Down nodes are not a resource to wait for when any node is up.
  const auto up = shortOn.begin() + static_cast<std::ptrdiff_t>(ShortResource::Down);
  const auto it = std::max_element(shortOn.begin(), up);
  if (*it == 0 && shortOn[static_cast<std::size_t>(ShortResource::Down)] > 0) return ShortResource::Down;
  return static_cast<ShortResource>(it - shortOn.begin());
}

std::string_view toString(WaitCause cause) {
  switch (cause) {
    case WaitCause::Unknown: return "unknown";
    case WaitCause::NeverFits: return "never-fits";
    case WaitCause::Quota: return "quota";
    case WaitCause::NodesDown: return "nodes-down";
    case WaitCause::Resources: return "resources";
    case WaitCause::Queue: return "queue";
    case WaitCause::Deferred: return "deferred";
    case WaitCause::Reserved: return "reserved";
  }
  return "unknown";
}

std::string_view toString(ShortResource resource) {
  switch (resource) {
    case ShortResource::Cpu: return "cpu";
    case ShortResource::Memory: return "memory";
    case ShortResource::Accelerator: return "accelerator";
    case ShortResource::Model: return "model";
    case ShortResource::Down: return "down";
  }
  return "cpu";
}

std::string_view toString(QueueOrder order) {
  switch (order) {
    case QueueOrder::Fcfs: return "fcfs";
    case QueueOrder::Sjf: return "sjf";
    case QueueOrder::Srtf: return "srtf";
    case QueueOrder::Priority: return "priority";
  }
  return "fcfs";
}

}  // namespace hetsched
