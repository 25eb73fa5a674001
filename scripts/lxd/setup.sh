#!/usr/bin/env bash
# Start (or re-check) one of our local LXD or Incus daemons. Idempotent.
#
#   scripts/lxd/setup.sh <name>        name: dev | e2e | bench | e2e2 (LXD), incus | incus-dev
#                                      (Incus), or any name with LXD_ADDR, LXD_BRIDGE and
#                                      LXD_BRIDGE_CIDR set (Incus when it starts with "incus")
#
# Environment: LXD_ADDR, LXD_BRIDGE, LXD_BRIDGE_CIDR, LXD_UI_DIR override the profile defaults;
# LXD_CONSOLE_STATE_ROOT (default /var/lib/lxd-console); WITH_BROWSER=1 also installs chromium.
#
# Result: ${LXD_CONSOLE_STATE_ROOT}/<name>/{lxd/,certs/,lxd.log,lxd.pid,env}; `env` is a
# sourceable file of `export KEY='value'` lines (LXD_URL, LXD_ADMIN_CERT, ...).
set -euo pipefail
# shellcheck source=./common.sh
. "$(dirname "${BASH_SOURCE[0]}")/common.sh"
trap_errors

load_profile "${1:-}"
require_root
LXD_UI_DIR="$(realpath -m "$LXD_UI_DIR")"

# --- packages ---------------------------------------------------------------------------------
# Incus 6.0 LTS is packaged for Debian 12 in bookworm-backports only: add that suite of the Debian
# mirror the machine already uses (the archive key is Debian's own).
BACKPORTS_SOURCE=/etc/apt/sources.list.d/lxd-console-backports.sources
ensure_backports() {
  apt-cache policy 2>/dev/null | grep -q 'bookworm-backports/main' && return 0
  log "adding the bookworm-backports source ($BACKPORTS_SOURCE)"
  printf '%s\n' 'Types: deb' 'URIs: http://deb.debian.org/debian' 'Suites: bookworm-backports' \
    'Components: main' 'Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg' >"$BACKPORTS_SOURCE"
  quiet "apt-get update (bookworm-backports)" apt-get -q -o DPkg::Lock::Timeout=300 update \
    -o Dir::Etc::sourcelist="$BACKPORTS_SOURCE" -o Dir::Etc::sourceparts=- -o APT::Get::List-Cleanup=0
}

# dnsmasq-base is only a Recommends of lxd, but the bridges' DHCP needs it.
ensure_packages() {
  local pkgs=(nftables iptables busybox-static dnsmasq-base openssl iproute2)
  if [ "$PRODUCT" = incus ]; then
    pkgs+=(incus-base incus-client)
  else
    pkgs+=(lxd lxd-client)
  fi
  [ "${WITH_BROWSER:-0}" = 1 ] && pkgs+=(chromium)
  local installed missing=() p
  installed=$(dpkg-query -W -f='${Package} ${db:Status-Abbrev}\n' "${pkgs[@]}" 2>/dev/null | awk '$2 == "ii" { print $1 }' || true)
  for p in "${pkgs[@]}"; do
    grep -qxF "$p" <<<"$installed" || missing+=("$p")
  done
  [ "${#missing[@]}" -gt 0 ] || return 0
  # One apt at a time on this machine: the e2e run sets up LXD, Incus and the cluster at once,
  # and two `apt-get update` runs would fight over the lists lock (no timeout applies to it).
  exec 8>"$STATE_ROOT/apt.lock"
  flock -w 900 8 || die "timed out waiting for $STATE_ROOT/apt.lock (another apt-get of ours)"
  [ "$PRODUCT" = incus ] && ensure_backports
  log "installing ${missing[*]} (apt-get)"
  local apt_log="$STATE_DIR/apt.log"
  local apt=(apt-get -y -q -o DPkg::Lock::Timeout=300 --no-install-recommends)
  export DEBIAN_FRONTEND=noninteractive
  if ! "${apt[@]}" install "${missing[@]}" >"$apt_log" 2>&1; then
    log "apt-get install failed; running apt-get update and retrying"
    quiet "apt-get update" apt-get -q -o DPkg::Lock::Timeout=300 update
    if ! "${apt[@]}" install "${missing[@]}" >>"$apt_log" 2>&1; then
      die "apt-get install ${missing[*]} failed: $(grep -v '^\s*$' "$apt_log" | tail -n 1) (see $apt_log)"
    fi
  fi
  exec 8>&-
  set_product
}

