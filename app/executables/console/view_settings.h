#pragma once

#include "widgets/theme.h"

class QSettings;

namespace hetsched {

class ClusterWorkspace;
class MainWindow;

// The window layout and view settings the console remembers between runs
// (QSettings): window geometry and state, the theme, and per cluster the
// page shown, what the heatmap colours by and every splitter's sizes (keyed
// by the splitter's object name); per workspace name, its filters.
class ViewSettings {
 public:
  static void saveWindow(const MainWindow* window);
  static void restoreWindow(MainWindow* window);
  // Whether a window layout was saved (main() sizes the first window only
  // when none was, or when told to).
  static bool hasSavedWindow();
  static void saveWorkspace(const ClusterWorkspace* workspace);
  static void restoreWorkspace(ClusterWorkspace* workspace);
  static void saveTheme(Theme::Choice choice);
  // The saved theme, System when none was saved.
  static Theme::Choice savedTheme();
};

}  // namespace hetsched
