# Sourced by the install scripts. `as_root CMD…` runs a command as root (through sudo when the
# user is not root); `apt_install PACKAGE…` installs Debian packages quietly and names them.
as_root() {
  if [ "$(id -u)" -ne 0 ]; then
    sudo "$@"
  else
    "$@"
  fi
}

apt_install() {
  as_root apt-get update -qq >/dev/null
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >/dev/null
  echo "installed: $*"
}
