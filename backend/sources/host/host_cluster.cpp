#include "host_cluster.h"

#include "base/model/wall_clock.h"
#include "host_error.h"
#include "host_reader.h"
#include "host_report.h"
#include "host_sample.h"
#include "sources/cluster/observed_cluster.h"

#include <cstdint>
#include <memory>
#include <utility>
#include <variant>

namespace hetsched {

std::variant<std::unique_ptr<HostCluster>, HostError> HostCluster::create(HostReaderOptions options,
                                                                          std::uint32_t agentPeriodMs) {
  auto reader = std::make_unique<HostReader>(std::move(options));
  auto first = reader->sample();
  if (auto* e = std::get_if<HostError>(&first)) return *e;
  std::unique_ptr<HostCluster> cluster(new HostCluster(std::move(reader), agentPeriodMs));
  cluster->m_table.put(toNodeReport(std::get<HostSample>(first), cluster->m_nodeId, wallNowMs(), agentPeriodMs));
  cluster->m_table.assemble(wallNowMs());
  return cluster;
}

HostCluster::HostCluster(std::unique_ptr<HostReader> reader, std::uint32_t agentPeriodMs)
    : ObservedCluster(reader->hostName(), "host", agentPeriodMs),
      m_reader(std::move(reader)),
      m_nodeId(m_reader->hostName()),
      m_periodMs(agentPeriodMs) {}

void HostCluster::step() {
  auto sample = m_reader->sample();
  if (auto* s = std::get_if<HostSample>(&sample)) {
    m_table.put(toNodeReport(*s, m_nodeId, wallNowMs(), m_periodMs));
    m_table.setUp(m_nodeId, true);
  } else {
    m_table.setUp(m_nodeId, false);
  }
  m_table.assemble(wallNowMs());
}

}  // namespace hetsched
