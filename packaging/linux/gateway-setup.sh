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
  # 256 random bits; the file is never readable by anyone but hetsched
  # (and root), not even for a moment.
  token=$(od -An -N32 -tx1 /dev/urandom | tr -d ' \n')
  umask 077
  {
    echo "# HetSched gateway tokens: one 'TOKEN ROLE NAME' a line, ROLE operator or viewer."
    echo "# Made when hetsched-gateway was installed; root's copy of the operator token"
    echo "# is /etc/hetsched/operator.token. Restart hetschedd after a change."
    echo "$token operator admin"
  } > /etc/hetsched/tokens
  chown hetsched:hetsched /etc/hetsched/tokens
  chmod 0600 /etc/hetsched/tokens
  echo "$token" > /etc/hetsched/operator.token
  chmod 0600 /etc/hetsched/operator.token
  umask 022
fi
