#pragma once

#include "policy.pb.h"

#include <QString>

namespace hetsched {

struct WhatifResults;

// The text of the "push this policy?" question, as rich text: what changes
// against the policy in force, the canary share, and what the latest what-if
// predicts (when it ran this policy beside a baseline).
QString pushConfirmationText(const v1::Policy& base, const v1::Policy& candidate, int canaryPercent,
                             const WhatifResults* whatif);

}  // namespace hetsched
