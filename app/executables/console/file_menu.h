#pragma once

#include "console_menus.h"

namespace hetsched {

class SnapshotMenu;

// File: connect to saved clusters (in a tab or a new window), close or
// move the current cluster, snapshots, quit.
class FileMenu : public ConsoleMenu {
  Q_OBJECT
 public:
  explicit FileMenu(MainWindow* window);
  void update(ClusterWorkspace* workspace) override;

 private:
  QAction* m_connect;
  QAction* m_connectWindow;
  QAction* m_close;
  QAction* m_move;
  SnapshotMenu* m_snapshots;
};

}  // namespace hetsched
