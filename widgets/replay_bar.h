#pragma once

#include <QElapsedTimer>
#include <QTimer>
#include <QWidget>

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
// history, a time field). It only asks for frames (seek signals); the host
// decodes them elsewhere and reports what it shows with setPosition().
class ReplayBar : public QWidget {
  Q_OBJECT
 public:
  explicit ReplayBar(QWidget* parent = nullptr);

  void setSnapshot(const QString& file, const QString& snapshotName, std::size_t frameCount, std::int64_t firstMs,
                   std::int64_t lastMs);
  // The frame now on screen.
  void setPosition(std::size_t index, std::int64_t simTimeMs);
  void setPlaying(bool playing);
  bool playing() const { return m_playing; }
  void setSpeed(int factor);
  int speed() const;
  std::size_t position() const { return m_index; }
  // Pauses and moves `frames` frames (negative: back), as the step buttons do.
  void step(int frames);

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
  void backToLiveRequested();

 private:
  void playTick();
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
  QTimer m_playTimer;
  QElapsedTimer m_playClock;
  QString m_file;
  QString m_snapshotName;
  std::size_t m_frameCount = 0;
  std::size_t m_index = 0;
  std::int64_t m_firstMs = 0;
  std::int64_t m_lastMs = 0;
  std::int64_t m_timeMs = 0;
  double m_playMs = 0;  // playback clock in cluster time
  bool m_playing = false;
};

}  // namespace hetsched
