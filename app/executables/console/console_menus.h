#pragma once

#include <QKeySequence>
#include <QList>
#include <QObject>

#include <functional>

class QAction;
class QMenu;

namespace hetsched {

class ClusterWorkspace;
class MainWindow;

// One menu of a console window's menu bar. Menus act on the window's
// current cluster (MainWindow::workspace()) and, when it or its mode
// changes, turn their actions on or off: an action that would act on a
// gateway is off in replay, with the reason as its tooltip. A new menu is a
// new subclass added to buildConsoleMenus(), not code in MainWindow.
class ConsoleMenu : public QObject {
  Q_OBJECT
 public:
  ConsoleMenu(const QString& title, MainWindow* window);

  QMenu* menu() const { return m_menu; }
  // `workspace` is the current cluster, null on the Overview page.
  virtual void update(ClusterWorkspace* workspace) = 0;

 protected:
  MainWindow* window() const { return m_window; }
  // An action with an object name (tests and the shortcut list find it by
  // that), an optional shortcut, and a slot run with the current cluster.
  QAction* addAction(const QString& name, const QString& text, const QKeySequence& shortcut,
                     std::function<void()> slot);
  QAction* addAction(QMenu* menu, const QString& name, const QString& text, const QKeySequence& shortcut,
                     std::function<void()> slot);
  // Enables `action` when `reason` is empty; otherwise disables it and says why.
  static void allow(QAction* action, const QString& reason, const QString& normalTip = {});

 private:
  MainWindow* m_window;
  QMenu* m_menu;
};

// The menu bar of `window`, left to right.
QList<ConsoleMenu*> buildConsoleMenus(MainWindow* window);

}  // namespace hetsched
