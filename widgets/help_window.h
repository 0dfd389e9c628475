#pragma once

#include <QWidget>

class QListWidget;
class QTextBrowser;

namespace hetsched {

// Help → User guide: the guide bundled in the console (the README's user
// parts and the docs, Markdown in the resources under :/help), a list of
// its documents on the left, the text rendered on the right. Links between
// documents stay inside the window; links out open the browser.
class HelpWindow : public QWidget {
  Q_OBJECT
 public:
  explicit HelpWindow(QWidget* parent = nullptr);

  // The bundled documents' titles, in the list's order.
  QStringList documents() const;
  // Shows a document by its resource name ("user-guide.md"); false when
  // it is not bundled.
  bool showDocument(const QString& name);
  QTextBrowser* browser() const { return m_browser; }
  // The file of a document in the current language where one exists.
  static QString resourceFor(const QString& name);

 private:
  QListWidget* m_list;
  QTextBrowser* m_browser;
};

}  // namespace hetsched
