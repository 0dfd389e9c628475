#pragma once

#include <QWidget>

#include <vector>

class QLabel;
class QLineEdit;
class QSlider;

namespace hetsched {

// Sliders for the weighted round robin's per-node weights, the list the
// policy form's "Weights" field holds as text ("3, 1, 1"): one slider per
// listed weight, the first kMaxSliders of them (a longer list is typed).
// Moving one rewrites that entry of the text and emits edited(); typing or
// loading a list rebuilds them.
class WeightSliders : public QWidget {
  Q_OBJECT
 public:
  static constexpr int kMaxSliders = 8;
  static constexpr int kMaxWeight = 20;

  explicit WeightSliders(QLineEdit* field, QWidget* parent = nullptr);
  // The slider of the `index`th weight, or null.
  QSlider* slider(int index) const;
  int count() const { return static_cast<int>(m_sliders.size()); }

 Q_SIGNALS:
  void edited();

 private:
  void follow(const QString& text);
  void moved(int index, int value);

  QLineEdit* m_field;
  std::vector<QSlider*> m_sliders;
  std::vector<QLabel*> m_labels;
  QLabel* m_more;
  bool m_writing = false;
};

}  // namespace hetsched
