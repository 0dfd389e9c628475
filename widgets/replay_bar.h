#pragma once

#include <QList>
#include <QWidget>
#include <cstddef>
#include <cstdint>

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSlider;
class QToolButton;

namespace hetsched {

// The replay controls above the views: a banner in the replay colour naming
// the file, the snapshot and the frame's time, "Back to live", and the
// scrubber (play/pause, speed, one frame back/forward, a slider over the
// history, a time field). A view: it asks (the *Requested signals) and
// shows what its host reports (setSnapshot, setPosition, showPlaying,
// showSpeed); the replay's state and decisions live with the host.
class ReplayBar : public QWidget {
  Q_OBJECT
 public:
  explicit ReplayBar(QWidget* parent = nullptr);

  void setSnapshot(const QString& file, const QString& snapshotName, std::size_t frameCount, std::int64_t firstMs);
  // The frame now on screen.
  void setPosition(std::size_t index, std::int64_t simTimeMs);
  void showPlaying(bool playing);
  // The speeds offered (cluster seconds per second), and the one in force.
  void setSpeeds(const QList<int>& factors);
  void showSpeed(int factor);
  std::size_t position() const { return m_index; }

  QString bannerText() const;
  QSlider* slider() const { return m_slider; }

  // Amber: never used by the live views, so a replay cannot pass for live.
  static QColor replayColor();
  static QString formatTime(std::int64_t simTimeMs);
  // "H:MM:SS", "MM:SS" or seconds; -1 when the text is none of them.
  static std::int64_t parseTime(const QString& text);

 Q_SIGNALS:
  void seekIndexRequested(qulonglong index);
  void seekTimeRequested(qint64 simTimeMs);
  void playRequested(bool play);
  void stepRequested(int frames);
  void speedRequested(int factor);
  void backToLiveRequested();

 private:
  void updateBanner();

  QLabel* m_banner;
  QPushButton* m_backButton;
  QToolButton* m_playButton;
  QToolButton* m_backStep;
  QToolButton* m_forwardStep;
  QComboBox* m_speedBox;
  QSlider* m_slider;
  QLineEdit* m_timeField;
  QLabel* m_frameLabel;
  QString m_file;
  QString m_snapshotName;
  std::size_t m_frameCount = 0;
  std::size_t m_index = 0;
  std::int64_t m_timeMs = 0;
  bool m_playing = false;  // as shown
};

}  // namespace hetsched
