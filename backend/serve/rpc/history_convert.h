#pragma once

#include "hetsched.pb.h"
#include "base/history/device_history.h"

#include <string>
#include <variant>

namespace hetsched {

// Device histories on the wire (GetDeviceHistory). Reading a response checks
// that every series has one value per bucket and stays within HistoryLimits.
void toProto(const HistoryRequest& request, v1::GetDeviceHistoryRequest* out);
HistoryRequest fromProto(const v1::GetDeviceHistoryRequest& request);
void toProto(const DeviceHistory& history, v1::GetDeviceHistoryResponse* out);
std::variant<DeviceHistory, std::string> fromProto(const v1::GetDeviceHistoryResponse& response);

}  // namespace hetsched
