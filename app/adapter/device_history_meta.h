#pragma once

#include "base/history/device_history.h"

#include <QMetaType>

#include <memory>

// A device history travels between threads as a shared, immutable value:
// from a gateway's answer (ClusterConnection) or a snapshot's worker
// (ReplaySession) to the history view.
Q_DECLARE_METATYPE(std::shared_ptr<const hetsched::DeviceHistory>)
