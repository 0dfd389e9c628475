#pragma once

#include <QObject>
#include <QString>

namespace hetsched {

// The bearer tokens of saved connections, kept in the platform's keychain
// (Secret Service or KWallet on Linux, the Keychain on macOS, the Credential
// Manager on Windows, through QtKeychain), never in the settings file.
// Asynchronous, as a keychain may ask the user. When none answers (a
// headless session, no keychain daemon, a build without QtKeychain),
// store() and load() report it and the console keeps a token for the
// session only or reads it from a token file. token_vault_keychain.cpp and
// token_vault_none.cpp are the two implementations.
class TokenVault : public QObject {
  Q_OBJECT
 public:
  explicit TokenVault(QObject* parent = nullptr);

  void store(const QString& connection, const QString& token);
  void load(const QString& connection);
  void remove(const QString& connection);

 Q_SIGNALS:
  // `problem` empty when stored; otherwise why not (no keychain, denied).
  void stored(const QString& connection, const QString& problem);
  // found false with an empty problem: the keychain holds no token for it.
  void loaded(const QString& connection, const QString& token, bool found, const QString& problem);
};

}  // namespace hetsched
