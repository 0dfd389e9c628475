#pragma once

#include "host_error.h"
#include "host_reader.h"
#include "sources/cluster/observed_cluster.h"

#include <cstdint>
#include <memory>
#include <string>
#include <variant>

namespace hetsched {

// hetschedd --source host: a one-node cluster of the machine the gateway
// runs on, read every agent period. A failed read marks the node down and
// keeps the last values; the next good read brings it back.
class HostCluster final : public ObservedCluster {
 public:
  static std::variant<std::unique_ptr<HostCluster>, HostError> create(HostReaderOptions options,
                                                                      std::uint32_t agentPeriodMs = 3000);
  void step() override;
  const HostReader& reader() const { return *m_reader; }

 private:
  HostCluster(std::unique_ptr<HostReader> reader, std::uint32_t agentPeriodMs);

  std::unique_ptr<HostReader> m_reader;
  std::string m_nodeId;
  std::uint32_t m_periodMs;
};

}  // namespace hetsched
