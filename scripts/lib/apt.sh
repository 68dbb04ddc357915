# Sourced by the ensure-* scripts: installs Debian packages, running `apt-get update` at most
# once an hour across scripts (a marker file), and only when something is missing.
#
# Installs take turns (flock on one lock file): on a fresh machine several lifecycle test files
# start a Debian cluster at once, and a second apt-get beside the first failed on dpkg's lock.
# Whoever waited finds the packages installed and returns.

apt_install() {
  if [ "$(id -u)" -ne 0 ]; then
    echo "Missing Debian packages: $*. Install them as root: apt-get install -y $*" >&2
    return 1
  fi
  local lock_fd status=0
  exec {lock_fd}>"${TMPDIR:-/tmp}/stoop-apt.lock"
  flock "$lock_fd"
  apt_install_locked "$@" || status=$?
  flock -u "$lock_fd"
  exec {lock_fd}>&-
  return "$status"
}

apt_install_locked() {
  if apt_installed "$@"; then return 0; fi
  local marker="${TMPDIR:-/tmp}/stoop-apt-updated"
  # Another apt user (unattended-upgrades, a person) may hold dpkg's lock: wait for it.
  local wait_for_lock=(-o DPkg::Lock::Timeout=600)
  if [ -z "$(find "$marker" -mmin -60 2>/dev/null)" ]; then
    echo "apt-get update ..." >&2
    DEBIAN_FRONTEND=noninteractive apt-get "${wait_for_lock[@]}" update -qq >&2
    touch "$marker"
  fi
  echo "apt-get install -y $* ..." >&2
  DEBIAN_FRONTEND=noninteractive apt-get "${wait_for_lock[@]}" install -y -qq \
    --no-install-recommends "$@" >&2
}

# True when every named package is installed.
apt_installed() {
  local pkg
  for pkg in "$@"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' || return 1
  done
}
