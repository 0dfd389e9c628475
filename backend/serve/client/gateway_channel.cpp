#include "gateway_channel.h"

#include <grpcpp/grpcpp.h>
#include <grpcpp/security/credentials.h>
#include <memory>
#include <string>

namespace hetsched {

std::shared_ptr<grpc::ChannelCredentials> channelCredentials(const ChannelSecurity& security) {
  if (!security.tls) return grpc::InsecureChannelCredentials();
  grpc::SslCredentialsOptions ssl;
  ssl.pem_root_certs = security.caPem;
  ssl.pem_cert_chain = security.certPem;
  ssl.pem_private_key = security.keyPem;
  return grpc::SslCredentials(ssl);
}

std::shared_ptr<grpc::Channel> makeGatewayChannel(const std::string& target, const ChannelSecurity& security) {
  return makeGatewayChannel(target, security, grpc::ChannelArguments());
}

std::shared_ptr<grpc::Channel> makeGatewayChannel(const std::string& target, const ChannelSecurity& security,
                                                  grpc::ChannelArguments args) {
  if (security.tls && !security.serverName.empty()) args.SetSslTargetNameOverride(security.serverName);
  return grpc::CreateCustomChannel(target, channelCredentials(security), args);
}

void addBearerToken(grpc::ClientContext& context, const ChannelSecurity& security) {
  if (!security.bearerToken.empty()) context.AddMetadata("authorization", "Bearer " + security.bearerToken);
}

}  // namespace hetsched
