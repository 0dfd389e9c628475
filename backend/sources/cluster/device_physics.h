#pragma once

#include "base/model/device_model.h"

namespace hetsched {

// How a device's power and temperature follow its utilisation: power is
// linear between idle and TDP; temperature relaxes towards a level set by
// power with a thermal time constant, as a heatsink does.
struct DevicePhysics {
  double ambientC = 25.0;
  double fullLoadRiseC = 55.0;   // above ambient at TDP
  double timeConstantS = 90.0;

  double power(const DeviceModel& model, double utilization) const {
    return model.idleWatts + (model.tdpWatts - model.idleWatts) * utilization;
  }
  double nextTemperature(const DeviceModel& model, double currentC, double watts, double dtS) const;
};

}  // namespace hetsched
