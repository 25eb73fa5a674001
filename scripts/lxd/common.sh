# shellcheck shell=bash
# Shared helpers for setup.sh and teardown.sh (sourced, not run).
#
# A "profile" is one local daemon of ours: its own state directory (LXD_DIR or INCUS_DIR), HTTPS
# port, bridge and subnet, under ${LXD_CONSOLE_STATE_ROOT:-/var/lib/lxd-console}/<name>/. Nothing
# here ever touches /var/lib/lxd, /var/lib/incus, another daemon's processes, or the shared nft
# tables `inet lxd` and `inet incus` as a whole.
#
# The daemon is LXD (Debian's `lxd` 5.0.2) or, for the profiles named incus*, Incus (Debian's
# `incus-base` from bookworm-backports). The two differ only in the names below (binary, client,
# environment variables, nft table); the variables in this file keep LXD's names for both.
#
# Keep the profile table in sync with `lxdProfiles` in scripts/lib/lxd.ts.

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
LXD_SCRIPTS="$REPO_ROOT/scripts/lxd"
# shellcheck source=./proc.sh
. "$LXD_SCRIPTS/proc.sh"
STATE_ROOT="${LXD_CONSOLE_STATE_ROOT:-/var/lib/lxd-console}"
LXD_BIN=""
# `lxd shutdown`, `lxd waitready` and the clients go to $LXD_SOCKET (or $INCUS_SOCKET) when it is
# set, whatever LXD_DIR says. The e2e run exports LXD_SOCKET (the e2e LXD) to its tests, so a
# member's `lxd shutdown` in a cluster test shut down the e2e LXD instead: every daemon here is
# named by its LXD_DIR / INCUS_DIR alone.
unset LXD_SOCKET INCUS_SOCKET

NAME=""
_T0="$(date +%s%N)"

log() { printf 'lxd[%s]: %s\n' "${NAME:-?}" "$*" >&2; }
# Exit status 87 marks "error already reported", so a failure inside $(...) is reported once.
die() {
  printf 'lxd[%s]: error: %s\n' "${NAME:-?}" "$*" >&2
  exit 87
}
elapsed() { # seconds since the script started, e.g. 2.71
  local ns=$(($(date +%s%N) - _T0))
  printf '%d.%02d' $((ns / 1000000000)) $((ns % 1000000000 / 10000000))
}

# Run a command with its output captured; on failure stop with one line naming what failed.
quiet() {
  local what=$1 out
  shift
  if ! out=$("$@" 2>&1); then
    out=$(printf '%s\n' "$out" | grep -v '^[[:space:]]*$' | tail -n 1)
    die "$what failed${out:+: $out}"
  fi
}

# Any command failing outside quiet() still ends with one clear line.
trap_errors() {
  set -E
  trap '_rc=$?; [ "$_rc" = 87 ] && exit 87; die "unexpected failure (line $LINENO, status $_rc): $BASH_COMMAND"' ERR
}

require_root() {
  [ "$(id -u)" = 0 ] || die "must run as root (LXD needs root here); try: sudo $0 ${NAME}"
}

# The names that differ between the two daemons.
set_product() {
  if [ "$PRODUCT" = incus ]; then
    PRODUCT_NAME=Incus
    LXD_BIN=/usr/libexec/incus/incusd
    CLIENT=incus
    DIR_VAR=INCUS_DIR
    CONF_VAR=INCUS_CONF
    UI_VAR=INCUS_UI
    NFT_TABLE=incus
  else
    PRODUCT_NAME=LXD
    LXD_BIN="$(command -v lxd || echo /usr/bin/lxd)"
    CLIENT=lxc
    DIR_VAR=LXD_DIR
    CONF_VAR=LXD_CONF
    UI_VAR=LXD_UI
    NFT_TABLE=lxd
  fi
}

