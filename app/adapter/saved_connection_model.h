#pragma once

#include "saved_connection.h"

#include <QAbstractListModel>
#include <QList>

class QSettings;

namespace hetsched {

// The connections the console offers: row 0 is the embedded simulated
// cluster (always there, never saved), then the saved gateways, kept in
// QSettings under "connections/". Tokens are stored as the settings store
// stores everything (on Linux a user-readable INI file), not in a keyring.
class SavedConnectionModel : public QAbstractListModel {
  Q_OBJECT
 public:
  enum Role { AddressRole = Qt::UserRole + 1, TlsRole, EmbeddedRole };

  explicit SavedConnectionModel(QSettings* settings, QObject* parent = nullptr);

  int rowCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;

  bool isEmbedded(int row) const { return row == 0; }
  SavedConnection connectionAt(int row) const;
  // Adds, or replaces the one of the same name; returns its row. Saved at once.
  int upsert(const SavedConnection& connection);
  bool remove(int row);
  int rowOf(const QString& name) const;
  void setLastUsed(const QString& name);
  QString lastUsed() const;

 private:
  void load();
  void save() const;

  QSettings* m_settings;
  QList<SavedConnection> m_saved;
};

}  // namespace hetsched
