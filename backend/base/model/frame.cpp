#include "frame.h"

#include <cstddef>

namespace hetsched {

void Frame::resize(std::size_t devices, std::size_t nodes) {
  utilization.resize(devices);
  memoryUsed.resize(devices);
  powerWatts.resize(devices);
  temperatureC.resize(devices);
  job.resize(devices);
  nodeUp.resize(nodes, 1);
}

}  // namespace hetsched
