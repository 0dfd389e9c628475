#include "routing.h"

#include "base/model/device_kind.h"

namespace hetsched {

RoutingTable::RoutingTable()
    : m_target{DeviceKind::Gpu,    // training
               DeviceKind::Tpu,    // inference
               DeviceKind::Cpu,    // service
               DeviceKind::Cpu,    // batch
               DeviceKind::Cpu} {  // realtime
}

}  // namespace hetsched
