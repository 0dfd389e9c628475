#include "embedded_cluster.h"

#include "cluster_connection.h"
#include "main_window.h"
#include "serve/client/cluster_client.h"
#include "serve/gateway/gateway.h"
#include "serve/gateway/token_store.h"
#include "sources/cluster/sim_options.h"
#include "sources/cluster/simulated_cluster.h"

#include <memory>
#include <utility>

namespace hetsched {

EmbeddedCluster::~EmbeddedCluster() {
  if (m_gateway) m_gateway->stop();
}

std::unique_ptr<ClusterConnection> EmbeddedCluster::connect(QString* error) {
  if (!m_gateway) {
    SimOptions sim;
    sim.seed = m_seed;
    GatewayOptions options;
    options.speed = m_speed;
    options.tokens.add(m_token, Role::Operator, "console");
    auto gateway = std::make_unique<Gateway>(std::make_unique<SimulatedCluster>(sim), options);
    std::string why;
    if (!gateway->start(&why)) {
      if (error) *error = MainWindow::tr("The embedded cluster did not start: %1").arg(QString::fromStdString(why));
      return nullptr;
    }
    m_gateway = std::move(gateway);
  }
  ClientOptions options;
  options.bearerToken = m_token;
  return std::make_unique<ClusterConnection>(QString::fromStdString(m_gateway->address()), options);
}

}  // namespace hetsched
