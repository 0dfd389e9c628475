#include "console_menus.h"

#include "cluster_menu.h"
#include "file_menu.h"
#include "help_menu.h"
#include "main_window.h"
#include "policy_menu.h"
#include "replay_menu.h"
#include "view_menu.h"

#include <QAction>
#include <QMenu>
#include <QMenuBar>
#include <functional>
#include <utility>

namespace hetsched {

ConsoleMenu::ConsoleMenu(const QString& title, MainWindow* window)
    : QObject(window), m_window(window), m_menu(window->menuBar()->addMenu(title)) {
  m_menu->setToolTipsVisible(true);  // a disabled entry says why
}

QAction* ConsoleMenu::addAction(const QString& name, const QString& text, const QKeySequence& shortcut,
                                std::function<void()> slot) {
  return addAction(m_menu, name, text, shortcut, std::move(slot));
}

QAction* ConsoleMenu::addAction(QMenu* menu, const QString& name, const QString& text, const QKeySequence& shortcut,
                                std::function<void()> slot) {
  QAction* action = menu->addAction(text);
  action->setObjectName(name);
  if (!shortcut.isEmpty()) action->setShortcut(shortcut);
  connect(action, &QAction::triggered, this, [slot = std::move(slot)] { slot(); });
  return action;
}

void ConsoleMenu::allow(QAction* action, const QString& reason, const QString& normalTip) {
  action->setEnabled(reason.isEmpty());
  action->setToolTip(reason.isEmpty() ? (normalTip.isEmpty() ? action->text().remove(QLatin1Char('&')) : normalTip)
                                      : reason);
}

QList<ConsoleMenu*> buildConsoleMenus(MainWindow* window) {
  return {new FileMenu(window),   new ViewMenu(window),   new ClusterMenu(window),
          new PolicyMenu(window), new ReplayMenu(window), new HelpMenu(window)};
}

}  // namespace hetsched
