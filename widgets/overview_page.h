#pragma once

#include <QWidget>

class QAbstractItemModel;
class QListView;
class QPushButton;
class QTableView;

namespace hetsched {

class ClusterOverviewModel;

// The console's first page: the saved clusters on the left (open one in a
// tab or a window of its own, edit the list) and a summary row per open
// cluster on the right (double-click or Enter shows it). Views only: rows
// and opening are the host's.
class OverviewPage : public QWidget {
  Q_OBJECT
 public:
  // `saved` may be null: the saved list is hidden then.
  OverviewPage(QAbstractItemModel* saved, ClusterOverviewModel* open, QWidget* parent = nullptr);

  QTableView* openTable() const { return m_open; }

 Q_SIGNALS:
  // A saved row, to open in this window's tabs or in a new window.
  void openRequested(int savedRow, bool newWindow);
  // The saved connections' dialog, on the selected saved row (-1: none).
  void editRequested(int savedRow);
  // An open cluster's row: show its tab.
  void showRequested(int openRow);

 private:
  int savedRow() const;

  QListView* m_saved;
  QTableView* m_open;
  QPushButton* m_openHere;
  QPushButton* m_openWindow;
};

}  // namespace hetsched
