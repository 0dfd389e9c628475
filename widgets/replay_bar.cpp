#include "replay_bar.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSlider>
#include <QStyle>
#include <QToolButton>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <initializer_list>

namespace hetsched {

QColor ReplayBar::replayColor() { return {0xE0, 0x8A, 0x00}; }

QString ReplayBar::formatTime(std::int64_t ms) {
  const std::int64_t s = std::max<std::int64_t>(ms, 0) / 1000;
  return QStringLiteral("%1:%2:%3")
      .arg(s / 3600)
      .arg((s / 60) % 60, 2, 10, QLatin1Char('0'))
      .arg(s % 60, 2, 10, QLatin1Char('0'));
}

std::int64_t ReplayBar::parseTime(const QString& text) {
  const QStringList parts = text.trimmed().split(QLatin1Char(':'));
  if (parts.size() > 3) return -1;
  double seconds = 0;
  for (const QString& part : parts) {
    bool ok = false;
    const double v = part.toDouble(&ok);
    if (!ok || v < 0) return -1;
    seconds = seconds * 60 + v;
  }
  return std::llround(seconds * 1000);
}

ReplayBar::ReplayBar(QWidget* parent)
    : QWidget(parent),
      m_banner(new QLabel(this)),
      m_backButton(new QPushButton(tr("Back to live"), this)),
      m_playButton(new QToolButton(this)),
      m_backStep(new QToolButton(this)),
      m_forwardStep(new QToolButton(this)),
      m_speedBox(new QComboBox(this)),
      m_slider(new QSlider(Qt::Horizontal, this)),
      m_timeField(new QLineEdit(this)),
      m_frameLabel(new QLabel(this)) {
  setAutoFillBackground(true);
  QPalette pal = palette();
  pal.setColor(QPalette::Window, replayColor());
  pal.setColor(QPalette::WindowText, Qt::black);
  setPalette(pal);
  QFont bold = m_banner->font();
  bold.setBold(true);
  bold.setPointSizeF(bold.pointSizeF() * 1.15);
  m_banner->setFont(bold);
  m_banner->setTextInteractionFlags(Qt::TextSelectableByMouse);
  m_backButton->setToolTip(tr("Leave the replay and show the live cluster again"));

  m_playButton->setToolTip(tr("Play or pause the replay"));
  m_backStep->setIcon(style()->standardIcon(QStyle::SP_MediaSkipBackward));
  m_backStep->setToolTip(tr("One frame back"));
  m_forwardStep->setIcon(style()->standardIcon(QStyle::SP_MediaSkipForward));
  m_forwardStep->setToolTip(tr("One frame forward"));
  m_speedBox->setToolTip(tr("Playback speed (cluster seconds per second)"));
  m_timeField->setPlaceholderText(tr("H:MM:SS"));
  m_timeField->setToolTip(tr("Jump to a cluster time and press Enter"));
  m_timeField->setMaximumWidth(110);
  m_slider->setTracking(true);
  showPlaying(false);

  auto* top = new QHBoxLayout;
  top->addWidget(m_banner, 1);
  top->addWidget(m_backButton);
  auto* controls = new QHBoxLayout;
  for (QWidget* w : std::initializer_list<QWidget*>{m_playButton, m_backStep, m_forwardStep, m_speedBox})
    controls->addWidget(w);
  controls->addWidget(m_slider, 1);
  controls->addWidget(m_timeField);
  controls->addWidget(m_frameLabel);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(8, 6, 8, 6);
  layout->addLayout(top);
  layout->addLayout(controls);

  connect(m_backButton, &QPushButton::clicked, this, &ReplayBar::backToLiveRequested);
  connect(m_playButton, &QToolButton::clicked, this, [this] { Q_EMIT playRequested(!m_playing); });
  connect(m_backStep, &QToolButton::clicked, this, [this] { Q_EMIT stepRequested(-1); });
  connect(m_forwardStep, &QToolButton::clicked, this, [this] { Q_EMIT stepRequested(1); });
  connect(m_speedBox, &QComboBox::activated, this,
          [this](int i) { Q_EMIT speedRequested(m_speedBox->itemData(i).toInt()); });
  // Dragging asks for every position it passes; the host's latest-wins
  // decoding drops the ones it cannot keep up with.
  connect(m_slider, &QSlider::valueChanged, this,
          [this](int value) { Q_EMIT seekIndexRequested(static_cast<qulonglong>(value)); });
  connect(m_slider, &QSlider::sliderPressed, this, [this] { Q_EMIT playRequested(false); });
  connect(m_timeField, &QLineEdit::returnPressed, this, [this] {
    const std::int64_t ms = parseTime(m_timeField->text());
    if (ms < 0) {
      m_timeField->selectAll();
      return;
    }
    Q_EMIT seekTimeRequested(ms);
  });
}

void ReplayBar::setSnapshot(const QString& file, const QString& snapshotName, std::size_t frameCount,
                            std::int64_t firstMs) {
  m_file = file;
  m_snapshotName = snapshotName;
  m_frameCount = frameCount;
  m_index = 0;
  m_timeMs = firstMs;
  const QSignalBlocker block(m_slider);
  m_slider->setRange(0, static_cast<int>(std::max<std::size_t>(frameCount, 1) - 1));
  m_slider->setValue(0);
  updateBanner();
}

void ReplayBar::setPosition(std::size_t index, std::int64_t simTimeMs) {
  m_index = index;
  m_timeMs = simTimeMs;
  if (!m_slider->isSliderDown()) {
    const QSignalBlocker block(m_slider);
    m_slider->setValue(static_cast<int>(index));
  }
  if (!m_timeField->hasFocus()) m_timeField->setText(formatTime(simTimeMs));
  updateBanner();
}

void ReplayBar::showPlaying(bool playing) {
  m_playing = playing;
  m_playButton->setIcon(style()->standardIcon(playing ? QStyle::SP_MediaPause : QStyle::SP_MediaPlay));
  m_playButton->setText(playing ? tr("Pause") : tr("Play"));
}

void ReplayBar::setSpeeds(const QList<int>& factors) {
  const QSignalBlocker block(m_speedBox);
  m_speedBox->clear();
  for (const int s : factors) m_speedBox->addItem(tr("%1×").arg(s), s);
}

void ReplayBar::showSpeed(int factor) {
  const QSignalBlocker block(m_speedBox);
  const int i = m_speedBox->findData(factor);
  if (i >= 0) m_speedBox->setCurrentIndex(i);
}

QString ReplayBar::bannerText() const {
  return tr("Replay — %1 — %2 @ %3").arg(m_file, m_snapshotName, formatTime(m_timeMs));
}

void ReplayBar::updateBanner() {
  m_banner->setText(bannerText());
  m_frameLabel->setText(tr("frame %1 / %2").arg(m_index + 1).arg(m_frameCount));
}

}  // namespace hetsched
