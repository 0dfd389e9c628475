#pragma once

#include "saved_connection.h"

#include <QAbstractListModel>
#include <QList>

class QSettings;

namespace hetsched {

class TokenVault;

// The connections the console offers: row 0 is the embedded simulated
// cluster (always there, never saved), then the saved gateways, kept in
// QSettings under "connections/". Tokens never go into the settings file
// (TokenVault keeps them); one an older console left there is read once
// and removed (legacyTokens()).
class SavedConnectionModel : public QAbstractListModel {
  Q_OBJECT
 public:
  enum Role { AddressRole = Qt::UserRole + 1, TlsRole, EmbeddedRole };

  explicit SavedConnectionModel(QSettings* settings, QObject* parent = nullptr);
  // Where typed tokens go (and the plain-text ones an older console left,
  // at once). Without one they live for the session only.
  void setTokenVault(TokenVault* vault);

  int rowCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;

  bool isEmbedded(int row) const { return row == 0; }
  SavedConnection connectionAt(int row) const;
  // Adds, or replaces the one of the same name; returns its row. Saved at
  // once; a token goes to the keychain (an empty one leaves the kept one).
  int upsert(const SavedConnection& connection);
  bool remove(int row);
  int rowOf(const QString& name) const;
  // The certificate trusted on first use for this row; saved at once.
  void setFingerprint(int row, const QString& fingerprint);
  // True when the settings held plain-text tokens at load (now removed
  // from the file, kept in memory for the keychain).
  bool legacyTokens() const { return m_legacyTokens; }
  void setLastUsed(const QString& name);
  QString lastUsed() const;

 Q_SIGNALS:
  // After upsert() with a token: problem is empty when the keychain has it,
  // else why not (the token is then kept for this session only).
  void tokenStored(const QString& name, const QString& problem);

 private:
  void load();
  void save() const;

  QSettings* m_settings;
  QList<SavedConnection> m_saved;
  bool m_legacyTokens = false;
  TokenVault* m_vault = nullptr;
};

}  // namespace hetsched
