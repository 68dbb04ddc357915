# Sourced by the ensure-* scripts: installs Debian packages, running `apt-get update` at most
# once an hour across scripts (a marker file), and only when something is missing.

apt_install() {
  if [ "$(id -u)" -ne 0 ]; then
    echo "Missing Debian packages: $*. Install them as root: apt-get install -y $*" >&2
    return 1
  fi
  local marker="${TMPDIR:-/tmp}/stoop-apt-updated"
  if [ -z "$(find "$marker" -mmin -60 2>/dev/null)" ]; then
    echo "apt-get update ..." >&2
    DEBIAN_FRONTEND=noninteractive apt-get update -qq >&2
    touch "$marker"
  fi
  echo "apt-get install -y $* ..." >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >&2
}

# True when every named package is installed.
apt_installed() {
  local pkg
  for pkg in "$@"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' || return 1
  done
}
