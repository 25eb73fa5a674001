# shellcheck shell=bash
# Shared helpers of scripts/cluster/up.sh and down.sh (sourced, not run). Everything they touch is
# named here: $BASE, the bridge $BR, the netns lxdc-m1..N and the host veths lxdcv1..N.

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
CLUSTER_SCRIPTS="$REPO_ROOT/scripts/cluster"
# shellcheck source=../lxd/proc.sh
. "$REPO_ROOT/scripts/lxd/proc.sh"
STATE_ROOT="${LXD_CONSOLE_STATE_ROOT:-/var/lib/lxd-console}"
STATE_ROOT="${STATE_ROOT%/}"
BASE="$STATE_ROOT/cluster"
N="${N:-3}"
BR=lxdcbr
NET=10.201.0
OFFLINE_THRESHOLD="${OFFLINE_THRESHOLD:-11}"
LXD_UI_DIR="$(realpath -m "${LXD_UI_DIR:-$REPO_ROOT/build/ui}")"
LXD_BIN="$(command -v lxd || echo /usr/bin/lxd)"
# `lxd shutdown`, `lxd waitready` and the clients go to $LXD_SOCKET (or $INCUS_SOCKET) when it is
# set, whatever LXD_DIR says. The e2e run exports LXD_SOCKET (the e2e LXD) to its tests, so a
# member's `lxd shutdown` in a cluster test shut down the e2e LXD instead: every daemon here is
# named by its LXD_DIR / INCUS_DIR alone.
unset LXD_SOCKET INCUS_SOCKET
_T0="$(date +%s%N)"

log() { printf 'cluster: %s\n' "$*" >&2; }
die() {
  printf 'cluster: error: %s\n' "$*" >&2
  exit 87
}
elapsed() {
  local ns=$(($(date +%s%N) - _T0))
  printf '%d.%d' $((ns / 1000000000)) $((ns % 1000000000 / 100000000))
}
set -E
trap '_rc=$?; [ "$_rc" = 87 ] && exit 87; die "failed (line $LINENO, status $_rc): $BASH_COMMAND"' ERR

case "$STATE_ROOT" in /?*) ;; *) die "LXD_CONSOLE_STATE_ROOT must be an absolute path other than /" ;; esac
[[ "$N" =~ ^[1-9]$ ]] || die "N must be 1..9"

require_root() { [ "$(id -u)" = 0 ] || die "must run as root (LXD needs root here)"; }

# The same packages as the single daemon's setup (scripts/lxd/setup.sh).
ensure_packages() {
  local pkgs=(lxd lxd-client busybox-static dnsmasq-base openssl iproute2 nftables curl) missing=() p
  for p in "${pkgs[@]}"; do
    dpkg-query -W -f='${db:Status-Abbrev}' "$p" 2>/dev/null | grep -q '^ii' || missing+=("$p")
  done
  [ "${#missing[@]}" -gt 0 ] || return 0
  # One apt at a time on this machine (the same lock as scripts/lxd/setup.sh).
  mkdir -p "$STATE_ROOT"
  exec 8>"$STATE_ROOT/apt.lock"
  flock -w 900 8 || die "timed out waiting for $STATE_ROOT/apt.lock (another apt-get of ours)"
  log "installing ${missing[*]} (apt-get)"
  export DEBIAN_FRONTEND=noninteractive
  local apt=(apt-get -y -q -o DPkg::Lock::Timeout=300 --no-install-recommends)
  "${apt[@]}" install "${missing[@]}" >/dev/null 2>&1 ||
    { apt-get -q -o DPkg::Lock::Timeout=300 update >/dev/null 2>&1 && "${apt[@]}" install "${missing[@]}" >/dev/null 2>&1; } ||
    die "apt-get install ${missing[*]} failed"
  exec 8>&-
  LXD_BIN="$(command -v lxd || echo /usr/bin/lxd)"
}

# Is PID member I's lxd daemon (the lxd binary, with member I's LXD_DIR)?
is_member_daemon() {
  local i=$1 pid=$2 exe
  pid_alive "$pid" || return 1
  exe=$(readlink "/proc/$pid/exe" 2>/dev/null) || return 1
  [ "${exe% (deleted)}" = "$(readlink -f "$LXD_BIN")" ] || return 1
  tr '\0' '\n' <"/proc/$pid/environ" 2>/dev/null | grep -qxF "LXD_DIR=$BASE/m$i/lxd"
}

member_pid() { # the recorded pid of member I if it is still that daemon, else nothing
  local pid
  pid=$(cat "$BASE/m$1/pid" 2>/dev/null || true)
  if [ -n "$pid" ] && is_member_daemon "$1" "$pid"; then printf '%s' "$pid"; fi
}

check_subnet_free() {
  local dev cidr
  while read -r dev cidr; do
    [ "$dev" = "$BR" ] && continue
    case "$cidr" in "$NET".*) die "$NET.0/24 is already used by $dev ($cidr)" ;; esac
  done < <(ip -4 -o addr show 2>/dev/null | awk '{ print $2, $4 }')
}