# Debian's lxd package appends a second `root` range to /etc/subuid and /etc/subgid right after the
# first; Incus 6.0 then maps container uid 0 twice and no container starts ("newuidmap: write to
# uid_map failed: Invalid argument"). Keep root's first range only (LXD 5.0 works either way).
ensure_single_root_range() {
  local file
  for file in /etc/subuid /etc/subgid; do
    [ -f "$file" ] || continue
    [ "$(grep -c '^root:' "$file" || true)" -gt 1 ] || continue
    log "keeping only the first root range in $file (Incus cannot map two)"
    awk -F: '$1 != "root" || !seen++' "$file" >"$file.lxd-console.$$"
    chmod --reference="$file" "$file.lxd-console.$$"
    mv -f "$file.lxd-console.$$" "$file"
  done
}

# --- conflicts with things that are not ours ----------------------------------------------------
port_listeners() { # pids (or "?") listening on our TCP port, any address
  ss -Htlnp "sport = :$LXD_PORT" 2>/dev/null | while IFS= read -r line; do
    local p
    p=$(printf '%s' "$line" | grep -o 'pid=[0-9]*' | cut -d= -f2 | sort -u | tr '\n' ' ')
    printf '%s\n' "${p:-?}"
  done
}

check_port_free() { # check_port_free [OUR_PID]
  local pids p who
  pids=$(port_listeners | tr '\n' ' ')
  for p in $pids; do
    [ -n "${1:-}" ] && [ "$p" = "$1" ] && continue
    who=$(cat "/proc/$p/comm" 2>/dev/null || echo "unknown process")
    die "port $LXD_PORT (LXD_ADDR=$LXD_ADDR) is already in use by $who (pid $p); stop it or set LXD_ADDR"
  done
}

ip2int() {
  local IFS=. a b c d
  read -r a b c d <<<"$1"
  echo $(((a << 24) | (b << 16) | (c << 8) | d))
}

check_subnet_free() { # no other interface may hold an address overlapping our subnet
  local ours=${LXD_BRIDGE_CIDR%/*} plen=${LXD_BRIDGE_CIDR#*/} dev cidr ip len min mask
  while read -r dev cidr; do
    [ "$dev" = "$LXD_BRIDGE" ] && continue
    ip=${cidr%/*} len=${cidr#*/}
    min=$((len < plen ? len : plen))
    mask=$(((0xffffffff << (32 - min)) & 0xffffffff))
    if [ $(($(ip2int "$ip") & mask)) = $(($(ip2int "$ours") & mask)) ]; then
      die "subnet $LXD_BRIDGE_CIDR overlaps $cidr on $dev; set LXD_BRIDGE_CIDR to a free subnet"
    fi
  done < <(ip -4 -o addr show 2>/dev/null | awk '{ print $2, $4 }')
}

check_bridge_free() { # called only while our daemon is not running
  bridge_exists "$LXD_BRIDGE" || return 0
  if bridge_is_ours; then
    log "removing leftover bridge $LXD_BRIDGE of a previous run"
    delete_bridge || die "cannot delete leftover bridge $LXD_BRIDGE"
  else
    die "network interface $LXD_BRIDGE already exists and is not ours; remove it or set LXD_BRIDGE"
  fi
}

