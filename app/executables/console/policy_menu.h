#pragma once

#include "console_menus.h"

namespace hetsched {

// Policy: the current cluster's policy lifecycle (push the editor's
// policy, promote the canary, roll back, refresh) and its what-if runs.
// The lifecycle entries are off in replay, which has no gateway.
class PolicyMenu : public ConsoleMenu {
  Q_OBJECT
 public:
  explicit PolicyMenu(MainWindow* window);
  void update(ClusterWorkspace* workspace) override;

 private:
  QAction* m_push;
  QAction* m_promote;
  QAction* m_rollback;
  QAction* m_refresh;
  QAction* m_run;
  QAction* m_cancel;
  QAction* m_inForce;
};

}  // namespace hetsched
