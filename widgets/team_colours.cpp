#include "team_colours.h"

#include "okabe_ito.h"
#include "theme.h"

#include <QCoreApplication>
#include <QStringList>
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace hetsched {

namespace {
static_assert(TeamPalette::kPaletteSize == kOkabeIto.size());

// FNV-1a: the same slot and fallback hue for a name on every machine
// (std::hash may differ between standard libraries).
std::uint64_t nameHash(const std::string& name) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (const unsigned char c : name) {
    h ^= c;
    h *= 0x100000001b3ULL;
  }
  return h;
}
}  // namespace

int TeamColours::indexOf(const std::string& team) const {
  const auto it = index.find(team);
  return it == index.end() ? -1 : it->second;
}

void TeamPalette::add(std::span<const std::string> teams) {
  std::vector<std::string> fresh;
  for (const std::string& t : teams)
    if (!m_colours.contains(t)) fresh.push_back(t);
  std::ranges::sort(fresh);
  fresh.erase(std::unique(fresh.begin(), fresh.end()), fresh.end());
  for (const std::string& t : fresh) {
    const std::uint64_t h = nameHash(t);
    QColor colour;
    for (std::size_t i = 0; i < kPaletteSize; ++i) {
      const std::size_t slot = (h + i) % kPaletteSize;
      if (m_taken[slot]) continue;
      m_taken[slot] = true;
      colour = QColor(kOkabeIto[slot]);
      break;
    }
    // Beyond the palette: a hue from the name, mid saturation and value so
    // it reads on both themes.
    if (!colour.isValid()) colour = QColor::fromHsv(static_cast<int>((h >> 16) % 360), 150, 205).toRgb();
    m_colours.emplace(t, colour);
  }
}

TeamColours TeamPalette::coloursFor(std::span<const std::string> teams) {
  add(teams);
  TeamColours out;
  out.names.assign(teams.begin(), teams.end());
  std::ranges::sort(out.names);
  out.names.erase(std::unique(out.names.begin(), out.names.end()), out.names.end());
  out.colours.reserve(out.names.size());
  for (std::size_t i = 0; i < out.names.size(); ++i) {
    out.colours.push_back(m_colours.at(out.names[i]));
    out.index.emplace(out.names[i], static_cast<int>(i));
  }
  return out;
}

QColor TeamPalette::colourOf(const std::string& team) const {
  const auto it = m_colours.find(team);
  if (it != m_colours.end()) return it->second;
  return QColor::fromHsv(static_cast<int>((nameHash(team) >> 16) % 360), 150, 205).toRgb();
}

QColor idleTeamColour(const QPalette& palette) {
  // Empty slots are #E4E4E4 (light) and #484B50 (dark): idle sits a clear
  // step away from them, and greys are no team's colour.
  return Theme::isDark(palette) ? QColor(0x2B, 0x2B, 0x2B) : QColor(0xB4, 0xB4, 0xB4);
}

QString teamDisplayName(const std::string& team) {
  return team.empty() ? QCoreApplication::translate("hetsched::TeamColours", "(no team)")
                      : QString::fromStdString(team);
}

QString teamLegendHtml(const TeamColours& colours) {
  QStringList parts;
  for (std::size_t i = 0; i < colours.size(); ++i)
    parts << QStringLiteral("<span style=\"color:%1\">■</span>&nbsp;%2")
                 .arg(colours.colours[i].name(), teamDisplayName(colours.names[i]).toHtmlEscaped());
  if (parts.isEmpty()) return QCoreApplication::translate("hetsched::TeamColours", "No team reported yet");
  return parts.join(QStringLiteral(" &nbsp; "));
}

}  // namespace hetsched
