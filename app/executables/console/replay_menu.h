#pragma once

#include "console_menus.h"

namespace hetsched {

// Replay: play or pause, a frame back or forward, and back to live, for
// the current cluster's replay (off while it is live).
class ReplayMenu : public ConsoleMenu {
  Q_OBJECT
 public:
  explicit ReplayMenu(MainWindow* window);
  void update(ClusterWorkspace* workspace) override;

 private:
  QList<QAction*> m_actions;
};

}  // namespace hetsched
