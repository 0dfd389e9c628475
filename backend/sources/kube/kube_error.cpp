#include "kube_error.h"

#include <string>

namespace hetsched {

std::string KubeError::message() const {
  // The statuses an operator meets first get a hint at the usual cause.
  switch (status) {
    case 0: return "kubernetes: " + problem;
    case 401: return "kubernetes: 401 Unauthorized (the token or client certificate was not accepted): " + problem;
    case 403:
      return "kubernetes: 403 Forbidden (the account lacks an RBAC permission; see packaging/kubernetes/rbac.yaml): " +
             problem;
    default: return "kubernetes: HTTP " + std::to_string(status) + ": " + problem;
  }
}

}  // namespace hetsched
