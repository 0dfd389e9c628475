#pragma once

#include <QString>

#include <string>

namespace hetsched {

// The backend's own words (it has no Qt and no translations), in the
// operator's language: gateway source names, what made a policy version,
// the built-in policies' descriptions, the job map's stages. Anything not
// known here is shown as the backend said it.
QString sourceText(const std::string& source);
QString policyActionText(const std::string& action);
QString policyDescriptionText(const std::string& description);
QString jobMapStageText(const std::string& stage);

}  // namespace hetsched
