#pragma once

#include "base/model/device_model.h"

#include <QtGlobal>
#include <optional>

namespace hetsched::test {

// A built-in device model by name; a test naming one that does not exist
// stops at once rather than dereferencing an empty optional.
inline DeviceModel builtinModel(const char* name) {
  const std::optional<DeviceModel> model = findBuiltinModel(name);
  if (!model) qFatal("no built-in device model %s", name);
  return *model;
}

}  // namespace hetsched::test
