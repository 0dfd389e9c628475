#pragma once

#include "console_menus.h"

class QActionGroup;

namespace hetsched {

// View: the Overview and each page of the current cluster (Ctrl+0 to
// Ctrl+5), the next and previous cluster, what the heatmap colours by, the
// theme and full screen.
class ViewMenu : public ConsoleMenu {
  Q_OBJECT
 public:
  explicit ViewMenu(MainWindow* window);
  void update(ClusterWorkspace* workspace) override;

 private:
  void stepCluster(int delta);

  QList<QAction*> m_pages;
  QActionGroup* m_metrics;
  QActionGroup* m_themes;
};

}  // namespace hetsched
