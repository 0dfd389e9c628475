#pragma once

#include <QWidget>

class QLabel;
class QLineEdit;
class QToolButton;

namespace hetsched {

// The search field (Ctrl+F): what is typed goes out as queryChanged, the host
// searches and reports the count back; Enter steps to the next result, Shift+
// Enter to the previous, Escape closes. Holds no data itself.
class FindBar : public QWidget {
  Q_OBJECT
 public:
  explicit FindBar(QWidget* parent = nullptr);

  // Shows the bar and puts the cursor in the field, text selected.
  void activate();
  QLineEdit* field() const { return m_field; }
  void setResult(int jobs, int nodes, int current);
  QString resultText() const;

 Q_SIGNALS:
  void queryChanged(const QString& query);
  void stepRequested(int step);  // +1 next, -1 previous
  void closed();

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override;

 private:
  QLineEdit* m_field;
  QLabel* m_result;
  QToolButton* m_close;
};

}  // namespace hetsched
