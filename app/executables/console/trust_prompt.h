#pragma once

#include <QString>

class QWidget;

namespace hetsched {

// Asks the operator whether to trust a gateway's certificate: on first use
// a plain question showing its SHA-256 fingerprint; when it differs from
// the one trusted before, a loud warning (someone may be in the middle),
// with Cancel the default. True when the operator trusts it.
bool askToTrust(QWidget* parent, const QString& address, const QString& fingerprint, const QString& previous,
                const QString& subject);

}  // namespace hetsched
