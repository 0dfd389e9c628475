#pragma once

#include "saved_connection.h"

#include <QDialog>

class QCheckBox;
class QLabel;
class QLineEdit;
class QListView;
class QPushButton;

namespace hetsched {

class SavedConnectionModel;

// File → Connect…: saved gateways (like kubeconfig contexts) and the
// embedded cluster. Editing saves into the model (QSettings); "Connect"
// accepts with the chosen row.
class ConnectDialog : public QDialog {
  Q_OBJECT
 public:
  ConnectDialog(SavedConnectionModel* model, int currentRow, QWidget* parent = nullptr);

  int chosenRow() const { return m_row; }

 private:
  void showRow(int row);
  SavedConnection formValue() const;
  bool saveForm();
  void removeCurrent();
  void browseCa();
  void browseTokenFile();
  void showTokenStorage(const QString& name, const QString& problem);
  QString problemText(ConnectionProblem problem) const;

  SavedConnectionModel* m_model;
  QListView* m_list;
  QLineEdit* m_name;
  QLineEdit* m_address;
  QCheckBox* m_tls;
  QLineEdit* m_caFile;
  QLineEdit* m_token;
  QLineEdit* m_tokenFile;
  QLabel* m_fingerprint;  // the certificate trusted on first use
  QPushButton* m_forget;
  QLabel* m_error;
  int m_row = 0;
};

}  // namespace hetsched
