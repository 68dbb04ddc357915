#!/usr/bin/env bash
# Makes Debian's Chromium (/usr/bin/chromium) and the fonts the e2e screenshots need available.
# Playwright never downloads a browser here: it runs this one (see playwright.config.ts).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib/apt.sh"

packages=(chromium fonts-liberation fonts-dejavu-core)
if [ ! -x /usr/bin/chromium ] || ! apt_installed "${packages[@]}"; then
  apt_install "${packages[@]}"
fi
if [ ! -x /usr/bin/chromium ]; then
  echo "ensure-chromium: /usr/bin/chromium is still missing after the install." >&2
  exit 1
fi
/usr/bin/chromium --version
