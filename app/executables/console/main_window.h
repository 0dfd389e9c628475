#pragma once

#include <QList>
#include <QMainWindow>
#include <QPointer>

#include <memory>

class QTabWidget;

namespace hetsched {

class AlertNotifier;
class ClusterConnection;
class ClusterRegistry;
class ClusterWorkspace;
class ConsoleMenu;
class OverviewPage;
class SnapshotMenu;
class StatusArea;

// A console window: the Overview page and one tab per open cluster
// (ClusterWorkspace), the menus (one ConsoleMenu each, acting on the
// current cluster), the status bar and the title, which names the cluster
// shown. Windows share one ClusterRegistry: the overview lists every open
// cluster, in any window. Panels belong in a workspace and menus in a
// ConsoleMenu, so that this class does not grow with them.
class MainWindow : public QMainWindow {
  Q_OBJECT
 public:
  // Without a registry the window makes its own, with nothing saved to
  // open (tests add clusters with addCluster).
  explicit MainWindow(ClusterRegistry* registry = nullptr, QWidget* parent = nullptr);
  ~MainWindow() override;

  ClusterRegistry* registry() const;
  // A new tab for `connection` (started here); `savedRow` is its row in the
  // saved connections, -1 when it has none.
  ClusterWorkspace* addCluster(std::unique_ptr<ClusterConnection> connection, const QString& name, int savedRow = -1);
  // The cluster shown, or null on the Overview page.
  ClusterWorkspace* currentWorkspace() const;
  // The cluster shown, else the first one: what a menu acts on.
  ClusterWorkspace* workspace() const;
  QList<ClusterWorkspace*> workspaces() const;
  void showWorkspace(ClusterWorkspace* workspace);
  void showOverview();
  // Closes the cluster's tab and its connection.
  void closeWorkspace(ClusterWorkspace* workspace);
  // Moves the cluster's tab into a new window of its own.
  MainWindow* moveToNewWindow(ClusterWorkspace* workspace);
  // The saved connections' dialog, `savedRow` current (add, edit, remove,
  // trust); the row it is accepted on opens here or in a new window. What
  // File > Connect and the Overview's "Edit connections" both run.
  void connectToSaved(int savedRow, bool newWindow);
  // A page of the current cluster by name ("cluster", "timeline", "map",
  // "policies", "whatif") or "overview"; false for an unknown name.
  bool showTab(const QString& name);

  QTabWidget* clusterTabs() const { return m_tabs; }
  OverviewPage* overview() const { return m_overview; }
  SnapshotMenu* snapshotMenu() const { return m_snapshotMenu; }
  StatusArea* statusArea() const { return m_status; }
  // The menus, for the keyboard shortcut list and tests.
  const QList<ConsoleMenu*>& menus() const { return m_menus; }

 Q_SIGNALS:
  void currentWorkspaceChanged(hetsched::ClusterWorkspace* workspace);

 protected:
  void closeEvent(QCloseEvent* event) override;

 private:
  void adopt(ClusterWorkspace* workspace);
  // Opens the saved cluster at `row` here or in a new window; a failure is
  // shown in a warning titled `title`.
  void openSaved(int row, bool newWindow, const QString& title);
  void onCurrentChanged();
  void updateTitle();

  QPointer<ClusterRegistry> m_registry;
  QTabWidget* m_tabs;
  OverviewPage* m_overview;
  StatusArea* m_status;
  AlertNotifier* m_notifier;
  SnapshotMenu* m_snapshotMenu = nullptr;
  QList<ConsoleMenu*> m_menus;
};

}  // namespace hetsched
