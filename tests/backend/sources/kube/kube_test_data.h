#pragma once

// The recorded Kubernetes responses and kubeconfigs under tests/data/kubernetes.
#include <fstream>
#include <sstream>
#include <string>

namespace hetsched::test {

inline const std::string kKubeData = HETSCHED_TEST_DATA "/kubernetes";

inline std::string readKubeData(const std::string& file) {
  std::ifstream in(kKubeData + "/" + file);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace hetsched::test
