#pragma once

#include "embed/job_features.h"
#include "embed/task_embedder.h"

#include <cstdint>
#include <iosfwd>
#include <string>

namespace hetsched::embed {

enum class EmbedderFileError : std::uint8_t {
  None,
  CannotOpen,
  CannotWrite,
  NotAnEmbedderFile,   // wrong magic
  UnsupportedVersion,  // written by a newer format
  Truncated,
  ChecksumMismatch,  // damaged on disk or in transit
  BadDimensions,     // sizes that no embedder of ours has
};

struct LoadedEmbedder {
  EmbedderFileError error = EmbedderFileError::None;
  JobFeatures features;
  TaskEmbedder embedder;
};

// A small binary file: magic "HSEMBED\0", format version, payload length and
// FNV-1a checksum, then the feature statistics and the weights as
// little-endian float32.
EmbedderFileError saveEmbedder(std::ostream& out, const JobFeatures& features, const TaskEmbedder& embedder);
EmbedderFileError saveEmbedder(const std::string& path, const JobFeatures& features, const TaskEmbedder& embedder);
LoadedEmbedder loadEmbedder(std::istream& in);
LoadedEmbedder loadEmbedder(const std::string& path);

}  // namespace hetsched::embed
