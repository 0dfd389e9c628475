# Shared by the .deb's postinst and the .rpm's %post (sh, run as root):
# the hetsched system user, its state directory and the tokens file. Each
# step leaves what is already there alone, so reinstalls and upgrades keep
# the operator's tokens.
if ! getent passwd hetsched >/dev/null; then
  useradd --system --user-group --home-dir /var/lib/hetsched --no-create-home \
    --shell /usr/sbin/nologin --comment "HetSched gateway" hetsched
fi
install -d -o hetsched -g hetsched -m 0750 /var/lib/hetsched
if [ ! -e /etc/hetsched/tokens ]; then
  # 256 random bits each; the files are never readable by anyone but their
  # owner (and root), not even for a moment.
  operator=$(od -An -N32 -tx1 /dev/urandom | tr -d ' \n')
  agent=$(od -An -N32 -tx1 /dev/urandom | tr -d ' \n')
  umask 077
  {
    echo "# HetSched gateway tokens: one 'TOKEN ROLE NAME' a line, ROLE operator, agent or viewer."
    echo "# Made when hetsched-gateway was installed; the operator token is also in"
    echo "# /etc/hetsched/operator.token (root's), the agent's in agent.token. Restart hetschedd after a change."
    echo "$operator operator admin"
    echo "$agent agent local-agent"
  } > /etc/hetsched/tokens
  echo "$operator" > /etc/hetsched/operator.token
  echo "$agent" > /etc/hetsched/agent.token
  chown hetsched:hetsched /etc/hetsched/tokens /etc/hetsched/agent.token
  chmod 0600 /etc/hetsched/tokens /etc/hetsched/operator.token /etc/hetsched/agent.token
  umask 022
fi
