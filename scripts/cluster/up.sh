#!/usr/bin/env bash
# Bring up a real three-member LXD cluster on this machine (research: lxd-cluster.md).
#
#   scripts/cluster/up.sh                  whole cluster, from nothing (a previous one is torn down)
#   scripts/cluster/up.sh start-member I   (re)start member I (1..N) after it was stopped
#   scripts/cluster/up.sh stop-member I    stop member I's daemon (its running instances stop too)
#
# Each member is a Debian `lxd` daemon with its own LXD_DIR under $BASE/mI, in its own network
# namespace (lxdc-mI, no default route: nothing leaves the machine) and its own private mount
# namespace. The namespaces hang off a host bridge (lxdcbr, 10.201.0.1/24); member I listens on
# 10.201.0.1I:8443. Result: $BASE/env (sourceable `export KEY='value'` lines).
#
# Environment: LXD_CONSOLE_STATE_ROOT (default /var/lib/lxd-console; BASE is <root>/cluster),
# LXD_UI_DIR (LXD_UI of every member, default build/ui), N (members, default 3).
set -euo pipefail
# shellcheck source=./common.sh
. "$(dirname "${BASH_SOURCE[0]}")/common.sh"

start_member() { # start_member I: the daemon in its namespaces, then waitready
  local i=$1 dir="$BASE/m$1" pid
  mkdir -p "$dir/lxd"
  chmod 0711 "$dir/lxd"
  # nsenter --net keeps the host's sysfs (LXD would see the host's interfaces) and `ip netns exec`
  # drops the cgroup mounts: remount sysfs in a private mount namespace and move cgroups back.
  (
    cd /
    export LXD_DIR="$dir/lxd" LXD_UI="$LXD_UI_DIR"
    export HTTPS_PROXY=http://127.0.0.1:9 HTTP_PROXY=http://127.0.0.1:9 NO_PROXY=127.0.0.1,localhost,::1,10.201.0.0/24
    export https_proxy="$HTTPS_PROXY" http_proxy="$HTTP_PROXY" no_proxy="$NO_PROXY"
    exec setsid nsenter --net="/run/netns/lxdc-m$i" -- unshare --mount --propagation private -- /bin/sh -c '
      O="$LXD_DIR/../oldsys"; mkdir -p "$O"
      mount --move /sys "$O" && mount -t sysfs sysfs /sys &&
        mount --move "$O/fs/cgroup" /sys/fs/cgroup && umount -l "$O" && rmdir "$O" || exit 97
      exec "$0" --group root --logfile "$LXD_DIR/../lxd.log"' "$LXD_BIN" </dev/null >>"$dir/lxd.out" 2>&1 9>&-
  ) &
  pid=$!
  echo "$pid" >"$dir/pid"
  if ! LXD_DIR="$dir/lxd" timeout 60 "$LXD_BIN" waitready --timeout=60 >/dev/null 2>&1; then
    die "member m$i did not become ready: $(tail -n 2 "$dir/lxd.out" "$dir/lxd.log" 2>/dev/null | grep -v '^\s*$' | tail -n 1)"
  fi
  # Every wrapper execs, so $! is the daemon itself.
  is_member_daemon "$i" "$pid" || die "member m$i: pid $pid is not its lxd daemon"
}

stop_member() { # stop_member I: clean shutdown (instances stop), then make sure the pid is gone
  local i=$1 pid
  pid=$(member_pid "$i")
  [ -n "$pid" ] || return 0
  LXD_DIR="$BASE/m$i/lxd" timeout 70 "$LXD_BIN" shutdown --timeout=60 >/dev/null 2>&1 || true
  wait_gone "$pid" 100 || kill_pid "$pid"
}

lxcm() { # lxcm I args...: lxc against member I over its unix socket
  local i=$1
  shift
  LXD_DIR="$BASE/m$i/lxd" LXD_CONF="$BASE/client" lxc "$@"
}

write_env() {
  local urls="" pids="" i
  for i in $(seq 1 "$N"); do
    urls="$urls${urls:+ }https://$NET.1$i:8443"
    pids="$pids${pids:+ }$(cat "$BASE/m$i/pid")"
  done
  {
    printf "export LXDC_URL='https://%s.11:8443'\n" "$NET"
    printf "export LXDC_URLS='%s'\n" "$urls"
    printf "export LXDC_MEMBERS='%s'\n" "$(seq -s ' ' -f 'm%g' 1 "$N")"
    printf "export LXDC_PIDS='%s'\n" "$pids"
    printf "export LXDC_CERT='%s'\n" "$BASE/certs/admin.crt"
    printf "export LXDC_KEY='%s'\n" "$BASE/certs/admin.key"
    printf "export LXDC_BASE='%s'\n" "$BASE"
    printf "export LXD_CONF='%s'\n" "$BASE/client"
  } >"$BASE/env.tmp"
  mv "$BASE/env.tmp" "$BASE/env"
}

