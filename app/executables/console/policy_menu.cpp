#include "policy_menu.h"

#include "cluster_workspace.h"
#include "main_window.h"
#include "policy_pages.h"
#include "widgets/live_policy_panel.h"
#include "widgets/policy_editor.h"
#include "widgets/whatif_view.h"

#include <QAction>
#include <QMenu>
#include <QPushButton>

namespace hetsched {

namespace {

// The current cluster's policy pages, shown, or null.
PolicyPages* pagesOf(MainWindow* window, const QString& tab) {
  ClusterWorkspace* w = window->workspace();
  if (!w) return nullptr;
  window->showWorkspace(w);
  w->showTab(tab);
  return w->policyPages();
}

}  // namespace

PolicyMenu::PolicyMenu(MainWindow* window) : ConsoleMenu(tr("&Policy"), window) {
  // The panel's own buttons carry the checks (valid policy, a candidate,
  // a version chosen): the menu presses them.
  m_push = addAction(QStringLiteral("pushPolicy"), tr("&Push the editor's policy…"),
                     QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_P), [this] {
                       if (PolicyPages* p = pagesOf(this->window(), QStringLiteral("policies")))
                         p->editor()->pushButton()->click();
                     });
  m_promote = addAction(QStringLiteral("promoteCanary"), tr("Pro&mote the canary…"),
                        QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_M), [this] {
                          if (PolicyPages* p = pagesOf(this->window(), QStringLiteral("policies"))) p->confirmPromote();
                        });
  m_rollback = addAction(QStringLiteral("rollbackPolicy"), tr("&Roll back to the chosen version…"), {}, [this] {
    if (PolicyPages* p = pagesOf(this->window(), QStringLiteral("policies"))) p->livePanel()->rollbackButton()->click();
  });
  m_refresh = addAction(QStringLiteral("refreshPolicy"), tr("Re&fresh the gateway's policy"),
                        QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_F5), [this] {
                          if (PolicyPages* p = pagesOf(this->window(), QStringLiteral("policies"))) p->refresh();
                        });
  menu()->addSeparator();
  m_inForce = addAction(QStringLiteral("whatifInForce"), tr("Add the policy in &force to the what-if"), {}, [this] {
    if (PolicyPages* p = pagesOf(this->window(), QStringLiteral("whatif"))) p->addPolicyInForce();
  });
  m_run = addAction(QStringLiteral("runWhatif"), tr("R&un the what-if"), QKeySequence(Qt::CTRL | Qt::Key_R), [this] {
    if (PolicyPages* p = pagesOf(this->window(), QStringLiteral("whatif"))) p->whatif()->run();
  });
  m_cancel = addAction(QStringLiteral("cancelWhatif"), tr("&Cancel the what-if"), {}, [this] {
    if (PolicyPages* p = pagesOf(this->window(), QStringLiteral("whatif"))) p->whatif()->cancel();
  });
}

void PolicyMenu::update(ClusterWorkspace* workspace) {
  if (!workspace) workspace = window()->workspace();
  const QString none = workspace ? QString() : tr("No cluster is open.");
  const QString gateway = workspace ? workspace->readOnlyReason() : none;
  allow(m_push, gateway, tr("Push the editor's policy to the gateway as a canary, after a confirmation"));
  allow(m_promote, gateway, tr("Make the canary the policy for every job, after comparing both arms"));
  allow(m_rollback, gateway);
  allow(m_refresh, gateway);
  for (QAction* a : {m_run, m_cancel, m_inForce}) allow(a, none);
}

}  // namespace hetsched