# Sets NAME, PRODUCT, LXD_ADDR, LXD_BRIDGE, LXD_BRIDGE_CIDR, LXD_UI_DIR, STATE_DIR, LXD_DIR, ... from a
# profile name, honouring the LXD_ADDR / LXD_BRIDGE / LXD_BRIDGE_CIDR / LXD_UI_DIR overrides.
load_profile() {
  NAME="${1:-}"
  [ -n "$NAME" ] || die "usage: $0 <name>   (dev, e2e, bench, e2e2, spare, incus or incus-dev)"
  [[ "$NAME" =~ ^[a-z][a-z0-9-]{0,31}$ ]] || die "invalid name '$NAME' (use lowercase letters, digits and '-')"
  local addr="" bridge="" cidr=""
  # A sourced env file of another profile exports LXD_ADDR/LXD_BRIDGE/LXD_UI_DIR: not overrides.
  if [ -n "${LXD_NAME:-}" ] && [ "$LXD_NAME" != "$NAME" ]; then
    unset LXD_ADDR LXD_BRIDGE LXD_UI_DIR
  fi
  case "$NAME" in
    dev) addr=127.0.0.1:18443 bridge=lxcdev0 cidr=10.181.0.1/24 ;;
    e2e) addr=127.0.0.1:18444 bridge=lxce2e0 cidr=10.182.0.1/24 ;;
    bench) addr=127.0.0.1:18445 bridge=lxcbench0 cidr=10.183.0.1/24 ;;
    e2e2) addr=127.0.0.1:18446 bridge=lxce2e2 cidr=10.184.0.1/24 ;;
    incus) addr=127.0.0.1:18447 bridge=incuse2e0 cidr=10.185.0.1/24 ;;
    incus-dev) addr=127.0.0.1:18448 bridge=incusdev0 cidr=10.186.0.1/24 ;;
    spare) addr=127.0.0.1:18449 bridge=lxcspare0 cidr=10.187.0.1/24 ;;
  esac
  PRODUCT=lxd
  case "$NAME" in incus*) PRODUCT=incus ;; esac
  set_product
  LXD_ADDR="${LXD_ADDR:-$addr}"
  LXD_BRIDGE="${LXD_BRIDGE:-$bridge}"
  LXD_BRIDGE_CIDR="${LXD_BRIDGE_CIDR:-$cidr}"
  LXD_UI_DIR="${LXD_UI_DIR:-$REPO_ROOT/build/ui}"
  if [ -z "$LXD_ADDR" ] || [ -z "$LXD_BRIDGE" ] || [ -z "$LXD_BRIDGE_CIDR" ]; then
    die "unknown profile '$NAME': use dev, e2e, bench, e2e2, spare, incus or incus-dev, or set LXD_ADDR, LXD_BRIDGE and LXD_BRIDGE_CIDR"
  fi
  [[ "$LXD_ADDR" =~ ^[0-9.]+:[0-9]+$ ]] || die "LXD_ADDR must look like 127.0.0.1:18443 (got '$LXD_ADDR')"
  [[ "$LXD_BRIDGE" =~ ^[a-zA-Z][a-zA-Z0-9_-]{0,14}$ ]] || die "LXD_BRIDGE '$LXD_BRIDGE' is not a valid interface name (max 15 chars)"
  [[ "$LXD_BRIDGE_CIDR" =~ ^[0-9]+\.[0-9]+\.[0-9]+\.[0-9]+/[0-9]+$ ]] || die "LXD_BRIDGE_CIDR must look like 10.181.0.1/24 (got '$LXD_BRIDGE_CIDR')"
  LXD_PORT="${LXD_ADDR##*:}"
  case "$STATE_ROOT" in /*) ;; *) die "LXD_CONSOLE_STATE_ROOT must be an absolute path" ;; esac
  STATE_ROOT="${STATE_ROOT%/}"
  [ -n "$STATE_ROOT" ] || die "LXD_CONSOLE_STATE_ROOT must not be /"
  STATE_DIR="$STATE_ROOT/$NAME"
  LXD_DIR="$STATE_DIR/lxd"
  LXD_SOCKET="$LXD_DIR/unix.socket"
  CERTS_DIR="$STATE_DIR/certs"
  LXC_CONF_DIR="$STATE_DIR/lxc-config"
  PID_FILE="$STATE_DIR/lxd.pid"
  LOG_FILE="$STATE_DIR/lxd.log"
  ENV_FILE="$STATE_DIR/env"
  # sun_path is 108 bytes including the NUL; LXD also puts devlxd/sock next to unix.socket.
  [ "${#LXD_SOCKET}" -lt 100 ] || die "state path too long for a unix socket: $LXD_SOCKET (set a shorter LXD_CONSOLE_STATE_ROOT)"
}

# Serialise setup/teardown of one profile. Children that outlive us must not inherit fd 9.
take_lock() {
  mkdir -p "$STATE_DIR"
  exec 9>"$STATE_DIR/lock"
  if ! flock -n 9; then
    log "waiting for another setup/teardown of '$NAME' to finish"
    flock -w 300 9 || die "timed out waiting for the lock on $STATE_DIR/lock"
  fi
}

# The client (lxc or incus) bound to our daemon only (LXD_DIR / INCUS_DIR picks the unix socket;
# LXD_CONF / INCUS_CONF keeps the user's own remotes and default remote out of the way).
lxcq() { env "$DIR_VAR=$LXD_DIR" "$CONF_VAR=$LXC_CONF_DIR" "$CLIENT" "$@"; }
# The daemon's own commands: `lxd waitready` or `incus admin waitready`, and so on.
lxdq() {
  if [ "$PRODUCT" = incus ]; then
    env "$DIR_VAR=$LXD_DIR" "$CONF_VAR=$LXC_CONF_DIR" incus admin "$@"
  else
    LXD_DIR="$LXD_DIR" "$LXD_BIN" "$@"
  fi
}

proc_env() { # proc_env PID VAR -> value of VAR in the process's environment
  tr '\0' '\n' <"/proc/$1/environ" 2>/dev/null | sed -n "s/^$2=//p" | head -n 1
}

# Is PID a daemon of ours (our binary, and our LXD_DIR / INCUS_DIR)?
is_our_lxd() {
  local pid=$1 exe
  pid_alive "$pid" || return 1
  exe=$(readlink "/proc/$pid/exe" 2>/dev/null) || return 1
  [ "${exe% (deleted)}" = "$(readlink -f "$LXD_BIN")" ] || return 1
  [ "$(proc_env "$pid" "$DIR_VAR")" = "$LXD_DIR" ]
}

# Pid of the process listening on our unix socket (from ss, falling back to /proc).
socket_owner() {
  [ -S "$LXD_SOCKET" ] || return 0
  local line pid inode fd
  line=$(ss -xlpnH 2>/dev/null | grep -F " $LXD_SOCKET " | head -n 1 || true)
  pid=$(printf '%s' "$line" | sed -n 's/.*pid=\([0-9]*\).*/\1/p' | head -n 1)
  if [ -z "$pid" ]; then
    inode=$(awk -v p="$LXD_SOCKET" '$8 == p { print $7; exit }' /proc/net/unix 2>/dev/null || true)
    [ -n "$inode" ] || return 0
    for fd in /proc/[0-9]*/fd/*; do
      if [ "$(readlink "$fd" 2>/dev/null)" = "socket:[$inode]" ]; then
        pid=${fd#/proc/}
        pid=${pid%%/*}
        break
      fi
    done
  fi
  printf '%s' "$pid"
}

# Prints the pid of our running daemon (socket owner, else the recorded pid), or nothing.
find_daemon_pid() {
  local pid
  pid=$(socket_owner)
  if [ -n "$pid" ] && is_our_lxd "$pid"; then
    printf '%s' "$pid"
    return 0
  fi
  pid=$(cat "$PID_FILE" 2>/dev/null || true)
  if [ -n "$pid" ] && is_our_lxd "$pid"; then
    printf '%s' "$pid"
  fi
}

# Mount points under our state dir, deepest first.
our_mounts() {
  awk -v root="$STATE_DIR/" 'index($5, root) == 1 { print length($5) " " $5 }' /proc/self/mountinfo |
    sort -rn | cut -d' ' -f2- | uniq
}

bridge_exists() { ip link show dev "$1" >/dev/null 2>&1; }

# Delete our bridge and the veths plugged into it. After a crash LXD never removed the host ends
# of its containers' veth pairs, and liblxc hands the container ends back to the host when the
# container dies; deleting the host end removes both.
delete_bridge() {
  local port
  for port in $(ip -o link show master "$LXD_BRIDGE" 2>/dev/null | awk -F': ' '{ sub(/@.*/, "", $2); print $2 }'); do
    ip link delete dev "$port" 2>/dev/null || true
  done
  ip link delete dev "$LXD_BRIDGE" 2>/dev/null
}

