#pragma once

#include <memory>
#include <string>

namespace grpc {
class Channel;
class ChannelArguments;
class ChannelCredentials;
class ClientContext;
}  // namespace grpc

namespace hetsched {

// How a client proves who it is and checks whom it reaches: TLS (server
// verified against `caPem`, or the system's roots), an optional client
// certificate for mutual TLS, and the bearer token sent on every call.
// One definition for the console, the CLI and the agents.
struct ChannelSecurity {
  bool tls = false;
  std::string caPem;    // PEM roots; empty with TLS: the system's roots
  std::string certPem;  // mutual TLS: this client's certificate chain
  std::string keyPem;   // and its private key
  // The name the server's certificate must carry, when it is not the
  // target's host (a pinned self-signed certificate, an address by IP).
  std::string serverName;
  // Sent as `authorization: Bearer TOKEN` when not empty; the gateway's
  // method table says which role each call needs.
  std::string bearerToken;
};

std::shared_ptr<grpc::ChannelCredentials> channelCredentials(const ChannelSecurity& security);
// A channel to `target` with these credentials; `args` adds channel
// settings (message sizes, backoff), and gets the server-name override.
std::shared_ptr<grpc::Channel> makeGatewayChannel(const std::string& target, const ChannelSecurity& security);
std::shared_ptr<grpc::Channel> makeGatewayChannel(const std::string& target, const ChannelSecurity& security,
                                                  grpc::ChannelArguments args);
// Adds the bearer token, if any, to a call.
void addBearerToken(grpc::ClientContext& context, const ChannelSecurity& security);

}  // namespace hetsched
