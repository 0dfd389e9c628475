#include "token_vault.h"

#include <qt6keychain/keychain.h>

namespace hetsched {

namespace {

const QString kService = QStringLiteral("hetsched-console");

QString problemOf(const QKeychain::Job* job) {
  switch (job->error()) {
    case QKeychain::NoError:
    case QKeychain::EntryNotFound: return {};
    case QKeychain::NoBackendAvailable:
    case QKeychain::NotImplemented:
    case QKeychain::OtherError: return TokenVault::tr("no keychain service is running (%1)").arg(job->errorString());
    case QKeychain::AccessDeniedByUser:
    case QKeychain::AccessDenied: return TokenVault::tr("the keychain refused access (%1)").arg(job->errorString());
    case QKeychain::CouldNotDeleteEntry: return TokenVault::tr("the keychain could not delete the token");
  }
  return job->errorString();
}

}  // namespace

TokenVault::TokenVault(QObject* parent) : QObject(parent) {}

void TokenVault::store(const QString& connection, const QString& token) {
  auto* job = new QKeychain::WritePasswordJob(kService, this);
  job->setKey(connection);
  job->setTextData(token);
  connect(job, &QKeychain::Job::finished, this,
          [this, connection](QKeychain::Job* done) { Q_EMIT stored(connection, problemOf(done)); });
  job->start();
}

void TokenVault::load(const QString& connection) {
  auto* job = new QKeychain::ReadPasswordJob(kService, this);
  job->setKey(connection);
  connect(job, &QKeychain::Job::finished, this, [this, connection, job](QKeychain::Job* done) {
    Q_EMIT loaded(connection, job->textData(), done->error() == QKeychain::NoError, problemOf(done));
  });
  job->start();
}

void TokenVault::remove(const QString& connection) {
  auto* job = new QKeychain::DeletePasswordJob(kService, this);
  job->setKey(connection);
  job->start();
}

}  // namespace hetsched
