#pragma once

#include <QObject>
#include <QString>
#include <QStringList>

class QSslSocket;

namespace hetsched {

// What a TLS server showed of itself.
struct ServerCertificate {
  QString fingerprint;  // SHA-256 of the leaf certificate, "AB:CD:…" (as browsers show it)
  QString subject;      // the leaf's common name
  QStringList names;    // its DNS and IP subject alternative names
  QByteArray rootPem;   // the top of the chain it sent, in PEM
  bool selfContained = false;  // that top certificate is self-signed: it can be pinned as the root
};

// Fetches a gateway's certificate chain with Qt Network, before gRPC
// connects, so that the console can show its fingerprint and pin it (trust
// on first use). The chain is taken whatever its validity: deciding trust
// is the caller's business. One probe per object.
class TlsProbe : public QObject {
  Q_OBJECT
 public:
  explicit TlsProbe(QObject* parent = nullptr);
  // address: HOST:PORT or [V6]:PORT.
  void probe(const QString& address, int timeoutMs = 5000);

 Q_SIGNALS:
  void found(const hetsched::ServerCertificate& certificate);
  void failed(const QString& message);

 private:
  void finish();
  QSslSocket* m_socket;
  bool m_done = false;
};

}  // namespace hetsched
