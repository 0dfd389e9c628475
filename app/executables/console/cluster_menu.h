#pragma once

#include "console_menus.h"

namespace hetsched {

class WhatifLauncher;

// Cluster: act on the current cluster's gateway (submit a job), refresh
// its job list, find and filter what its views show, and start a what-if
// from its state now.
class ClusterMenu : public ConsoleMenu {
  Q_OBJECT
 public:
  explicit ClusterMenu(MainWindow* window);
  void update(ClusterWorkspace* workspace) override;

 private:
  QAction* m_submit;
  QAction* m_refresh;
  QAction* m_find;
  QAction* m_filter;
  QAction* m_clearFilters;
  QAction* m_whatifNow;
};

}  // namespace hetsched