# The bridge is ours if our LXD database dir recorded it (LXD keeps networks/<name>/ per bridge).
bridge_is_ours() { [ -d "$LXD_DIR/networks/$LXD_BRIDGE" ]; }

# Stop processes our daemon left behind (after a crash or a kill): dnsmasq and forkdns by the
# pids LXD recorded, then any process running the lxd or dnsmasq binary whose environment names
# our LXD_DIR (container monitors, forkproxy, ...). Container payloads are killed through their
# monitor's children, never by name.
kill_leftovers() {
  local f pid child
  for f in "$LXD_DIR"/networks/*/dnsmasq.pid "$LXD_DIR"/networks/*/forkdns.pid; do
    [ -f "$f" ] || continue
    # LXD 5.0 records a YAML process description ("pid: N"); older files hold just the number.
    pid=$(sed -n 's/^pid: *\([0-9][0-9]*\) *$/\1/p' "$f" 2>/dev/null | head -n 1)
    [ -n "$pid" ] || pid=$(grep -xE '[0-9]+' "$f" 2>/dev/null | head -n 1 || true)
    [ -n "$pid" ] && pid_alive "$pid" || continue
    if [ "$(proc_env "$pid" "$DIR_VAR")" = "$LXD_DIR" ] ||
      tr '\0' '\n' <"/proc/$pid/cmdline" 2>/dev/null | grep -qxF -- "--interface=$(basename "$(dirname "$f")")"; then
      log "stopping leftover $(basename "$f" .pid) (pid $pid)"
      kill_pid "$pid" 30
    fi
  done
  local lxd_exe dnsmasq_exe candidates=() others=()
  lxd_exe=$(readlink -f "$LXD_BIN")
  dnsmasq_exe=$(readlink -f "$(command -v dnsmasq || echo /usr/sbin/dnsmasq)")
  # One find over /proc for processes running either binary, then check their environment.
  while IFS= read -r f; do
    pid=${f#/proc/}
    pid=${pid%/exe}
    [ "$pid" != "$$" ] && [ "$(proc_env "$pid" "$DIR_VAR")" = "$LXD_DIR" ] && candidates+=("$pid")
  done < <(find /proc -mindepth 2 -maxdepth 2 -name exe \( -lname "$lxd_exe" -o -lname "$lxd_exe (deleted)" \
    -o -lname "$dnsmasq_exe" -o -lname "$dnsmasq_exe (deleted)" \) 2>/dev/null || true)
  for pid in "${candidates[@]}"; do
    if tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -q '^\[lxc monitor\]'; then
      # A container monitor: its child is the container's init; killing it ends the container.
      for child in $(cat "/proc/$pid"/task/*/children 2>/dev/null); do
        log "killing leftover container init (pid $child)"
        kill -KILL "$child" 2>/dev/null || true
      done
      kill_pid "$pid" 30
    else
      others+=("$pid")
    fi
  done
  for pid in "${others[@]}"; do
    pid_alive "$pid" || continue
    log "stopping leftover $(tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | cut -c1-60) (pid $pid)"
    kill_pid "$pid" 30
  done
}

unmount_ours() {
  local m
  while IFS= read -r m; do
    [ -n "$m" ] || continue
    umount "$m" 2>/dev/null || umount -l "$m" 2>/dev/null || log "warning: could not unmount $m"
  done < <(our_mounts)
}

# Remove firewall leftovers of OUR bridge only. The nft table `inet lxd` (`inet incus`) is shared by
# every daemon of that kind on the machine: we delete only chains named <prefix>.<our bridge>,
# never the table.
clean_firewall() {
  local chains c line
  if command -v nft >/dev/null 2>&1 && nft list table inet "$NFT_TABLE" >/dev/null 2>&1; then
    chains=$(nft list table inet "$NFT_TABLE" 2>/dev/null | sed -n 's/^[[:space:]]*chain \([^ ]*\) {.*/\1/p' |
      grep -E "^[a-z]+\.${LXD_BRIDGE//./\\.}$" || true)
    if [ -n "$chains" ]; then
      log "removing leftover nft chains of $LXD_BRIDGE: $(echo $chains)"
      for c in $chains; do nft flush chain inet "$NFT_TABLE" "$c" 2>/dev/null || true; done
      for c in $chains; do nft delete chain inet "$NFT_TABLE" "$c" 2>/dev/null || log "warning: could not delete nft chain $c"; done
    fi
  fi
  # The xtables driver (chosen by the daemon when other iptables rules exist) tags its rules with a
  # comment.
  local tool table
  for tool in iptables ip6tables; do
    command -v "$tool-save" >/dev/null 2>&1 || continue
    table=""
    while IFS= read -r line; do
      case "$line" in
        \*) ;;
        \**) table=${line#\*} ;;
        -A*"generated for $PRODUCT_NAME network $LXD_BRIDGE\""*)
          eval "set -- ${line#-A }"
          "$tool" -w -t "$table" -D "$@" 2>/dev/null || true
          ;;
      esac
    done < <("$tool-save" 2>/dev/null | grep -E "^\\*|generated for $PRODUCT_NAME network" || true)
  done
}