# --- the daemon ---------------------------------------------------------------------------------
start_daemon() {
  check_port_free
  check_bridge_free
  check_subnet_free
  kill_leftovers
  unmount_ours
  clean_firewall
  mkdir -p "$LXD_DIR" "$LXD_UI_DIR"
  chmod 0711 "$LXD_DIR"
  log "starting daemon ($DIR_VAR=$LXD_DIR, $UI_VAR=$LXD_UI_DIR)"
  local t0 pid wpid owner
  t0=$(elapsed)
  # Own session; no inherited lock fd; start-up look-ups (instance types) go to a closed local
  # port instead of the network. Loopback is never proxied, so the API is unaffected.
  (
    cd /
    export "$DIR_VAR=$LXD_DIR" "$UI_VAR=$LXD_UI_DIR"
    export HTTPS_PROXY=http://127.0.0.1:9 HTTP_PROXY=http://127.0.0.1:9 NO_PROXY=127.0.0.1,localhost,::1
    export https_proxy="$HTTPS_PROXY" http_proxy="$HTTP_PROXY" no_proxy="$NO_PROXY"
    exec setsid "$LXD_BIN" --group root --logfile "$LOG_FILE" </dev/null >>"$STATE_DIR/lxd.out" 2>&1 9>&-
  ) &
  pid=$!
  echo "$pid" >"$PID_FILE"
  # LXD_READY_TIMEOUT: seconds to wait for the daemon (a bench state of 10,000 instances takes ~2 min).
  lxdq waitready --timeout="${LXD_READY_TIMEOUT:-60}" >/dev/null 2>&1 9>&- &
  wpid=$!
  while pid_alive "$wpid"; do
    if ! pid_alive "$pid"; then
      kill "$wpid" 2>/dev/null || true
      die "daemon exited during start-up: $(grep -v '^\s*$' "$LOG_FILE" "$STATE_DIR/lxd.out" 2>/dev/null | tail -n 1 | cut -d: -f2-) (see $LOG_FILE)"
    fi
    sleep 0.05
  done
  wait "$wpid" || die "daemon not ready after ${LXD_READY_TIMEOUT:-60} s (see $LOG_FILE)"
  owner=$(socket_owner)
  if [ -n "$owner" ] && [ "$owner" != "$pid" ] && is_our_lxd "$owner"; then
    pid=$owner
    echo "$pid" >"$PID_FILE"
  fi
  log "daemon ready (pid $pid, $(awk -v a="$(elapsed)" -v b="$t0" 'BEGIN { printf "%.2f", a - b }') s)"
  DAEMON_PID=$pid
}

# --- configuration (each step checks first, so a second run changes nothing) ---------------------
ensure_server_config() {
  local cur
  cur=$(lxcq config get core.https_address)
  if [ "$cur" != "$LXD_ADDR" ]; then
    check_port_free "$DAEMON_PID"
    quiet "setting core.https_address" lxcq config set core.https_address "$LXD_ADDR"
  fi
  cur=$(lxcq config get images.auto_update_interval)
  [ "$cur" = 0 ] || quiet "setting images.auto_update_interval" lxcq config set images.auto_update_interval 0
}

ensure_network() {
  if ! lxcq query "/1.0/networks/$LXD_BRIDGE" >/dev/null 2>&1; then
    bridge_exists "$LXD_BRIDGE" && die "network interface $LXD_BRIDGE already exists and is not ours; remove it or set LXD_BRIDGE"
    check_subnet_free
    quiet "creating network $LXD_BRIDGE" lxcq network create "$LXD_BRIDGE" \
      ipv4.address="$LXD_BRIDGE_CIDR" ipv4.nat=false ipv6.address=none
  elif [ "$(lxcq network get "$LXD_BRIDGE" ipv4.address)" != "$LXD_BRIDGE_CIDR" ]; then
    check_subnet_free
    quiet "setting $LXD_BRIDGE ipv4.address" lxcq network set "$LXD_BRIDGE" ipv4.address="$LXD_BRIDGE_CIDR"
  fi
}

ensure_pool() {
  lxcq query /1.0/storage-pools/default >/dev/null 2>&1 ||
    quiet "creating storage pool default" lxcq storage create default dir
}

ensure_profile() { # ensure_profile PROJECT
  local devs
  devs=$(lxcq profile device list default --project "$1")
  grep -qx root <<<"$devs" ||
    quiet "adding root disk to default profile ($1)" lxcq profile device add default root disk path=/ pool=default --project "$1"
  if ! grep -qx eth0 <<<"$devs"; then
    quiet "adding eth0 to default profile ($1)" lxcq profile device add default eth0 nic network="$LXD_BRIDGE" name=eth0 --project "$1"
  elif [ "$(lxcq profile device get default eth0 network --project "$1")" != "$LXD_BRIDGE" ]; then
    quiet "pointing eth0 of default profile ($1) at $LXD_BRIDGE" lxcq profile device set default eth0 network="$LXD_BRIDGE" --project "$1"
  fi
}

IMAGE="$STATE_DIR/busybox.tar.gz"
ensure_image_file() {
  [ -s "$IMAGE" ] && return 0
  quiet "building the busybox image" "$LXD_SCRIPTS/busybox-image.sh" "$IMAGE"
  log "built busybox image $(sha256sum "$IMAGE" | cut -c1-12)"
}

