#include "shortcuts_dialog.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QMenu>
#include <QMenuBar>
#include <QTableWidget>
#include <QVBoxLayout>
#include <utility>

namespace hetsched {

namespace {

QString plain(QString text) { return text.remove(QLatin1Char('&')); }

void collect(const QMenu* menu, const QString& path, QList<std::pair<QString, QString>>& out) {
  for (QAction* action : menu->actions()) {
    if (action->isSeparator()) continue;
    const QString here = path + QStringLiteral(" › ") + plain(action->text());
    if (action->menu()) {
      collect(action->menu(), here, out);
      continue;
    }
    if (!action->shortcut().isEmpty()) out.push_back({here, action->shortcut().toString(QKeySequence::NativeText)});
  }
}

}  // namespace

QList<std::pair<QString, QString>> ShortcutsDialog::rows(const QMenuBar* menus) {
  QList<std::pair<QString, QString>> out;
  for (QAction* top : menus->actions())
    if (top->menu()) collect(top->menu(), plain(top->text()), out);
  // Keys the views handle themselves, not menu entries.
  out.push_back({tr("Heatmap › Move the selected device"), tr("Arrow keys")});
  out.push_back({tr("Heatmap › First or last device of the row"), tr("Home, End")});
  out.push_back({tr("Queue timeline › Zoom in or out"), tr("+, −, mouse wheel")});
  out.push_back({tr("Queue timeline › Pan"), tr("Arrow keys, drag")});
  out.push_back({tr("Queue timeline › Follow now"), tr("Home")});
  out.push_back({tr("Job map › Lasso instead of rectangle"), tr("Shift while dragging")});
  out.push_back({tr("Any page › Next or previous page of a cluster"), tr("Ctrl+Tab, Ctrl+Shift+Tab")});
  return out;
}

ShortcutsDialog::ShortcutsDialog(const QMenuBar* menus, QWidget* parent)
    : QDialog(parent), m_table(new QTableWidget(this)) {
  setWindowTitle(tr("Keyboard shortcuts"));
  const auto list = rows(menus);
  m_table->setColumnCount(2);
  m_table->setHorizontalHeaderLabels({tr("Action"), tr("Keys")});
  m_table->setRowCount(static_cast<int>(list.size()));
  for (int i = 0; i < list.size(); ++i) {
    m_table->setItem(i, 0, new QTableWidgetItem(list[i].first));
    m_table->setItem(i, 1, new QTableWidgetItem(list[i].second));
  }
  m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
  m_table->verticalHeader()->setVisible(false);
  m_table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
  m_table->horizontalHeader()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
  m_table->setAccessibleName(tr("Keyboard shortcuts"));
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(m_table);
  layout->addWidget(buttons);
  resize(640, 620);
}

}  // namespace hetsched
