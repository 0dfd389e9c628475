#include "find_bar.h"

#include "theme.h"

#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QToolButton>

namespace hetsched {

FindBar::FindBar(QWidget* parent)
    : QWidget(parent), m_field(new QLineEdit(this)), m_result(new QLabel(this)), m_close(new QToolButton(this)) {
  auto* layout = new QHBoxLayout(this);
  layout->setContentsMargins(6, 2, 6, 2);
  auto* label = new QLabel(tr("&Find:"), this);
  label->setBuddy(m_field);
  m_field->setPlaceholderText(tr("job id, name, owner, team, kind, state, priority, node or node/slot"));
  m_field->setClearButtonEnabled(true);
  m_field->setAccessibleName(tr("Find jobs and nodes"));
  m_field->installEventFilter(this);
  m_close->setText(tr("Close"));
  m_close->setToolTip(tr("Close the search and clear its highlights (Escape)"));
  showAsHint(m_result);
  layout->addWidget(label);
  layout->addWidget(m_field, 2);
  layout->addWidget(m_result, 1);
  layout->addWidget(m_close);
  connect(m_field, &QLineEdit::textChanged, this, &FindBar::queryChanged);
  connect(m_close, &QToolButton::clicked, this, [this] {
    hide();
    Q_EMIT closed();
  });
  setResult(0, 0, -1);
}

void FindBar::activate() {
  show();
  m_field->setFocus(Qt::ShortcutFocusReason);
  m_field->selectAll();
}

bool FindBar::eventFilter(QObject* watched, QEvent* event) {
  if (watched == m_field && event->type() == QEvent::KeyPress) {
    const auto* key = static_cast<QKeyEvent*>(event);
    if (key->key() == Qt::Key_Return || key->key() == Qt::Key_Enter) {
      Q_EMIT stepRequested(key->modifiers() & Qt::ShiftModifier ? -1 : 1);
      return true;
    }
    if (key->key() == Qt::Key_Escape) {
      hide();
      Q_EMIT closed();
      return true;
    }
  }
  return QWidget::eventFilter(watched, event);
}

void FindBar::setResult(int jobs, int nodes, int current) {
  if (m_field->text().trimmed().isEmpty()) {
    m_result->setText(tr("Enter: next result · Shift+Enter: previous · Esc: close"));
    return;
  }
  if (jobs == 0 && nodes == 0) {
    m_result->setText(tr("Nothing found"));
    return;
  }
  const QString found = tr("%1 jobs, %2 nodes").arg(jobs).arg(nodes);
  m_result->setText(current < 0 ? found : tr("%1 · result %2").arg(found).arg(current + 1));
}

QString FindBar::resultText() const { return m_result->text(); }

}  // namespace hetsched
