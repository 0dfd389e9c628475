#include "help_window.h"

#include <QDesktopServices>
#include <QFile>
#include <QHBoxLayout>
#include <QListWidget>
#include <QLocale>
#include <QSplitter>
#include <QTextBrowser>

namespace hetsched {

namespace {

struct Document {
  const char* file;
  const char* title;
};

// Titles through QT_TRANSLATE_NOOP so lupdate sees them.
constexpr Document kDocuments[] = {
    {"user-guide.md", QT_TRANSLATE_NOOP("hetsched::HelpWindow", "User guide")},
    {"policy-lifecycle.md", QT_TRANSLATE_NOOP("hetsched::HelpWindow", "Policy lifecycle")},
    {"sources.md", QT_TRANSLATE_NOOP("hetsched::HelpWindow", "Where a gateway reads a cluster from")},
    {"alerts.md", QT_TRANSLATE_NOOP("hetsched::HelpWindow", "Alerts")},
};

}  // namespace

HelpWindow::HelpWindow(QWidget* parent)
    : QWidget(parent, Qt::Window), m_list(new QListWidget(this)), m_browser(new QTextBrowser(this)) {
  setWindowTitle(tr("HetSched help"));
  setAttribute(Qt::WA_DeleteOnClose);
  m_list->setAccessibleName(tr("Help documents"));
  m_browser->setAccessibleName(tr("Help text"));
  m_browser->setOpenLinks(false);
  for (const Document& d : kDocuments) {
    auto* item = new QListWidgetItem(tr(d.title), m_list);
    item->setData(Qt::UserRole, QString::fromLatin1(d.file));
  }
  auto* split = new QSplitter(Qt::Horizontal, this);
  split->addWidget(m_list);
  split->addWidget(m_browser);
  split->setStretchFactor(1, 1);
  split->setSizes({220, 760});
  auto* layout = new QHBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(split);
  resize(1000, 720);

  connect(m_list, &QListWidget::currentRowChanged, this, [this](int row) {
    if (row >= 0) showDocument(m_list->item(row)->data(Qt::UserRole).toString());
  });
  connect(m_browser, &QTextBrowser::anchorClicked, this, [this](const QUrl& url) {
    if (url.scheme().startsWith(QLatin1String("http"))) {
      QDesktopServices::openUrl(url);
      return;
    }
    if (url.path().isEmpty() && url.hasFragment()) {
      m_browser->scrollToAnchor(url.fragment());
      return;
    }
    showDocument(url.fileName());  // docs link each other by file name
  });
  m_list->setCurrentRow(0);
}

QStringList HelpWindow::documents() const {
  QStringList titles;
  for (int i = 0; i < m_list->count(); ++i) titles << m_list->item(i)->text();
  return titles;
}

QString HelpWindow::resourceFor(const QString& name) {
  // "user-guide.ko.md" beside "user-guide.md" when the guide is translated.
  const QString base = name.chopped(3);
  QString localised = QStringLiteral(":/help/%1.%2.md").arg(base, QLocale().name().section(QLatin1Char('_'), 0, 0));
  if (QFile::exists(localised)) return localised;
  return QStringLiteral(":/help/") + name;
}

bool HelpWindow::showDocument(const QString& name) {
  QFile file(resourceFor(name));
  if (!file.open(QIODevice::ReadOnly)) return false;
  m_browser->setMarkdown(QString::fromUtf8(file.readAll()));
  for (int i = 0; i < m_list->count(); ++i) {
    if (m_list->item(i)->data(Qt::UserRole).toString() == name) {
      const QSignalBlocker block(m_list);
      m_list->setCurrentRow(i);
    }
  }
  return true;
}

}  // namespace hetsched
