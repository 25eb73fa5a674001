#!/usr/bin/env bash
# Build a small, deterministic LXD container image (unified tarball) from Debian's busybox-static.
#
#   scripts/lxd/busybox-image.sh <outfile.tar.gz>
#
# The same busybox binary always gives the same bytes, so the image fingerprint (sha256 of the
# tarball) is stable. Containers boot busybox init, which runs udhcpc in the background on eth0;
# the DHCP hook only adds the address and never installs a default route, so a container cannot
# reach anything beyond the bridge.
set -euo pipefail

out="${1:-}"
[ -n "$out" ] || {
  echo "usage: $0 <outfile.tar.gz>" >&2
  exit 2
}
BUSYBOX="${BUSYBOX:-/bin/busybox}"
if [ ! -x "$BUSYBOX" ] || ! "$BUSYBOX" --list-full >/dev/null 2>&1; then
  echo "busybox-image: error: $BUSYBOX is not a usable static busybox (apt-get install busybox-static)" >&2
  exit 1
fi
if command -v file >/dev/null 2>&1 && ! file -L "$BUSYBOX" | grep -q 'statically linked'; then
  echo "busybox-image: error: $BUSYBOX is not statically linked (install busybox-static)" >&2
  exit 1
fi

umask 022
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
root="$work/rootfs"

mkdir -p "$root"/{bin,sbin,usr/bin,usr/sbin,etc/init.d,dev,proc,sys,run,mnt,var/log,home,usr/share/udhcpc}
install -d -m 0700 "$root/root"
install -d -m 1777 "$root/tmp"
install -m 0755 "$BUSYBOX" "$root/bin/busybox"

# One symlink per applet at its usual place (bin/ls, sbin/init, usr/bin/awk, ...).
while IFS= read -r applet; do
  [ -n "$applet" ] && [ "$applet" != bin/busybox ] || continue
  case "$applet" in */*) [ -d "$root/${applet%/*}" ] || mkdir -p "$root/${applet%/*}" ;; esac
  [ -e "$root/$applet" ] || ln -s /bin/busybox "$root/$applet"
done < <("$BUSYBOX" --list-full | LC_ALL=C sort)
[ -L "$root/sbin/init" ] || ln -s /bin/busybox "$root/sbin/init"

printf '%s\n' 'root:x:0:0:root:/root:/bin/sh' 'nobody:x:65534:65534:nobody:/nonexistent:/bin/false' \
  >"$root/etc/passwd"
printf '%s\n' 'root:x:0:' 'nogroup:x:65534:' >"$root/etc/group"
printf '%s\n' 'root::19000:0:99999:7:::' >"$root/etc/shadow"
chmod 0600 "$root/etc/shadow"
printf '%s\n' '/bin/sh' >"$root/etc/shells"

cat >"$root/etc/inittab" <<'EOF'
::sysinit:/etc/init.d/rcS
::askfirst:-/bin/sh
::shutdown:/bin/umount -a -r
EOF

cat >"$root/etc/init.d/rcS" <<'EOF'
#!/bin/sh
# Boot script of the lxd-console test image.
export PATH=/sbin:/bin:/usr/sbin:/usr/bin
mkdir -p /run /tmp
ip link set lo up
if ip link show eth0 >/dev/null 2>&1; then
  ip link set eth0 up
  udhcpc -b -i eth0 -x "hostname:$(hostname)" -s /usr/share/udhcpc/default.script
fi
EOF
chmod 0755 "$root/etc/init.d/rcS"

cat >"$root/usr/share/udhcpc/default.script" <<'EOF'
#!/bin/sh
# udhcpc hook: set the leased address only. No default route, no resolv.conf.
case "$1" in
  deconfig)
    ip -4 addr flush dev "$interface"
    ip link set "$interface" up
    ;;
  bound | renew)
    if ! ip -4 addr show dev "$interface" | grep -q " $ip/${mask:-24} "; then
      ip -4 addr flush dev "$interface"
      ip addr add "$ip/${mask:-24}" dev "$interface"
    fi
    ;;
esac
exit 0
EOF
chmod 0755 "$root/usr/share/udhcpc/default.script"

arch=$(uname -m)
version=$("$BUSYBOX" 2>&1 | sed -n '1s/^BusyBox v\([^ ]*\).*/\1/p')
cat >"$work/metadata.yaml" <<EOF
architecture: $arch
creation_date: 1700000000
properties:
  architecture: $arch
  description: BusyBox ${version:-unknown} (lxd-console test image)
  os: busybox
  release: "${version:-unknown}"
templates: {}
EOF

mkdir -p "$(dirname "$out")"
tar --sort=name --mtime=@1700000000 --owner=0 --group=0 --numeric-owner --format=gnu \
  -C "$work" -cf - metadata.yaml rootfs | gzip -n >"$out.tmp.$$"
mv -f "$out.tmp.$$" "$out"
