#pragma once

#include <QColor>
#include <QPalette>
#include <QString>
#include <array>
#include <cstddef>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

namespace hetsched {

// The teams a view colours by, in legend order (sorted by name), each with
// its colour: one value handed to the heatmap, the queue timeline and the
// job map so a team reads the same in all of them.
struct TeamColours {
  std::vector<std::string> names;  // "" is the jobs whose source names no team
  std::vector<QColor> colours;     // parallel to names

  // The team's position in names, -1 when not there. No allocation.
  int indexOf(const std::string& team) const;
  std::size_t size() const { return names.size(); }
  bool operator==(const TeamColours& other) const { return names == other.names && colours == other.colours; }

  std::unordered_map<std::string, int> index;  // built by TeamPalette::coloursFor
};

// Gives each team a colour and keeps it for the session: a team first seen
// takes a free one of Okabe–Ito's seven colour-blind-safe colours (starting
// at a slot its name hashes to), and keeps it while other teams come and go,
// so a colour never changes under an operator. Teams beyond the seven get a
// colour hashed from their name. Teams given together are taken in name
// order, so the same teams get the same colours in every session.
class TeamPalette {
 public:
  void add(std::span<const std::string> teams);
  // Adds the teams not seen yet, then their colours in name order.
  TeamColours coloursFor(std::span<const std::string> teams);
  QColor colourOf(const std::string& team) const;
  std::size_t size() const { return m_colours.size(); }

  static constexpr std::size_t kPaletteSize = 7;

 private:
  std::unordered_map<std::string, QColor> m_colours;
  std::array<bool, kPaletteSize> m_taken{};
};

// What no team holds: idle devices in the heatmap's Team colouring; a grey
// apart from the empty-slot grey of either theme and from every team.
QColor idleTeamColour(const QPalette& palette);
// The team as the legends name it: "(no team)" for "".
QString teamDisplayName(const std::string& team);
// The legend's swatches as rich text ("■ ads  ■ search …"), wrapping in a
// narrow window.
QString teamLegendHtml(const TeamColours& colours);

}  // namespace hetsched
