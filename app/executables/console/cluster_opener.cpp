#include "cluster_opener.h"

#include "cluster_connection.h"
#include "connection_opener.h"
#include "embedded_cluster.h"
#include "main_window.h"
#include "saved_connection.h"
#include "saved_connection_model.h"
#include "serve/client/cluster_client.h"
#include "status_area.h"
#include "trust_prompt.h"

#include <QMessageBox>
#include <QPointer>
#include <memory>
#include <utility>

namespace hetsched {

void ClusterOpener::operator()(int row, MainWindow* asking, ClusterRegistry::Done done) const {
  if (m_saved->isEmbedded(row)) {
    QString error;
    auto connection = m_embedded->connect(&error);
    done(std::move(connection), error);
    return;
  }
  const SavedConnection saved = m_saved->connectionAt(row);
  // Owned by the model, which lives as long as the console; it deletes
  // itself once it has answered.
  auto* opener = new ConnectionOpener(saved, m_vault, m_saved);
  const QPointer<MainWindow> window(asking);
  const auto answer = std::make_shared<ClusterRegistry::Done>(std::move(done));
  SavedConnectionModel* model = m_saved;
  QObject::connect(opener, &ConnectionOpener::needsTrust, opener,
                   [=](const QString& fingerprint, const QString& previous, const QString& subject) {
                     if (!askToTrust(window, saved.address, fingerprint, previous, subject)) {
                       if (window)
                         window->statusArea()->showMessage(
                             MainWindow::tr("Not connected to %1: certificate not trusted").arg(saved.name), 10000);
                       (*answer)(nullptr, {});
                       opener->deleteLater();
                       return;
                     }
                     model->setFingerprint(row, fingerprint);
                     opener->trust();
                   });
  QObject::connect(opener, &ConnectionOpener::failed, opener, [=](const QString& message) {
    QMessageBox::warning(window, MainWindow::tr("Connect"), message);
    (*answer)(nullptr, {});
    opener->deleteLater();
  });
  QObject::connect(opener, &ConnectionOpener::ready, opener, [=](const std::shared_ptr<const ClientOptions>& options) {
    model->setLastUsed(saved.name);
    (*answer)(std::make_unique<ClusterConnection>(saved.address, *options), {});
    opener->deleteLater();
  });
  opener->start();
}

}  // namespace hetsched