# Stop our daemon and clean what it leaves behind. STOP_INSTANCES=0 keeps instances' "running"
# state so LXD starts them again on its next start (used for a restart).
stop_daemon() {
  local stop_instances=${1:-1} pid p
  pid=$(find_daemon_pid)
  if [ -n "$pid" ]; then
    if [ "$stop_instances" = 1 ] && [ -S "$LXD_SOCKET" ]; then
      for p in $(lxcq query /1.0/projects 2>/dev/null | sed -n 's|.*"/1.0/projects/\([^"]*\)".*|\1|p'); do
        lxcq stop --all --force --project "$p" -q >/dev/null 2>&1 || true
      done
    fi
    log "stopping daemon (pid $pid)"
    lxdq shutdown --timeout=60 >/dev/null 2>&1 &
    local shutdown_pid=$!
    if ! wait_gone "$pid" 650; then
      log "daemon still running after lxd shutdown; sending SIGTERM"
      kill_pid "$pid" 100
    fi
    if pid_alive "$shutdown_pid"; then kill "$shutdown_pid" 2>/dev/null || true; fi
    wait "$shutdown_pid" 2>/dev/null || true
  fi
  kill_leftovers
  unmount_ours
  if bridge_exists "$LXD_BRIDGE" && bridge_is_ours; then
    log "deleting leftover bridge $LXD_BRIDGE"
    delete_bridge || log "warning: could not delete bridge $LXD_BRIDGE"
  fi
  clean_firewall
  rm -f "$PID_FILE"
}
