#pragma once

#include <QRgb>

#include <array>

namespace hetsched {

// Okabe & Ito (2008), "Color Universal Design": seven hues distinguishable
// with the common forms of colour blindness, black left out (it vanishes on
// the dark theme). Job kinds, priorities, device kinds and teams draw on it.
inline constexpr std::array<QRgb, 7> kOkabeIto{0xE69F00, 0x56B4E9, 0x009E73, 0xF0E442, 0x0072B2, 0xD55E00, 0xCC79A7};

}  // namespace hetsched
