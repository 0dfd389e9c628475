#include "device_physics.h"

#include "base/model/device_model.h"

#include <cmath>

namespace hetsched {

double DevicePhysics::nextTemperature(const DeviceModel& model, double currentC, double watts, double dtS) const {
  const double target = ambientC + fullLoadRiseC * (model.tdpWatts > 0 ? watts / model.tdpWatts : 0.0);
  return target + (currentC - target) * std::exp(-dtS / timeConstantS);
}

}  // namespace hetsched
