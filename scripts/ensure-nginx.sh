#!/usr/bin/env bash
# Makes Debian's nginx binary available for the `proxy` stage of `npm test` (scripts/proxy-test.sh),
# which runs it on loopback with a config of its own under $TMPDIR. The system service is never
# started: when we install the package ourselves, a policy-rc.d keeps its postinst from starting
# nginx on port 80, and the test never touches /etc/nginx.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib/apt.sh"

if ! command -v nginx >/dev/null 2>&1 && [ ! -x /usr/sbin/nginx ]; then
  policy=/usr/sbin/policy-rc.d
  added_policy=""
  if [ "$(id -u)" -eq 0 ] && [ ! -e "$policy" ]; then
    printf '#!/bin/sh\nexit 101\n' >"$policy"
    chmod 755 "$policy"
    added_policy=1
  fi
  status=0
  apt_install nginx || status=$?
  if [ -n "$added_policy" ]; then rm -f "$policy"; fi
  [ "$status" -eq 0 ] || exit "$status"
fi
if [ ! -x /usr/sbin/nginx ]; then
  echo "ensure-nginx: /usr/sbin/nginx is still missing after the install." >&2
  exit 1
fi
/usr/sbin/nginx -v
