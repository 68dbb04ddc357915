#!/usr/bin/env bash
# Makes Debian's Chromium (/usr/bin/chromium, for Lighthouse), its headless shell
# (/usr/bin/chromium-headless-shell, what Playwright runs) and the fonts the e2e screenshots need
# available. Playwright never downloads a browser here (see e2e/chromium.ts).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib/apt.sh"

packages=(chromium chromium-headless-shell fonts-liberation fonts-dejavu-core)
binaries=(/usr/bin/chromium /usr/bin/chromium-headless-shell)
missing() {
  local binary
  for binary in "${binaries[@]}"; do [ -x "$binary" ] || return 0; done
  return 1
}
if missing || ! apt_installed "${packages[@]}"; then
  apt_install "${packages[@]}"
fi
if missing; then
  echo "ensure-chromium: ${binaries[*]} are not all there after the install." >&2
  exit 1
fi
/usr/bin/chromium --version
