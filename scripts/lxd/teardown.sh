#!/usr/bin/env bash
# Stop one of our local LXD daemons, and wipe its state unless KEEP_STATE=1.
#
#   scripts/lxd/teardown.sh <name>               stop and wipe ${LXD_CONSOLE_STATE_ROOT}/<name>
#   KEEP_STATE=1 scripts/lxd/teardown.sh <name>  stop only (instances, images, certs are kept)
#
# The daemon is stopped by its own pid (the owner of our unix socket, checked against lxd.pid and
# its LXD_DIR), never by process name. Instances are stopped first, then `lxd shutdown`, then
# SIGTERM/SIGKILL if it is still there. Leftovers (dnsmasq, mounts under the state dir, our
# bridge, nft chains of our bridge) are removed; other daemons and the shared nft table are not
# touched.
set -euo pipefail
# shellcheck source=./common.sh
. "$(dirname "${BASH_SOURCE[0]}")/common.sh"
trap_errors

load_profile "${1:-}"
require_root

if [ ! -d "$STATE_DIR" ]; then
  log "nothing to stop: $STATE_DIR does not exist"
  exit 0
fi
take_lock
stop_daemon 1

if [ "${KEEP_STATE:-0}" = 1 ]; then
  log "stopped in $(elapsed) s (state kept in $STATE_DIR)"
  exit 0
fi

left=$(our_mounts)
[ -z "$left" ] || die "not wiping $STATE_DIR: still mounted: $(echo $left)"
case "$STATE_DIR" in
  /*/*) ;;
  *) die "refusing to wipe suspicious path '$STATE_DIR'" ;;
esac
rm -rf --one-file-system -- "$STATE_DIR"
log "stopped and wiped $STATE_DIR in $(elapsed) s"
