#include "saved_connection_model.h"

#include "saved_connection.h"
#include "token_vault.h"

#include <QSettings>

namespace hetsched {

SavedConnectionModel::SavedConnectionModel(QSettings* settings, QObject* parent)
    : QAbstractListModel(parent), m_settings(settings) {
  load();
}

void SavedConnectionModel::setTokenVault(TokenVault* vault) {
  m_vault = vault;
  if (!vault) return;
  connect(vault, &TokenVault::stored, this, &SavedConnectionModel::tokenStored);
  for (const SavedConnection& c : m_saved)
    if (!c.token.isEmpty()) vault->store(c.name, c.token);
}

void SavedConnectionModel::load() {
  m_saved.clear();
  const int n = m_settings->beginReadArray(QStringLiteral("connections"));
  for (int i = 0; i < n; ++i) {
    m_settings->setArrayIndex(i);
    SavedConnection c;
    c.name = m_settings->value(QStringLiteral("name")).toString();
    c.address = m_settings->value(QStringLiteral("address")).toString();
    c.tls = m_settings->value(QStringLiteral("tls"), false).toBool();
    c.caFile = m_settings->value(QStringLiteral("caFile")).toString();
    c.tokenFile = m_settings->value(QStringLiteral("tokenFile")).toString();
    c.fingerprint = m_settings->value(QStringLiteral("fingerprint")).toString();
    // Older consoles kept tokens here in plain text: taken into memory (the
    // console moves them to the keychain) and gone from the file below.
    c.token = m_settings->value(QStringLiteral("token")).toString();
    if (!c.token.isEmpty()) m_legacyTokens = true;
    if (!c.name.isEmpty()) m_saved.push_back(c);
  }
  m_settings->endArray();
  if (m_legacyTokens) save();
}

void SavedConnectionModel::save() const {
  m_settings->remove(QStringLiteral("connections"));
  m_settings->beginWriteArray(QStringLiteral("connections"), static_cast<int>(m_saved.size()));
  for (int i = 0; i < m_saved.size(); ++i) {
    m_settings->setArrayIndex(i);
    const SavedConnection& c = m_saved[i];
    m_settings->setValue(QStringLiteral("name"), c.name);
    m_settings->setValue(QStringLiteral("address"), c.address);
    m_settings->setValue(QStringLiteral("tls"), c.tls);
    m_settings->setValue(QStringLiteral("caFile"), c.caFile);
    m_settings->setValue(QStringLiteral("tokenFile"), c.tokenFile);
    m_settings->setValue(QStringLiteral("fingerprint"), c.fingerprint);
  }
  m_settings->endArray();
  m_settings->sync();
}

int SavedConnectionModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(m_saved.size()) + 1;
}

QVariant SavedConnectionModel::data(const QModelIndex& index, int role) const {
  if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
  const int row = index.row();
  if (role == EmbeddedRole) return isEmbedded(row);
  if (isEmbedded(row)) {
    if (role == Qt::DisplayRole) return tr("Embedded simulated cluster");
    if (role == Qt::ToolTipRole) return tr("A gateway in this process, on loopback, over a simulated cluster");
    return {};
  }
  const SavedConnection& c = m_saved[row - 1];
  switch (role) {
    case Qt::DisplayRole: return c.name;
    case Qt::ToolTipRole: return c.tls ? tr("%1 (TLS)").arg(c.address) : c.address;
    case AddressRole: return c.address;
    case TlsRole: return c.tls;
    default: return {};
  }
}

SavedConnection SavedConnectionModel::connectionAt(int row) const {
  if (row <= 0 || row > m_saved.size()) return {};
  return m_saved[row - 1];
}

int SavedConnectionModel::rowOf(const QString& name) const {
  for (int i = 0; i < m_saved.size(); ++i) {
    if (m_saved[i].name == name) return i + 1;
  }
  return -1;
}

int SavedConnectionModel::upsert(const SavedConnection& given) {
  SavedConnection connection = given;
  const int existing = rowOf(connection.name);
  if (connection.token.isEmpty() && existing > 0) connection.token = m_saved[existing - 1].token;
  else if (!connection.token.isEmpty() && m_vault) m_vault->store(connection.name, connection.token);
  if (existing > 0) {
    m_saved[existing - 1] = connection;
    Q_EMIT dataChanged(index(existing), index(existing));
    save();
    return existing;
  }
  const int row = static_cast<int>(m_saved.size()) + 1;
  beginInsertRows({}, row, row);
  m_saved.push_back(connection);
  endInsertRows();
  save();
  return row;
}

bool SavedConnectionModel::remove(int row) {
  if (row <= 0 || row > m_saved.size()) return false;
  beginRemoveRows({}, row, row);
  if (m_vault) m_vault->remove(m_saved[row - 1].name);
  m_saved.removeAt(row - 1);
  endRemoveRows();
  save();
  return true;
}

void SavedConnectionModel::setFingerprint(int row, const QString& fingerprint) {
  if (row <= 0 || row > m_saved.size()) return;
  m_saved[row - 1].fingerprint = fingerprint;
  save();
}

void SavedConnectionModel::setLastUsed(const QString& name) {
  m_settings->setValue(QStringLiteral("lastConnection"), name);
  m_settings->sync();
}

QString SavedConnectionModel::lastUsed() const {
  return m_settings->value(QStringLiteral("lastConnection")).toString();
}

}  // namespace hetsched
