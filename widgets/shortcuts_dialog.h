#pragma once

#include <QDialog>
#include <QList>
#include <utility>

class QMenuBar;
class QTableWidget;

namespace hetsched {

// Help → Keyboard shortcuts: every menu entry with a shortcut, read from
// the menu bar itself (so the list cannot drift from the menus), and the
// keys the views take directly (heatmap arrows, timeline zoom and pan).
class ShortcutsDialog : public QDialog {
  Q_OBJECT
 public:
  explicit ShortcutsDialog(const QMenuBar* menus, QWidget* parent = nullptr);

  QTableWidget* table() const { return m_table; }
  // "Menu › Entry" and its shortcut in the platform's words, one row each.
  static QList<std::pair<QString, QString>> rows(const QMenuBar* menus);

 private:
  QTableWidget* m_table;
};

}  // namespace hetsched