ensure_image() { # ensure_image PROJECT
  local fp target
  fp=$(sha256sum "$IMAGE" | cut -d' ' -f1)
  target=$(lxcq query "/1.0/images/aliases/busybox?project=$1" 2>/dev/null |
    sed -n 's/.*"target": *"\([0-9a-f]*\)".*/\1/p' || true)
  [ "$target" = "$fp" ] && return 0
  [ -z "$target" ] || quiet "replacing alias busybox ($1)" lxcq image alias delete busybox --project "$1"
  if lxcq query "/1.0/images/$fp?project=$1" >/dev/null 2>&1; then
    quiet "creating alias busybox ($1)" lxcq image alias create busybox "$fp" --project "$1"
  else
    quiet "importing the busybox image ($1)" lxcq image import -q "$IMAGE" --alias busybox --project "$1"
  fi
  log "image busybox ${fp:0:12} ready in project $1"
}

ensure_project_limited() {
  lxcq query /1.0/projects/limited >/dev/null 2>&1 ||
    quiet "creating project limited" lxcq project create limited
  ensure_profile limited
  ensure_image limited
}

cert_fp() { openssl x509 -in "$1" -noout -fingerprint -sha256 | sed 's/.*=//; s/://g' | tr 'A-F' 'a-f'; }

ensure_cert_files() { # ensure_cert_files KIND CN
  local base="$CERTS_DIR/$1"
  if [ -s "$base.crt" ] && [ -s "$base.key" ] && [ -s "$base.pfx" ]; then return 0; fi
  quiet "creating the $1 certificate" openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:secp384r1 \
    -sha384 -nodes -days 3650 -subj "/CN=$2" -addext extendedKeyUsage=clientAuth \
    -keyout "$base.key" -out "$base.crt"
  quiet "creating $1.pfx" openssl pkcs12 -export -inkey "$base.key" -in "$base.crt" -name "$2" \
    -out "$base.pfx" -passout pass:
  chmod 0600 "$base.key" "$base.pfx"
  CERTS_CREATED+=("$1")
}

trust_add() { # trust_add CERT_FILE ARGS...
  if [ "$PRODUCT" = incus ]; then
    lxcq config trust add-certificate "$@"
  else
    lxcq config trust add "$@"
  fi
}

ensure_trust() {
  local list admin_fp untrusted_fp limited_fp info
  CERTS_CREATED=()
  mkdir -p "$CERTS_DIR"
  chmod 0700 "$CERTS_DIR"
  ensure_cert_files admin console-admin
  ensure_cert_files untrusted console-untrusted
  ensure_cert_files limited console-limited
  [ "${#CERTS_CREATED[@]}" = 0 ] || log "created client certificates: ${CERTS_CREATED[*]}"
  admin_fp=$(cert_fp "$CERTS_DIR/admin.crt")
  untrusted_fp=$(cert_fp "$CERTS_DIR/untrusted.crt")
  limited_fp=$(cert_fp "$CERTS_DIR/limited.crt")
  list=$(lxcq query /1.0/certificates)
  grep -qF "/1.0/certificates/$admin_fp\"" <<<"$list" ||
    quiet "trusting the admin certificate" trust_add "$CERTS_DIR/admin.crt" --name console-admin
  if grep -qF "/1.0/certificates/$untrusted_fp\"" <<<"$list"; then
    log "removing trust of the untrusted certificate (left by an earlier test)"
    quiet "removing trust of the untrusted certificate" lxcq config trust remove "$untrusted_fp"
  fi
  if grep -qF "/1.0/certificates/$limited_fp\"" <<<"$list"; then
    info=$(lxcq query "/1.0/certificates/$limited_fp" | tr -d ' \n')
    if [[ "$info" != *'"projects":["limited"]'* ]] || [[ "$info" != *'"restricted":true'* ]]; then
      quiet "re-adding the limited certificate" lxcq config trust remove "$limited_fp"
      list=""
    fi
  fi
  grep -qF "/1.0/certificates/$limited_fp\"" <<<"$list" ||
    quiet "trusting the limited certificate" trust_add "$CERTS_DIR/limited.crt" \
      --name console-limited --restricted --projects limited
}

check_https() {
  command -v curl >/dev/null 2>&1 || return 0
  local out
  out=$(curl -sS -k --max-time 10 --noproxy '*' --cert "$CERTS_DIR/admin.crt" --key "$CERTS_DIR/admin.key" \
    "https://$LXD_ADDR/1.0" 2>&1 || true)
  [[ "$out" == *'"auth":"trusted"'* ]] || die "https://$LXD_ADDR/1.0 does not answer as trusted for the admin certificate: $(printf '%s' "$out" | cut -c1-160)"
}

