#pragma once

#include <QObject>
#include <QPointer>
#include <QTimer>

#include <functional>
#include <memory>

namespace hetsched {

class ClusterConnection;
class ClusterOverviewModel;
class ClusterWorkspace;
class MainWindow;
class SavedConnectionModel;

// The clusters this console has open, in every window, and how to open
// more: the saved connections, and a function that turns one of their rows
// into a connection (main() starts the embedded cluster on first use, and
// asks the keychain, a TLS probe or the operator for the rest). It keeps
// the overview's rows current: on each connection change at once, and the
// numbers once a second.
class ClusterRegistry : public QObject {
  Q_OBJECT
 public:
  // Called once, at once or later: the connection, or null and why not
  // (empty when the operator has been told already).
  using Done = std::function<void(std::unique_ptr<ClusterConnection> connection, const QString& error)>;
  // `asking`: the window the request came from, for questions and
  // messages (null for a new window).
  using Opener = std::function<void(int row, MainWindow* asking, Done done)>;

  // `saved` may be null (tests): nothing to open by row then.
  ClusterRegistry(SavedConnectionModel* saved, Opener opener, QObject* parent = nullptr);
  ~ClusterRegistry() override;

  SavedConnectionModel* saved() const { return m_saved; }
  ClusterOverviewModel* overview() const { return m_overview; }
  QList<ClusterWorkspace*> workspaces() const;
  QList<MainWindow*> windows() const;

  // Opens saved row `row` as a new tab of `window`, or of a new window when
  // `window` is null; a row already open is shown instead. Returns the
  // workspace when the opener answered at once; otherwise null, with
  // `error` set when it failed at once and empty while it is still opening
  // (`opened` follows).
  ClusterWorkspace* open(int row, MainWindow* window, QString* error);
  // A window's new workspace; `savedRow` -1 when it was not opened by row.
  void add(ClusterWorkspace* workspace, int savedRow);
  void addWindow(MainWindow* window);
  // A new top-level window sharing this registry (deleted when closed).
  MainWindow* newWindow();
  // Raises the workspace's window and selects its tab.
  void show(ClusterWorkspace* workspace);
  ClusterWorkspace* workspaceAt(int overviewRow) const;
  // Refreshes every overview row now (the timer does it once a second).
  void refresh();

 Q_SIGNALS:
  void workspacesChanged();
  void opened(hetsched::ClusterWorkspace* workspace);

 private:
  void update(ClusterWorkspace* workspace);
  ClusterWorkspace* attach(int row, std::unique_ptr<ClusterConnection> connection, MainWindow* window);
  MainWindow* windowOf(ClusterWorkspace* workspace) const;

  SavedConnectionModel* m_saved;
  Opener m_opener;
  ClusterOverviewModel* m_overview;
  QList<QPointer<ClusterWorkspace>> m_workspaces;
  QList<int> m_rows;     // saved row per workspace
  QList<int> m_opening;  // rows whose opener has not answered yet
  QList<QPointer<MainWindow>> m_windows;
  QList<QPointer<MainWindow>> m_made;  // the windows newWindow() made: closed with the registry
  QTimer m_timer;
};

}  // namespace hetsched
