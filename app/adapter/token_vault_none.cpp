// A build without QtKeychain: no keychain, ever. The console keeps typed
// tokens for the session and reads token files.
#include "token_vault.h"

#include <QTimer>

namespace hetsched {

TokenVault::TokenVault(QObject* parent) : QObject(parent) {}

void TokenVault::store(const QString& connection, const QString&) {
  QTimer::singleShot(0, this, [this, connection] {
    Q_EMIT stored(connection, tr("this build has no keychain support (QtKeychain)"));
  });
}

void TokenVault::load(const QString& connection) {
  QTimer::singleShot(0, this, [this, connection] {
    Q_EMIT loaded(connection, {}, false, tr("this build has no keychain support (QtKeychain)"));
  });
}

void TokenVault::remove(const QString&) {}

}  // namespace hetsched
