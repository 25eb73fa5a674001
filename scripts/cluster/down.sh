#!/usr/bin/env bash
# Tear down the cluster of scripts/cluster/up.sh: stop our daemons (by their recorded pids, checked
# against our LXD_DIRs), kill whatever is left in our network namespaces, delete the netns, veths,
# bridge and $BASE. Nothing else is touched. FAST=1 skips the graceful `lxd shutdown`.
set -euo pipefail
# shellcheck source=./common.sh
. "$(dirname "${BASH_SOURCE[0]}")/common.sh"
require_root

i=1
for dir in "$BASE"/m[0-9]; do
  [ -d "$dir" ] || continue
  i=${dir##*/m}
  pid=$(member_pid "$i")
  [ -n "$pid" ] || continue
  if [ "${FAST:-0}" != 1 ]; then
    LXD_DIR="$dir/lxd" timeout 30 "$LXD_BIN" shutdown --timeout=25 >/dev/null 2>&1 &
  fi
done
wait
for dir in "$BASE"/m[0-9]; do
  [ -d "$dir" ] || continue
  i=${dir##*/m}
  pid=$(member_pid "$i")
  [ -z "$pid" ] || kill_pid "$pid"
done
# Leftovers (dnsmasq, forkdns, container monitors and payloads) live in our netns only.
for ns in $(ip netns list 2>/dev/null | awk '{ print $1 }' | grep -E '^lxdc-m[0-9]$' || true); do
  for pid in $(ip netns pids "$ns" 2>/dev/null || true); do
    # A container monitor's child is the container's init, in a netns of its own: end it first.
    if tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -q '^\[lxc monitor\]'; then
      for child in $(cat "/proc/$pid"/task/*/children 2>/dev/null); do kill -KILL "$child" 2>/dev/null || true; done
    fi
    kill -KILL "$pid" 2>/dev/null || true
  done
  ip netns delete "$ns" 2>/dev/null || true
done
for n in $(seq 1 9); do ip link delete "lxdcv$n" 2>/dev/null || true; done
ip link delete "$BR" 2>/dev/null || true
# The daemons' mounts were in their private mount namespaces; anything below $BASE seen from
# here would be a leftover of a crash.
awk -v root="$BASE/" 'index($5, root) == 1 { print $5 }' /proc/self/mountinfo | sort -r |
  while IFS= read -r m; do umount -l "$m" 2>/dev/null || true; done
rm -rf "$BASE"
log "cluster down ($(elapsed) s)"
