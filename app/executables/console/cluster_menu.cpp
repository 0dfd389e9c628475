#include "cluster_menu.h"

#include "cluster_workspace.h"
#include "main_window.h"

#include "widgets/filter_bar.h"

#include <QAction>
#include <QToolButton>

namespace hetsched {

ClusterMenu::ClusterMenu(MainWindow* window) : ConsoleMenu(tr("&Cluster"), window) {
  m_submit = addAction(QStringLiteral("submitJob"), tr("&Submit job…"), QKeySequence(Qt::CTRL | Qt::Key_J), [this] {
    if (ClusterWorkspace* w = this->window()->workspace()) w->openSubmitDialog();
  });
  m_refresh = addAction(QStringLiteral("refreshJobs"), tr("&Refresh jobs"), QKeySequence::Refresh, [this] {
    if (ClusterWorkspace* w = this->window()->workspace()) w->refreshJobs();
  });
  m_find = addAction(QStringLiteral("find"), tr("&Find jobs and nodes…"), QKeySequence::Find, [this] {
    if (ClusterWorkspace* w = this->window()->workspace()) w->openFind();
  });
  m_filter = addAction(QStringLiteral("filter"), tr("Fi&lter the views…"),
                       QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_F), [this] {
                         if (ClusterWorkspace* w = this->window()->workspace())
                           w->filterBar()->menuButton()->showMenu();
                       });
  m_clearFilters = addAction(QStringLiteral("clearFilters"), tr("&Clear filters"),
                             QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_L), [this] {
                               if (ClusterWorkspace* w = this->window()->workspace()) w->setFilter({});
                             });
  m_whatifNow = addAction(QStringLiteral("whatifFromNow"), tr("&What-if from now…"),
                          QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_W), [this] {
                            if (ClusterWorkspace* w = this->window()->workspace()) w->startWhatifFromNow();
                          });
}

void ClusterMenu::update(ClusterWorkspace* workspace) {
  if (!workspace) workspace = window()->workspace();
  const QString reason = !workspace ? tr("No cluster is open.") : workspace->readOnlyReason();
  allow(m_submit, reason, tr("Submit a job to the cluster's gateway"));
  allow(m_refresh, reason);
  // Finding reads only: it works in a replay too.
  allow(m_find, workspace ? QString() : tr("No cluster is open."),
        tr("Find jobs by id, name, owner, team, kind, state or node, and nodes by name; highlighted in every view"));
  allow(m_filter, workspace ? QString() : tr("No cluster is open."),
        tr("Narrow every view to some kinds, states, teams, priorities or node groups"));
  allow(m_clearFilters, workspace ? QString() : tr("No cluster is open."), tr("Show every job and device again"));
  allow(m_whatifNow, reason,
        tr("Snapshot the cluster now and compare the policy in force with the editor's policy on it"));
}

}  // namespace hetsched