up() {
  require_root
  ensure_packages
  [ -z "$(ls -A "$BASE" 2>/dev/null)" ] || "$CLUSTER_SCRIPTS/down.sh" >&2
  mkdir -p "$BASE/client" "$BASE/certs"
  printf 'default-remote: local\n' >"$BASE/client/config.yml"
  check_subnet_free

  ip link add "$BR" type bridge
  ip addr add "$NET.1/24" dev "$BR"
  ip link set "$BR" up
  local i
  for i in $(seq 1 "$N"); do
    ip netns add "lxdc-m$i"
    ip link add "lxdcv$i" type veth peer name eth0 netns "lxdc-m$i"
    ip link set "lxdcv$i" master "$BR" up
    ip -n "lxdc-m$i" link set lo up
    ip -n "lxdc-m$i" addr add "$NET.1$i/24" dev eth0
    ip -n "lxdc-m$i" link set eth0 up
  done
  for i in $(seq 1 "$N"); do start_member "$i"; done
  log "3 daemons ready ($(elapsed) s)"

  # Bootstrap m1. cluster.offline_threshold is refused before clustering is enabled.
  LXD_DIR="$BASE/m1/lxd" "$LXD_BIN" init --preseed >/dev/null <<EOF
config:
  core.https_address: "$NET.11:8443"
  images.auto_update_interval: "0"
cluster:
  server_name: m1
  enabled: true
storage_pools:
- name: local
  driver: dir
profiles:
- name: default
  devices:
    root: {path: /, pool: local, type: disk}
EOF
  lxcm 1 config set cluster.offline_threshold "$OFFLINE_THRESHOLD"
  local tok
  for i in $(seq 2 "$N"); do
    tok=$(lxcm 1 cluster add "m$i" | tail -n 1)
    LXD_DIR="$BASE/m$i/lxd" "$LXD_BIN" init --preseed >/dev/null <<EOF
cluster:
  enabled: true
  server_name: m$i
  server_address: "$NET.1$i:8443"
  cluster_token: "$tok"
  member_config:
  - {entity: storage-pool, name: local, key: source, value: ""}
EOF
  done
  log "cluster formed ($(elapsed) s)"

  openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:secp384r1 -sha384 -nodes -days 3650 \
    -subj /CN=lxdc-admin -keyout "$BASE/certs/admin.key" -out "$BASE/certs/admin.crt" >/dev/null 2>&1
  lxcm 1 config trust add "$BASE/certs/admin.crt" --name lxdc-admin >/dev/null

  # A cluster-wide bridge: each member's netns has its own lxdcnet (same subnet, own dnsmasq).
  for i in $(seq 1 "$N"); do lxcm 1 network create lxdcnet --target "m$i" >/dev/null; done
  lxcm 1 network create lxdcnet ipv4.address=10.202.0.1/24 ipv4.nat=false ipv6.address=none >/dev/null
  lxcm 1 profile device add default eth0 nic network=lxdcnet name=eth0 >/dev/null

  local image="$STATE_ROOT/cluster-busybox.tar.gz"
  [ -s "$image" ] || "$REPO_ROOT/scripts/lxd/busybox-image.sh" "$image"
  lxcm 1 image import -q "$image" --alias busybox >/dev/null
  lxcm 1 cluster group create gA >/dev/null
  lxcm 1 cluster group assign m2 default,gA >/dev/null
  write_env

  local out
  out=$(curl -sk --max-time 10 --cert "$BASE/certs/admin.crt" --key "$BASE/certs/admin.key" \
    "https://$NET.11:8443/1.0/cluster/members?recursion=1")
  [ "$(grep -o '"status":"Online"' <<<"$out" | wc -l)" = "$N" ] ||
    die "the cluster's members are not all online: $(cut -c1-200 <<<"$out")"
  log "cluster up at https://$NET.11:8443 with $N members ($(elapsed) s)"
}

case "${1:-up}" in
  up) up ;;
  start-member)
    require_root
    [[ "${2:-}" =~ ^[0-9]+$ ]] || die "usage: $0 start-member I"
    [ -z "$(member_pid "$2")" ] || die "member m$2 is already running"
    start_member "$2"
    write_env
    log "member m$2 started ($(elapsed) s)"
    ;;
  stop-member)
    require_root
    [[ "${2:-}" =~ ^[0-9]+$ ]] || die "usage: $0 stop-member I"
    stop_member "$2"
    log "member m$2 stopped ($(elapsed) s)"
    ;;
  *) die "usage: $0 [up | start-member I | stop-member I]" ;;
esac
