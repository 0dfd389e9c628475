#include "saved_connection.h"

#include "serve/client/cluster_client.h"

#include <QFile>
#include <optional>

namespace hetsched {

ConnectionProblem validate(const SavedConnection& c) {
  if (c.name.trimmed().isEmpty()) return ConnectionProblem::EmptyName;
  // HOST:PORT, [v6]:PORT, or a gRPC URI scheme (unix:, dns:, ipv4:).
  const QString a = c.address.trimmed();
  const qsizetype colon = a.lastIndexOf(QLatin1Char(':'));
  const bool uri = a.startsWith(QLatin1String("unix:")) || a.startsWith(QLatin1String("dns:")) ||
                   a.startsWith(QLatin1String("ipv4:")) || a.startsWith(QLatin1String("ipv6:"));
  bool portOk = false;
  const int port = colon > 0 ? a.mid(colon + 1).toInt(&portOk) : 0;
  if (!uri && (colon <= 0 || !portOk || port <= 0 || port > 65535 || a.contains(QLatin1Char(' '))))
    return ConnectionProblem::BadAddress;
  if (!c.tls && !c.caFile.isEmpty()) return ConnectionProblem::CaWithoutTls;
  if (c.tls && !c.caFile.isEmpty() && !QFile(c.caFile).open(QIODevice::ReadOnly))
    return ConnectionProblem::CaUnreadable;
  return ConnectionProblem::None;
}

std::optional<ClientOptions> clientOptionsOf(const SavedConnection& c) {
  // TLS without a CA file leaves caPem empty here: ConnectionOpener pins
  // the certificate trusted on first use.
  ClientOptions options;
  options.tls = c.tls;
  options.bearerToken = c.token.toStdString();
  if (c.tls && !c.caFile.isEmpty()) {
    QFile file(c.caFile);
    if (!file.open(QIODevice::ReadOnly)) return std::nullopt;
    options.caPem = file.readAll().toStdString();
  }
  return options;
}

}  // namespace hetsched
