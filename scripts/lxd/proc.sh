# shellcheck shell=bash
# Process helpers shared by scripts/lxd/common.sh and scripts/cluster/common.sh (sourced).

pid_alive() { # true for a live, non-zombie process
  local st
  [ -n "${1:-}" ] && [ -r "/proc/$1/stat" ] || return 1
  st=$(sed -e 's/^.*) //' "/proc/$1/stat" 2>/dev/null | cut -d' ' -f1) || return 1
  [ -n "$st" ] && [ "$st" != Z ] && [ "$st" != X ]
}

wait_gone() { # wait_gone PID TENTHS_OF_A_SECOND
  local i=0
  while pid_alive "$1"; do
    [ "$i" -ge "$2" ] && return 1
    sleep 0.1
    i=$((i + 1))
  done
}

kill_pid() { # TERM, then KILL after a grace period; only for pids we identified ourselves
  local pid=$1 grace=${2:-50}
  pid_alive "$pid" || return 0
  kill -TERM "$pid" 2>/dev/null || true
  wait_gone "$pid" "$grace" && return 0
  kill -KILL "$pid" 2>/dev/null || true
  wait_gone "$pid" 50 || true
}
