#include "replay_menu.h"

#include "cluster_workspace.h"
#include "main_window.h"
#include "replay_controller.h"

#include <QAction>

namespace hetsched {

namespace {

// The current cluster's replay, while it replays.
ReplayController* replayOf(MainWindow* window) {
  ClusterWorkspace* w = window->workspace();
  return w && w->inReplay() ? w->replay() : nullptr;
}

}  // namespace

ReplayMenu::ReplayMenu(MainWindow* window) : ConsoleMenu(tr("&Replay"), window) {
  m_actions << addAction(QStringLiteral("replayPlay"), tr("&Play or pause"), QKeySequence(Qt::CTRL | Qt::Key_P),
                         [this] {
                           if (ReplayController* r = replayOf(this->window())) r->togglePlaying();
                         });
  m_actions << addAction(QStringLiteral("replayBack"), tr("One frame &back"), QKeySequence(Qt::ALT | Qt::Key_Left),
                         [this] {
                           if (ReplayController* r = replayOf(this->window())) r->step(-1);
                         });
  m_actions << addAction(QStringLiteral("replayForward"), tr("One frame &forward"),
                         QKeySequence(Qt::ALT | Qt::Key_Right), [this] {
                           if (ReplayController* r = replayOf(this->window())) r->step(1);
                         });
  m_actions << addAction(QStringLiteral("backToLive"), tr("Back to &live"), QKeySequence(Qt::CTRL | Qt::Key_L), [this] {
    if (ReplayController* r = replayOf(this->window())) r->leave();
  });
}

void ReplayMenu::update(ClusterWorkspace* workspace) {
  if (!workspace) workspace = window()->workspace();
  const QString reason = workspace && workspace->inReplay()
                             ? QString()
                             : tr("Not replaying: open a snapshot first (File → Open snapshot…).");
  for (QAction* a : m_actions) allow(a, reason);
}

}  // namespace hetsched