write_env() {
  local tmp="$ENV_FILE.tmp.$$" k v
  {
    echo "# Written by scripts/lxd/setup.sh $NAME; source it: set -a; . $ENV_FILE; set +a"
    for k in LXD_NAME LXD_DIR LXD_SOCKET LXD_URL LXD_ADDR LXD_BRIDGE LXD_UI_DIR LXD_PID \
      LXD_ADMIN_CERT LXD_ADMIN_KEY LXD_ADMIN_PFX LXD_UNTRUSTED_CERT LXD_UNTRUSTED_KEY \
      LXD_UNTRUSTED_PFX LXD_LIMITED_CERT LXD_LIMITED_KEY LXD_LIMITED_PFX; do
      case "$k" in
        LXD_NAME) v=$NAME ;;
        LXD_URL) v="https://$LXD_ADDR" ;;
        LXD_PID) v=$DAEMON_PID ;;
        LXD_ADMIN_* | LXD_UNTRUSTED_* | LXD_LIMITED_*)
          local kind=${k#LXD_} ext
          ext=${kind##*_}
          kind=${kind%_*}
          [ "$ext" = CERT ] && ext=CRT
          v="$CERTS_DIR/$(tr 'A-Z' 'a-z' <<<"$kind").$(tr 'A-Z' 'a-z' <<<"$ext")"
          ;;
        *) v=${!k} ;;
      esac
      printf "export %s='%s'\n" "$k" "${v//\'/\'\\\'\'}"
    done
  } >"$tmp"
  mv -f "$tmp" "$ENV_FILE"
}

# --- main -------------------------------------------------------------------------------------
if [ ! -d "$STATE_ROOT" ]; then
  mkdir -p "$STATE_ROOT"
  chmod 0711 "$STATE_ROOT"
fi
take_lock
chmod 0711 "$STATE_DIR"
# Our own lxc client config (only the local unix remote). Its existence also keeps lxc from
# printing its "first time running LXD" banner.
mkdir -p "$LXC_CONF_DIR"
[ -s "$LXC_CONF_DIR/config.yml" ] ||
  printf '%s\n' 'default-remote: local' 'remotes:' '  local:' '    addr: unix://' '    public: false' \
    'aliases: {}' >"$LXC_CONF_DIR/config.yml"
ensure_packages
[ "$PRODUCT" = incus ] && ensure_single_root_range
mkdir -p "$LXD_UI_DIR"

DAEMON_PID=$(find_daemon_pid)
# A daemon left "shutting down" (a stop cut off by its timeout) still owns the socket but
# answers every request with an error: it is stopped and a new one started. One that is only
# slow (hundreds of containers starting under a bench) is given time: only one that has not
# answered at all after LXD_ANSWER_TIMEOUT seconds (a hung daemon) is restarted too.
if [ -n "$DAEMON_PID" ]; then
  answer_rc=0
  answer=$(timeout "${LXD_ANSWER_TIMEOUT:-180}" env "$DIR_VAR=$LXD_DIR" "$CONF_VAR=$LXC_CONF_DIR" \
    "$CLIENT" query /1.0 2>&1 >/dev/null) || answer_rc=$?
  if [ "$answer_rc" -eq 124 ]; then
    log "restarting: daemon (pid $DAEMON_PID) has not answered GET /1.0 in ${LXD_ANSWER_TIMEOUT:-180} s"
  elif [ "$answer_rc" -ne 0 ]; then
    log "restarting: daemon (pid $DAEMON_PID) answers GET /1.0 with: $(printf '%s' "$answer" | head -c 160)"
  fi
  if [ "$answer_rc" -ne 0 ]; then
    stop_daemon 0
    DAEMON_PID=""
  fi
fi
if [ -n "$DAEMON_PID" ]; then
  running_ui=$(proc_env "$DAEMON_PID" "$UI_VAR")
  if [ "$(realpath -m "${running_ui:-/nonexistent}")" != "$LXD_UI_DIR" ]; then
    log "restarting: daemon serves $UI_VAR=${running_ui:-<unset>}, wanted $LXD_UI_DIR"
    stop_daemon 0
    DAEMON_PID=""
  else
    log "daemon already running (pid $DAEMON_PID)"
    echo "$DAEMON_PID" >"$PID_FILE"
  fi
fi
[ -n "$DAEMON_PID" ] || start_daemon

ensure_server_config
ensure_pool
ensure_network
ensure_profile default
ensure_image_file
ensure_image default
ensure_project_limited
ensure_trust
check_https
write_env
log "ready at https://$LXD_ADDR in $(elapsed) s (env: $ENV_FILE)"
