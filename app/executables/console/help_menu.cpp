#include "help_menu.h"

#include "main_window.h"
#include "widgets/help_window.h"
#include "widgets/shortcuts_dialog.h"

#include <QAction>
#include <QApplication>
#include <QMenuBar>
#include <QMessageBox>

namespace hetsched {

HelpMenu::HelpMenu(MainWindow* window) : ConsoleMenu(tr("&Help"), window) {
  addAction(QStringLiteral("userGuide"), tr("&User guide"), QKeySequence::HelpContents, [this] { showGuide(); });
  addAction(QStringLiteral("keyboardShortcuts"), tr("&Keyboard shortcuts"), QKeySequence(Qt::CTRL | Qt::Key_Slash),
            [this] { showShortcuts(); });
  menu()->addSeparator();
  addAction(QStringLiteral("about"), tr("&About HetSched"), {}, [this] {
    QMessageBox::about(this->window(), tr("About HetSched"),
                       tr("<b>HetSched console</b> %1<br>Operations console for clusters that mix CPUs, GPUs "
                          "and TPUs.<br>Workload shapes: Alibaba cluster-trace-gpu-v2023.")
                           .arg(QApplication::applicationVersion()));
  });
  addAction(QStringLiteral("aboutQt"), tr("About &Qt"), {}, [] { QApplication::aboutQt(); });
}

void HelpMenu::showGuide() {
  // One help window per console window, raised when asked again.
  auto* help = window()->findChild<HelpWindow*>();
  if (!help) help = new HelpWindow(window());
  help->show();
  help->raise();
  help->activateWindow();
}

void HelpMenu::showShortcuts() {
  ShortcutsDialog dialog(window()->menuBar(), window());
  dialog.exec();
}

}  // namespace hetsched
