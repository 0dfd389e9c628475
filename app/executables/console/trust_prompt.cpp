#include "trust_prompt.h"

#include <QMessageBox>
#include <QPushButton>

namespace hetsched {

bool askToTrust(QWidget* parent, const QString& address, const QString& fingerprint, const QString& previous,
                const QString& subject) {
  QMessageBox box(parent);
  QPushButton* trust = nullptr;
  if (previous.isEmpty()) {
    box.setIcon(QMessageBox::Question);
    box.setWindowTitle(QMessageBox::tr("Trust this gateway?"));
    box.setText(QMessageBox::tr("%1 presents a certificate no CA vouches for here (%2).").arg(address, subject));
    box.setInformativeText(QMessageBox::tr("Its SHA-256 fingerprint is\n%1\n\nCompare it with the one the gateway's "
                                           "operator gives you (openssl x509 -noout -fingerprint -sha256 -in CERT). "
                                           "Trusted, it is remembered for this connection.")
                               .arg(fingerprint));
    trust = box.addButton(QMessageBox::tr("Trust"), QMessageBox::AcceptRole);
    box.setDefaultButton(box.addButton(QMessageBox::Cancel));
  } else {
    box.setIcon(QMessageBox::Critical);
    box.setWindowTitle(QMessageBox::tr("THE GATEWAY'S CERTIFICATE HAS CHANGED"));
    box.setText(QMessageBox::tr("<b>WARNING: %1 presents a different certificate from the one you trusted.</b>")
                    .arg(address.toHtmlEscaped()));
    box.setInformativeText(QMessageBox::tr("Someone may be intercepting the connection to steal your token, or the "
                                           "gateway got a new certificate.\n\nTrusted before:\n%1\nPresented now:\n%2"
                                           "\n\nDo not connect unless the gateway's operator confirms the new "
                                           "fingerprint.")
                               .arg(previous, fingerprint));
    trust = box.addButton(QMessageBox::tr("Trust the new certificate"), QMessageBox::DestructiveRole);
    box.setDefaultButton(box.addButton(QMessageBox::Cancel));
  }
  box.exec();
  return box.clickedButton() == trust;
}

}  // namespace hetsched
