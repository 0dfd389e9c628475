#pragma once

#include <string>

namespace hetsched {

// A failed Kubernetes call or configuration: the HTTP status when the API
// server answered (0 when it did not: transport, TLS, a bad body or a bad
// kubeconfig), and what went wrong, with the server's own Status message
// where it sent one.
struct KubeError {
  int status = 0;
  std::string problem;

  bool gone() const { return status == 410; }
  std::string message() const;
};

}  // namespace hetsched
