#pragma once

#include "cluster_registry.h"

namespace hetsched {

class EmbeddedCluster;
class MainWindow;
class SavedConnectionModel;
class TokenVault;

// What the console's ClusterRegistry opens a saved row with: the embedded
// cluster at once; any other once its token (typed, token file or
// keychain) and its CA or pinned certificate are known, asking the
// operator to trust a certificate first seen or changed. Failures are
// shown to the operator here (they may come long after the request).
class ClusterOpener {
 public:
  ClusterOpener(SavedConnectionModel* saved, TokenVault* vault, EmbeddedCluster* embedded)
      : m_saved(saved), m_vault(vault), m_embedded(embedded) {}

  void operator()(int row, MainWindow* asking, ClusterRegistry::Done done) const;

 private:
  SavedConnectionModel* m_saved;
  TokenVault* m_vault;
  EmbeddedCluster* m_embedded;
};

}  // namespace hetsched
