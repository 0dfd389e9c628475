#pragma once

#include "kube_objects.h"

#include <map>
#include <string>

namespace hetsched {

// The latest known state of the watched resources, kept current by the
// reflectors: nodes by name, pods by namespace/name.
struct KubeStore {
  std::map<std::string, KubeNode> nodes;
  std::map<std::string, KubePod> pods;
};

}  // namespace hetsched
