#pragma once

#include "console_menus.h"

namespace hetsched {

// Help: the bundled user guide (F1), the keyboard shortcuts, About.
class HelpMenu : public ConsoleMenu {
  Q_OBJECT
 public:
  explicit HelpMenu(MainWindow* window);
  void update(ClusterWorkspace*) override {}
  void showGuide();
  void showShortcuts();
};

}  // namespace hetsched
