#include "connect_dialog.h"

#include "saved_connection.h"
#include "saved_connection_model.h"
#include "widgets/theme.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFontDatabase>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QPushButton>
#include <QVBoxLayout>
#include <initializer_list>

namespace hetsched {

ConnectDialog::ConnectDialog(SavedConnectionModel* model, int currentRow, QWidget* parent)
    : QDialog(parent),
      m_model(model),
      m_list(new QListView(this)),
      m_name(new QLineEdit(this)),
      m_address(new QLineEdit(this)),
      m_tls(new QCheckBox(tr("Use TLS"), this)),
      m_caFile(new QLineEdit(this)),
      m_token(new QLineEdit(this)),
      m_tokenFile(new QLineEdit(this)),
      m_fingerprint(new QLabel(this)),
      m_forget(new QPushButton(tr("Forget"), this)),
      m_error(new QLabel(this)) {
  setWindowTitle(tr("Connect to a cluster"));
  m_list->setModel(model);
  m_address->setPlaceholderText(tr("host:port"));
  m_caFile->setPlaceholderText(tr("none: trust the certificate on first use"));
  m_token->setEchoMode(QLineEdit::Password);
  m_token->setPlaceholderText(tr("unchanged (kept in the keychain, never in the settings)"));
  m_tokenFile->setPlaceholderText(tr("none (a file only you can read, when no keychain runs)"));
  m_fingerprint->setTextInteractionFlags(Qt::TextSelectableByMouse);
  m_fingerprint->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
  m_forget->setToolTip(tr("Forget the certificate trusted on first use; the next connection asks again"));
  showAsError(m_error);
  m_error->setWordWrap(true);

  auto* caRow = new QHBoxLayout;
  caRow->addWidget(m_caFile, 1);
  auto* browse = new QPushButton(tr("Browse…"), this);
  caRow->addWidget(browse);
  auto* form = new QFormLayout;
  form->addRow(tr("Name"), m_name);
  form->addRow(tr("Address"), m_address);
  form->addRow(QString(), m_tls);
  form->addRow(tr("CA certificate"), caRow);
  auto* pinRow = new QHBoxLayout;
  pinRow->addWidget(m_fingerprint, 1);
  pinRow->addWidget(m_forget);
  form->addRow(tr("Trusted certificate"), pinRow);
  form->addRow(tr("Bearer token"), m_token);
  auto* tokenFileRow = new QHBoxLayout;
  tokenFileRow->addWidget(m_tokenFile, 1);
  auto* browseToken = new QPushButton(tr("Browse…"), this);
  tokenFileRow->addWidget(browseToken);
  form->addRow(tr("Token file"), tokenFileRow);
  form->addRow(m_error);

  auto* newButton = new QPushButton(tr("New"), this);
  auto* saveButton = new QPushButton(tr("Save"), this);
  auto* removeButton = new QPushButton(tr("Delete"), this);
  auto* edit = new QHBoxLayout;
  edit->addWidget(newButton);
  edit->addWidget(saveButton);
  edit->addWidget(removeButton);
  edit->addStretch(1);
  auto* right = new QVBoxLayout;
  right->addLayout(form);
  right->addLayout(edit);
  right->addStretch(1);
  auto* top = new QHBoxLayout;
  top->addWidget(m_list, 1);
  top->addLayout(right, 2);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
  auto* connectButton = buttons->addButton(tr("Connect"), QDialogButtonBox::AcceptRole);
  auto* layout = new QVBoxLayout(this);
  layout->addLayout(top);
  layout->addWidget(buttons);

  connect(m_list->selectionModel(), &QItemSelectionModel::currentChanged, this,
          [this](const QModelIndex& index) { showRow(index.row()); });
  connect(newButton, &QPushButton::clicked, this, [this] {
    m_list->clearSelection();
    m_row = -1;
    for (QLineEdit* e : {m_name, m_address, m_caFile, m_token, m_tokenFile}) e->clear();
    m_tls->setChecked(false);
    m_fingerprint->clear();
    for (QWidget* w : std::initializer_list<QWidget*>{m_name, m_address, m_tls, m_caFile, m_token, m_tokenFile})
      w->setEnabled(true);
    m_name->setFocus();
  });
  connect(saveButton, &QPushButton::clicked, this, &ConnectDialog::saveForm);
  connect(removeButton, &QPushButton::clicked, this, &ConnectDialog::removeCurrent);
  connect(browse, &QPushButton::clicked, this, &ConnectDialog::browseCa);
  connect(browseToken, &QPushButton::clicked, this, &ConnectDialog::browseTokenFile);
  connect(m_forget, &QPushButton::clicked, this, [this] {
    if (m_row <= 0) return;
    m_model->setFingerprint(m_row, {});
    showRow(m_row);
  });
  connect(model, &SavedConnectionModel::tokenStored, this, &ConnectDialog::showTokenStorage);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  connect(connectButton, &QPushButton::clicked, this, [this] {
    // Unsaved edits of a gateway are saved first: the row must mean them.
    if (m_row != 0 && !saveForm()) return;
    accept();
  });
  m_list->setCurrentIndex(model->index(std::clamp(currentRow, 0, model->rowCount() - 1)));
}

void ConnectDialog::showRow(int row) {
  m_row = row;
  m_error->clear();
  const bool embedded = m_model->isEmbedded(row);
  const SavedConnection c = m_model->connectionAt(row);
  m_name->setText(embedded ? m_model->data(m_model->index(0)).toString() : c.name);
  m_address->setText(embedded ? tr("in this process") : c.address);
  m_tls->setChecked(c.tls);
  m_caFile->setText(c.caFile);
  m_token->clear();  // never shown back; kept in the keychain
  m_tokenFile->setText(c.tokenFile);
  // 32 bytes on two lines of 16, as `openssl x509 -fingerprint -sha256` prints them on one.
  m_fingerprint->setText(c.fingerprint.isEmpty() ? tr("none yet")
                                                 : QStringLiteral("SHA-256 ") + c.fingerprint.left(47) +
                                                       QStringLiteral("\n        ") + c.fingerprint.mid(48));
  m_forget->setEnabled(!embedded && !c.fingerprint.isEmpty());
  for (QWidget* w : std::initializer_list<QWidget*>{m_name, m_address, m_tls, m_caFile, m_token, m_tokenFile})
    w->setEnabled(!embedded);
}

SavedConnection ConnectDialog::formValue() const {
  SavedConnection c;
  c.name = m_name->text().trimmed();
  c.address = m_address->text().trimmed();
  c.tls = m_tls->isChecked();
  c.caFile = m_caFile->text().trimmed();
  c.token = m_token->text().trimmed();
  c.tokenFile = m_tokenFile->text().trimmed();
  // The trusted certificate stays with the connection while its address does.
  const SavedConnection before = m_model->connectionAt(m_row);
  if (before.address == c.address && before.caFile == c.caFile) c.fingerprint = before.fingerprint;
  return c;
}

QString ConnectDialog::problemText(ConnectionProblem problem) const {
  switch (problem) {
    case ConnectionProblem::None: return {};
    case ConnectionProblem::EmptyName: return tr("Give the connection a name.");
    case ConnectionProblem::BadAddress: return tr("The address must be host:port (port 1–65535).");
    case ConnectionProblem::CaUnreadable: return tr("The CA certificate file cannot be read.");
    case ConnectionProblem::CaWithoutTls: return tr("A CA certificate needs TLS turned on.");
  }
  return {};
}

bool ConnectDialog::saveForm() {
  if (m_row == 0) return true;  // the embedded cluster has nothing to save
  const SavedConnection c = formValue();
  if (const auto problem = validate(c); problem != ConnectionProblem::None) {
    m_error->setText(problemText(problem));
    return false;
  }
  // A renamed entry replaces the old one rather than leaving a copy.
  const SavedConnection before = m_model->connectionAt(m_row);
  if (m_row > 0 && before.name != c.name) m_model->remove(m_row);
  m_row = m_model->upsert(c);
  m_list->setCurrentIndex(m_model->index(m_row));
  return true;
}

void ConnectDialog::removeCurrent() {
  if (m_row <= 0) return;
  m_model->remove(m_row);
  m_list->setCurrentIndex(m_model->index(0));
}

void ConnectDialog::browseTokenFile() {
  const QString file = QFileDialog::getOpenFileName(this, tr("Token file"), m_tokenFile->text());
  if (!file.isEmpty()) m_tokenFile->setText(file);
}

void ConnectDialog::showTokenStorage(const QString& name, const QString& problem) {
  if (problem.isEmpty()) return;
  m_error->setText(tr("The token for %1 is not saved: %2. It is kept until the console closes; to keep it, put it "
                      "in a file only you can read and choose that file as the token file.")
                       .arg(name, problem));
}

void ConnectDialog::browseCa() {
  const QString file = QFileDialog::getOpenFileName(this, tr("CA certificate"), m_caFile->text(),
                                                    tr("PEM certificates (*.pem *.crt);;All files (*)"));
  if (!file.isEmpty()) {
    m_caFile->setText(file);
    m_tls->setChecked(true);
  }
}

}  // namespace hetsched
